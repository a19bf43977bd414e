import Foundation
import Testing

/// The repository says under which licence it may be used: the Apache License 2.0 in LICENSE, and
/// an SPDX line in Package.swift and in the README naming it, so a tool that reads SPDX and a
/// person who reads the README find the same answer.
@Suite struct LicenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of the repository's file at `path`.
    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func licenceFileIsTheApacheLicence() throws {
        let licence = try text("LICENSE")
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"), "the whole licence, not its name")
    }

    @Test func packageManifestCarriesTheSPDXLine() throws {
        let lines = try text("Package.swift").components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("// swift-tools-version:") == true, "the tools version stays the first line")
        #expect(lines.prefix(5).contains("// SPDX-License-Identifier: Apache-2.0"), "\(lines.prefix(5))")
    }

    @Test func readmeNamesTheLicence() throws {
        let readme = try text("README.md")
        #expect(readme.contains("SPDX-License-Identifier: Apache-2.0"))
        #expect(readme.contains("## Licence"))
    }
}
