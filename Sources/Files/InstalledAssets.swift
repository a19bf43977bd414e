import Foundation

/// Where Limelight's own assets are (`images`, `tours`, `strings`) for a process run from an
/// install, a build or a package checkout, found from the executable's place and the package's
/// own: what `limelight` and a team's binary built on Limelight read without any variable set.
public enum InstalledAssets {
    /// The folders that may hold the asset folder `name`, in the order they are looked at:
    /// `$LIMELIGHT_ASSETS/NAME` (when the variable is set and not empty), `../share/limelight/NAME`
    /// beside the executable (where `make install` puts them), `assets/NAME` in each folder above
    /// the executable (the nearest first, eight at most), and `assets/NAME` of the package this
    /// module was built from (its checkout, wherever the executable went).
    public static func candidates(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var out: [String] = []
        if let chosen = environment["LIMELIGHT_ASSETS"], !chosen.isEmpty { out.append((chosen as NSString).appendingPathComponent(name)) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        out.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/limelight").appendingPathComponent(name).path)
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<8 {
            out.append(folder.appendingPathComponent("assets").appendingPathComponent(name).path)
            let up = folder.deletingLastPathComponent()
            if up.path == folder.path { break }
            folder = up
        }
        out.append(package.appendingPathComponent("assets").appendingPathComponent(name).path)
        return out
    }

    /// The asset folder `name`: `$LIMELIGHT_ASSETS/NAME` when the variable is set (there or not:
    /// what it names is what is asked for), else the first of the other `candidates` that exists;
    /// nil when none does.
    public static func folder(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let all = candidates(name, environment: environment)
        if let chosen = environment["LIMELIGHT_ASSETS"], !chosen.isEmpty { return all.first }
        return all.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The package's folder: three levels above this source file (`Sources/Files/…`).
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
