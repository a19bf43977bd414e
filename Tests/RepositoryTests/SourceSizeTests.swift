import Foundation
import Testing

/// Files hold one idea: no Swift source of the package is over 400 lines, no type is over 500 lines
/// of code with its extensions, and the tour format's folder (its model and rows) stays a size one
/// reads through.
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

    @Test func theTourFormatsFolderStaysUnder1500Lines() {
        let lines = Self.lineCounts(under: Self.sources.appendingPathComponent("Tours/Format")).map(\.lines).reduce(0, +)
        #expect(lines > 500 && lines <= 1_500, "Sources/Tours/Format: \(lines) lines (at most 1,500: rows of another concern go to their own folder)")
    }

    /// The lines of code (not blank, not a comment) of every top-level type of each module, its
    /// extensions in any file of the module counted with it.
    static func typeSizes() -> [String: Int] {
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*(?:struct|class|enum|extension|actor|protocol)\s+([\w.]+)/
        var sizes: [String: Int] = [:]
        for (path, _) in lineCounts(under: sources) {
            guard let text = try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8) else { continue }
            let module = path.split(separator: "/").first.map(String.init) ?? path
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var i = 0
            while i < lines.count {
                guard let match = lines[i].prefixMatch(of: declaration) else { i += 1; continue }
                let name = match.1.split(separator: ".").first.map(String.init) ?? ""
                var end = i
                while end < lines.count && lines[end] != "}" { end += 1 }
                let code = lines[i..<min(end + 1, lines.count)].filter { line in
                    let t = line.trimmingCharacters(in: .whitespaces)
                    return !t.isEmpty && !t.hasPrefix("//")
                }
                sizes["\(module).\(name)", default: 0] += code.count
                i = end + 1
            }
        }
        return sizes
    }

    @Test func noTypeIsOver500LinesWithItsExtensions() {
        let sizes = Self.typeSizes()
        #expect((sizes["Views.ViewRoot"] ?? 0) > 200 && (sizes["Editor.EditorApp"] ?? 0) > 200, "the types were read: \(sizes.count)")
        for (type, lines) in sizes.sorted(by: { $0.key < $1.key }) where lines > 500 {
            Issue.record("\(type): \(lines) lines of code with its extensions (at most 500: give a part of what it does a type of its own)")
        }
    }
}
