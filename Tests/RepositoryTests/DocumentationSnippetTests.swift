import Foundation
import Testing

/// Every Swift block of the README and docs/EMBEDDING.md compiles against Limelight's products as
/// an app's package builds it: the blocks are written into one package, a file each, that depends
/// on Limelight and on examples/Settings by path and uses only their library products, and
/// `swift build` builds it. An error names the Markdown file and line (`#sourceLocation`).
///
/// A block is a fenced ```swift block. The HTML comment on the line before it (invisible on the
/// rendered page) says how it is compiled, in parts separated by `;`:
/// - `<!-- snippet: statements -->`, the default when there is no comment: code as in a function's
///   body, wrapped in a throwing `@MainActor` function;
/// - `<!-- snippet: declarations -->`: a file's top level, as written (types, functions, globals);
/// - `<!-- snippet: members -->`: members of a type, wrapped in one;
/// - `<!-- snippet: fragment: WHY -->`: deliberately a part of something that does not compile
///   alone (a part of Package.swift), saying why; it is not compiled;
/// - `imports A B`: modules the block uses without showing their imports.
/// A block's own `import` lines go to the top of its file.
///
/// The package lives in `.build/doc-snippets`, a folder of this suite's own, and its files are
/// written only when they change, so a second run compiles only the blocks; the first builds
/// Limelight's products once more there (minutes on two cores).
@Suite struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The documents whose Swift blocks must compile, relative to the repository.
    static let documents = ["README.md", "docs/EMBEDDING.md"]
    /// The modules of the toolchain a block may import besides the products.
    static let system: Set<String> = ["Foundation", "Testing", "Dispatch", "Glibc"]
    /// The example app's library product, and its package's folder.
    static let exampleProduct = "SettingsApp"
    static let examplePackage = "examples/Settings"
    /// What the package's manifest imports (spelt apart, so the line in this file's text is not
    /// read as an import of the suite's by ImportDirectionTests).
    static let manifestModule = "PackageDescription"

    /// How a block is compiled.
    enum Kind: Equatable {
        case statements, declarations, members
        case fragment(reason: String)
    }

    /// One fenced Swift block of a document.
    struct Snippet: Equatable {
        /// The document, relative to the repository.
        var document: String
        /// The document's line of the block's first line of code.
        var line: Int
        var kind: Kind
        /// Modules its marker names.
        var imports: [String]
        /// Its lines, as written.
        var code: [String]

        /// The modules its own `import` lines name.
        var ownImports: [String] { code.compactMap(DocumentationSnippetTests.importedModule) }
    }

    /// The module `line` imports when it is an `import` line (a comment after it allowed).
    static func importedModule(_ line: String) -> String? {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        let words = code.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard words.count == 2, words[0] == "import" else { return nil }
        return String(words[1])
    }

    /// The Swift blocks of `text` (the document `document`), or the problems with its markers.
    static func snippets(in text: String, document: String) -> (snippets: [Snippet], problems: [String]) {
        let lines = text.components(separatedBy: "\n")
        var snippets: [Snippet] = [], problems: [String] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i].trimmingCharacters(in: .whitespaces)
            let marker = markerText(lines[i])
            if let marker {
                let next = i + 1 < lines.count ? lines[i + 1].trimmingCharacters(in: .whitespaces) : ""
                if next != "```swift" { problems.append("\(document):\(i + 1): a snippet marker (\(marker)) not right above a ```swift block") }
            }
            guard fence.hasPrefix("```") else { i += 1; continue }
            var end = i + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            if fence == "```swift" {
                var kind = Kind.statements, imports: [String] = []
                if i > 0, let marker = markerText(lines[i - 1]) {
                    let parts = marker.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                    for (n, part) in parts.enumerated() {
                        if part == "statements" && n == 0 { kind = .statements }
                        else if part == "declarations" && n == 0 { kind = .declarations }
                        else if part == "members" && n == 0 { kind = .members }
                        else if part.hasPrefix("fragment:") && n == 0 {
                            let reason = part.dropFirst("fragment:".count).trimmingCharacters(in: .whitespaces)
                            if reason.isEmpty { problems.append("\(document):\(i): a fragment says why it does not compile alone") }
                            kind = .fragment(reason: reason)
                        } else if part.hasPrefix("imports ") {
                            imports += part.dropFirst("imports ".count).split(separator: " ").map(String.init)
                        } else {
                            problems.append("\(document):\(i): unknown snippet marker part \"\(part)\" (statements, declarations, members, fragment: WHY; imports A B)")
                        }
                    }
                }
                snippets.append(Snippet(document: document, line: i + 2, kind: kind, imports: imports, code: Array(lines[(i + 1)..<min(end, lines.count)])))
            }
            i = end + 1
        }
        return (snippets, problems)
    }

    /// What a `<!-- snippet: … -->` line says, or nil for any other line.
    static func markerText(_ line: String) -> String? {
        let s = line.trimmingCharacters(in: .whitespaces)
        guard s.hasPrefix("<!-- snippet:"), s.hasSuffix("-->") else { return nil }
        return s.dropFirst("<!-- snippet:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    /// The Swift file compiled for `snippet`, the `index`th of its document: imports first, then its
    /// code (import lines left blank, so lines keep their places) wrapped as its kind says.
    static func source(of snippet: Snippet, index: Int) -> String {
        let name = "snippet_" + snippet.document.map { $0.isLetter || $0.isNumber ? $0 : "_" } + "_\(index)"
        var imports: [String] = []
        for module in snippet.imports + snippet.ownImports where !imports.contains(module) { imports.append(module) }
        let body = snippet.code.map { importedModule($0) == nil ? $0 : "" }
        var out = ["// \(snippet.document):\(snippet.line), written by DocumentationSnippetTests on every run."]
        out += imports.map { "import \($0)" }
        out.append("")
        switch snippet.kind {
        case .statements: out.append("@MainActor func \(name)() throws {")
        case .members: out.append("@MainActor enum \(name) {")
        case .declarations, .fragment: break
        }
        out.append("#sourceLocation(file: \"\(snippet.document)\", line: \(snippet.line))")
        out += body
        out.append("#sourceLocation()")
        if snippet.kind == .statements || snippet.kind == .members { out.append("}") }
        return out.joined(separator: "\n") + "\n"
    }

    /// Limelight's library products, as Package.swift declares them.
    static func libraryProducts() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.library\(name:\s*"([^"]+)""#)
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// Every document's blocks, with the problems of their markers recorded.
    static func allSnippets() throws -> [Snippet] {
        var all: [Snippet] = []
        for document in documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let (found, problems) = snippets(in: text, document: document)
            for problem in problems { Issue.record("\(problem)") }
            all += found
        }
        return all
    }

    /// Writes `text` to `url` unless it holds it already (so the build sees no change).
    static func write(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func theMarkersSayHowEachBlockIsCompiled() {
        let text = """
        Some prose.

        ```swift
        let a = 1
        ```

        <!-- snippet: fragment: a part of Package.swift -->
        ```swift
        dependencies: [],
        ```
        ```sh
        swift build
        ```
        <!-- snippet: members; imports Tours Views -->
        ```swift
        import Raster  // its own
        static let size = Size(1, 2)
        ```
        <!-- snippet: declarations -->
        Not a block.
        """
        let (found, problems) = Self.snippets(in: text, document: "d.md")
        #expect(found.map(\.kind) == [.statements, .fragment(reason: "a part of Package.swift"), .members])
        #expect(found.map(\.line) == [4, 9, 16])
        #expect(found[2].imports == ["Tours", "Views"] && found[2].ownImports == ["Raster"])
        #expect(problems == ["d.md:19: a snippet marker (declarations) not right above a ```swift block"])
        let source = Self.source(of: found[2], index: 2)
        #expect(source.contains("import Tours\nimport Views\nimport Raster\n"))
        #expect(source.contains("@MainActor enum snippet_d_md_2 {\n#sourceLocation(file: \"d.md\", line: 16)\n\nstatic let size = Size(1, 2)\n#sourceLocation()\n}"))
    }

    /// A block of Swift indented as code instead of fenced would be compiled by nothing: every
    /// indented block of the documents is checked for Swift's look.
    @Test func noSwiftIsIndentedOutsideAFence() throws {
        let swiftLook = try NSRegularExpression(pattern: #"^\s*(import [A-Z]\w*\s*$|(let|var) \w+(: [^=]+)? = |try |func \w+\(|@MainActor|#expect\()"#)
        for document in Self.documents {
            let lines = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8).components(separatedBy: "\n")
            var inFence = false
            for (i, line) in lines.enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
                guard !inFence, line.hasPrefix("    ") else { continue }
                if swiftLook.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    Issue.record("\(document):\(i + 1): Swift indented as code; fence it as ```swift so it is compiled: \(line)")
                }
            }
        }
    }

    @Test func everySwiftBlockCompilesAgainstTheProducts() throws {
        let snippets = try Self.allSnippets()
        #expect(snippets.count >= 6, "the documents' blocks were found: \(snippets.count)")
        let products = try Self.libraryProducts()
        #expect(products.contains("SDLHost") && products.contains("Headless"), "Package.swift's products were read")
        var used: Set<String> = []
        for snippet in snippets {
            if case .fragment = snippet.kind { continue }
            for module in snippet.imports + snippet.ownImports where !Self.system.contains(module) {
                if products.contains(module) || module == Self.exampleProduct { used.insert(module) } else {
                    Issue.record("\(snippet.document):\(snippet.line): imports \(module), which is not a library product of Limelight")
                }
            }
        }
        let package = Self.root.appendingPathComponent(".build/doc-snippets")
        let sources = package.appendingPathComponent("Sources/Snippets")
        let limelight = used.subtracting([Self.exampleProduct]).sorted().map { ".product(name: \"\($0)\", package: \"Limelight\")" }
        let example = used.contains(Self.exampleProduct) ? [".product(name: \"\(Self.exampleProduct)\", package: \"Settings\")"] : []
        try Self.write("""
        // swift-tools-version:6.0
        // Written by DocumentationSnippetTests: the Swift blocks of Limelight's documents, a file each,
        // built on Limelight's library products as an app's package is.
        import \(Self.manifestModule)

        let package = Package(
            name: "DocumentationSnippets",
            dependencies: [
                .package(name: "Limelight", path: "\(Self.root.path)"),
                .package(name: "Settings", path: "\(Self.root.appendingPathComponent(Self.examplePackage).path)"),
            ],
            targets: [
                .target(name: "Snippets", dependencies: [
                    \((limelight + example).joined(separator: ",\n            "))
                ], path: "Sources/Snippets"),
            ]
        )

        """, to: package.appendingPathComponent("Package.swift"))
        var written: Set<String> = []
        var counts: [String: Int] = [:]
        for snippet in snippets {
            if case .fragment = snippet.kind { continue }
            let index = counts[snippet.document, default: 0] + 1
            counts[snippet.document] = index
            let name = snippet.document.replacingOccurrences(of: "/", with: "-") + "-\(index).swift"
            written.insert(name)
            try Self.write(Self.source(of: snippet, index: index), to: sources.appendingPathComponent(name))
        }
        // Blocks that are gone leave no file behind.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] where !written.contains(name) {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(name))
        }

        // SwiftPM does not notice a file added to or removed from a path dependency's targets (it
        // builds the old list, or stops at a missing input), so the build plan is made again on
        // every run: a second, the compiled modules kept.
        try? FileManager.default.removeItem(at: package.appendingPathComponent(".build/debug.yaml"))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--package-path", package.path]
        let output = Pipe()
        build.standardOutput = output
        build.standardError = output
        try build.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        // Each error once (the compiler repeats them, with drawings of the line under them).
        var errors: [String] = []
        for line in text.components(separatedBy: "\n") where line.contains("error:") && !line.contains("|") && !errors.contains(line) {
            errors.append(line)
        }
        for error in errors.prefix(30) { Issue.record("\(error)") }
        #expect(build.terminationStatus == 0, "swift build of the documents' blocks (\(package.path)) failed:\n\(errors.isEmpty ? String(text.suffix(3000)) : "")")
    }
}
