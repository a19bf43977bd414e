import Foundation
import Testing

/// The module graph of docs/ARCHITECTURE.md is the one the sources have: every module imports only
/// what its row there names, Package.swift declares exactly what each target imports, and the rows
/// point one way (no cycle). A new import against the documented direction fails here, naming the
/// file and the module.
@Suite struct ImportDirectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Modules of the toolchain and the system, imported anywhere.
    static let system: Set<String> = ["Foundation", "FoundationXML", "Glibc", "Darwin", "Testing", "XCTest", "Dispatch"]

    /// The rows between `<!-- imports -->` and `<!-- end imports -->`: module → modules it may import.
    static func documentedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- imports -->"), "ARCHITECTURE.md has its imports rows")
        let end = try #require(text.range(of: "<!-- end imports -->"), "ARCHITECTURE.md ends its imports rows")
        var rows: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            rows[parts[0].trimmingCharacters(in: .whitespaces)] = Set(parts[1].split(separator: " ").map(String.init))
        }
        return rows
    }

    /// The modules a source file imports, in every form Swift takes: `import X`, `@testable import
    /// X`, `@_exported import X`, an access level before it (`public`, `package`, `internal`,
    /// `fileprivate`, `private`), a kind of declaration (`import struct X.Rect`) and a submodule
    /// (`import X.Y`: the module X), indented inside an `#if` or not.
    static func imports(in text: String) -> Set<String> {
        var out: Set<String> = []
        let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
            guard words.first == "import" else { continue }
            words.removeFirst()
            if let kind = words.first, kinds.contains(kind) { words.removeFirst() }
            // `import X` alone on its line (a line of a script inside a string is not Swift's).
            guard words.count == 1, let module = words[0].split(separator: ".").first,
                  module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            out.insert(String(module))
        }
        return out.subtracting(system)
    }

    @Test func everyFormOfImportIsRead() {
        // Joined from pieces, so this file's own lines hold no import of them.
        let text = ["import Views", "@testable import Tours", "@_exported import CSDL2", "  private import Files",
                    "package import struct Raster.Rect", "import Overlays.Overlay", "#if canImport(Glibc)",
                    "    import Glibc", "#endif", "let script = \"import nothing here\""].joined(separator: "\n")
        #expect(Self.imports(in: text) == ["Views", "Tours", "CSDL2", "Files", "Raster", "Overlays"])
    }

    /// Each Swift file under `folder` with what it imports.
    static func importsByFile(under folder: URL) -> [(String, Set<String>)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, Set<String>)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            if let text = try? String(contentsOf: url, encoding: .utf8) { out.append((url.path, imports(in: text))) }
        }
        return out
    }

    /// Package.swift's targets (libraries, executables and tests) with their declared dependencies.
    static func declaredDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\(name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var out: [String: Set<String>] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let list = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            out[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty })
        }
        return out
    }

    @Test func everySourceImportsOnlyWhatItsModulesRowNames() throws {
        let rows = try Self.documentedImports()
        #expect(rows.count > 10, "the imports rows were read")
        for (module, allowed) in rows {
            let folder = Self.root.appendingPathComponent("Sources/" + module)
            #expect(FileManager.default.fileExists(atPath: folder.path), "ARCHITECTURE.md names \(module), which has no Sources folder")
            for (file, imported) in Self.importsByFile(under: folder) {
                for name in imported.subtracting(allowed).subtracting([module]).sorted() {
                    Issue.record("\(file): imports \(name), which docs/ARCHITECTURE.md does not allow \(module)")
                }
            }
        }
    }

    @Test func everySwiftModuleHasARow() throws {
        let rows = try Self.documentedImports()
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        for folder in folders.sorted() where folder != "Shims" && !folder.hasPrefix(".") && PackageTargets.hasSwiftFiles(Self.root.appendingPathComponent("Sources/" + folder)) {
            #expect(rows[folder] != nil, "Sources/\(folder) has no imports row in docs/ARCHITECTURE.md")
        }
    }

    @Test func packageDeclaresExactlyWhatEachTargetImports() throws {
        let declared = try Self.declaredDependencies()
        #expect(declared.count > 20, "Package.swift's targets were read")
        for (target, dependencies) in declared {
            let folder: URL
            if target == "TestSupport" { folder = Self.root.appendingPathComponent("Tests/TestSupport") }
            else if FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/" + target).path) {
                folder = Self.root.appendingPathComponent("Sources/" + target)
            } else { folder = Self.root.appendingPathComponent("Tests/" + target) }
            let imported = Self.importsByFile(under: folder).reduce(into: Set<String>()) { $0.formUnion($1.1) }
            // A test target may depend on an executable to have it built (CLITests runs `limelight`).
            let executables = Set(declared.keys.filter { $0.hasPrefix("limelight") })
            let unused = dependencies.subtracting(imported).subtracting(executables)
            let undeclared = imported.subtracting(dependencies).subtracting([target])
            #expect(unused.isEmpty, "Package.swift: \(target) declares \(unused.sorted()) and imports none of them")
            #expect(undeclared.isEmpty, "Package.swift: \(target) imports \(undeclared.sorted()) without declaring them")
        }
    }

    @Test func theRowsPointOneWay() throws {
        let rows = try Self.documentedImports()
        var finished: Set<String> = [], onPath: [String] = []
        func visit(_ module: String) {
            if finished.contains(module) { return }
            if let at = onPath.firstIndex(of: module) {
                Issue.record("docs/ARCHITECTURE.md: the imports make a cycle: \((onPath[at...] + [module]).joined(separator: " → "))")
                return
            }
            onPath.append(module)
            for next in (rows[module] ?? []).sorted() { visit(next) }
            onPath.removeLast()
            finished.insert(module)
        }
        for module in rows.keys.sorted() { visit(module) }
    }
}
