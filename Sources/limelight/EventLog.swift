import Foundation

/// `--events FILE`: tour events appended to a file (or stderr for `-`) one line each, as they happen.
enum EventLog {
    /// A writer of lines to `path`, made (or appended to) now so a bad path fails before the window opens.
    static func open(_ path: String, command: String) throws(CLIError) -> (String) -> Void {
        if path == "-" { return { FileHandle.standardError.write(Data(($0 + "\n").utf8)) } }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw .usage("\(command): --events \(path): is a folder (expected a file path, or - for stderr)")
        }
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw .failure("\(command): --events \(path): cannot create the file (does its folder exist and is it writable?)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw .failure("\(command): --events \(path): cannot write the file")
        }
        _ = try? handle.seekToEnd()
        return { line in try? handle.write(contentsOf: Data((line + "\n").utf8)) }
    }
}
