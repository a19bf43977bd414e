import Foundation
import Testing

/// Files hold one idea: no Swift source of the package is over 400 lines, and the tour format's
/// folder (its model and rows) stays a size one reads through.
@Suite struct SourceSizeTests {
    static let sources = PackageTargets.root.appendingPathComponent("Sources")

    /// Every Swift file under `folder`, with its count of lines.
    static func lineCounts(under folder: URL) -> [(path: String, lines: Int)] {
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return files.sorted().compactMap { file in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { return nil }
            return (file, text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0))
        }
    }

    /// Files allowed past 400 lines, and why (measured, and said in the file).
    static let exceptions: [String: String] = [
        "Raster/DimBlend.swift": "the dim's row kernels and the region walk that calls them: in two files the optimizer stopped inlining the kernels' lane conversions, and the portable dim took 7 times as long",
    ]

    @Test func noSourceFileIsOver400Lines() {
        let counts = Self.lineCounts(under: Self.sources)
        #expect(counts.count > 300, "the sources were read (\(counts.count))")
        for (path, lines) in counts where lines > 400 && Self.exceptions[path] == nil {
            Issue.record("Sources/\(path): \(lines) lines (at most 400: split it where its ideas part)")
        }
        for (path, _) in Self.exceptions {
            #expect(counts.contains { $0.path == path && $0.lines > 400 }, "\(path) is back under 400 lines: take it off the exceptions")
        }
    }
}
