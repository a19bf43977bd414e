import Foundation
import Schema
import ScreensApp
import Tours

/// The repository's root.
let repositoryFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The example app written only as a screens file.
let playerFile = repositoryFolder.appendingPathComponent("examples/Player/player.json").path

/// A screens file of `json` loaded from a fresh folder (images beside it as `images` gives them);
/// its problems, one line each, when it does not load.
@MainActor
func load(_ json: String, images: [String: [UInt8]] = [:]) -> Result<ScreensFile, LoadError> {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limelight-screens-" + UUID().uuidString).path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, bytes) in images { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes)) }
    let path = folder + "/app.json"
    _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
    do { return .success(try ScreensLoader.load(path: path)) } catch { return .failure(error) }
}

/// The problems of `json`, as `file:line: path: message` lines with the file's name cut to `app.json`.
@MainActor
func problems(_ json: String, images: [String: [UInt8]] = [:]) -> [String] {
    switch load(json, images: images) {
    case .success: return []
    case .failure(let error):
        return error.diagnostics.map { d in
            var line = d.description
            if let r = line.range(of: "app.json") { line = "app.json" + line[r.upperBound...] }
            return line
        }
    }
}

/// A screens file with one screen showing `content` (a view's JSON), and `extra` top-level keys.
func app(_ content: String, extra: String = "") -> String {
    """
    {
      "id": "t",\(extra.isEmpty ? "" : "\n  " + extra + ",")
      "screens": {
        "home": {
          "content": \(content)
        }
      }
    }
    """
}
