import Foundation

/// The package's Swift modules as Package.swift declares them, so the repository checks cover
/// every module there is, one added tomorrow included, not a list kept by hand.
enum PackageTargets {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each `.target` and `.executableTarget` of Package.swift with its kind, in order; C targets
    /// (a folder with no Swift file) and the tests' own support module are left out.
    static let swiftModules: [(name: String, isExecutable: Bool)] = {
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return manifest.matches(of: /\.(target|executableTarget)\(name: "([^"]+)"/).compactMap { m in
            let name = String(m.2)
            guard name != "TestSupport", hasSwiftFiles(root.appendingPathComponent("Sources/" + name)) else { return nil }
            return (name, m.1 == "executableTarget")
        }
    }()

    /// The modules other code imports (every Swift module but the executables).
    static var libraries: [String] { swiftModules.filter { !$0.isExecutable }.map(\.name) }

    /// Whether `folder` holds a Swift file, at any depth.
    static func hasSwiftFiles(_ folder: URL) -> Bool {
        FileManager.default.enumerator(atPath: folder.path)?.contains { ($0 as? String)?.hasSuffix(".swift") == true } ?? false
    }
}
