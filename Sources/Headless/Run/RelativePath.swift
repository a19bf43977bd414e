import Foundation

/// Paths written relative to a folder, so reports resolve wherever their folder is moved or
/// uploaded: `RelativePath.from("out", to: "out/home/a.png")` is `home/a.png`, and
/// `from("out", to: "tours/home.goldens/a.png")` is `../tours/home.goldens/a.png`.
public enum RelativePath {
    /// `path` relative to `folder`, both taken from the current folder when relative.
    public static func from(_ folder: String, to path: String) -> String {
        func parts(_ p: String) -> [String] {
            let absolute = p.hasPrefix("/") ? p : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(p)
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let base = parts(folder), target = parts(path)
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let up = [String](repeating: "..", count: base.count - common)
        let result = (up + target[common...]).joined(separator: "/")
        return result.isEmpty ? "." : result
    }
}
