import Files
import Foundation
import Headless
import Raster
import Tours
import Views

/// The size, scale, language and motion shared by every command, checked before any work starts:
/// the app's own unless the flags say otherwise.
@MainActor
struct ScreenSettings {
    var size: Size
    var scale: Double
    /// A language tag the app speaks.
    var language: String
    /// `--reduce-motion`: fades become short cross-fades, morphs jump, nothing zooms or spins.
    var reducesMotion = false
    /// Whether `--size` was given (a screenshot tour's screen refuses another size).
    var sizeIsGiven = false
    /// Whether `--scale` was given (else a screenshot tour renders at its screenshot's own scale).
    var scaleIsGiven = false

    static let valued: Set<String> = ["--size", "--scale", "--lang"]
    static let switches: Set<String> = ["--reduce-motion"]

    init(_ args: Arguments, app: CLIApp) throws(CLIError) {
        let c = args.command
        let definition = app.definition
        size = definition.defaultScreen
        scale = definition.defaultScale
        language = definition.languages[0]
        reducesMotion = args.has("--reduce-motion")
        if let s = args.value("--size") { size = try ScreenSettings.parseSize(s, command: c); sizeIsGiven = true }
        if let s = args.value("--scale") {
            guard let v = Double(s), v.isFinite, v > 0, v <= 8 else {
                throw .usage("\(c): --scale expects a number above 0 and at most 8 (got \"\(Arguments.printable(s))\")")
            }
            scale = v
            scaleIsGiven = true
        }
        if let s = args.value("--lang") {
            guard let tag = definition.language(named: s) else {
                throw .usage("\(c): --lang expects \(app.languagesSpelledOut), or a pseudo-locale en-XA or ar-XB (got \"\(Arguments.printable(s))\")")
            }
            language = tag
        }
        do { try ViewRoot.validate(size: size, scale: scale) } catch {
            throw .usage("\(c): --size \(size.width.compact)x\(size.height.compact) at --scale \(scale.compact): \(error)")
        }
    }

    /// The screen a tour runs on: the one its `screen` says (a screenshot's), at the given scale or
    /// else the screenshot's own; the settings' otherwise. A `--size` other than a tour's screen is
    /// refused: its rectangles are measured on that screen.
    func screen(for loaded: LoadedTour, command: String) throws(CLIError) -> (size: Size, scale: Double) {
        guard let screen = loaded.screen else { return (size, scale) }
        if sizeIsGiven, size != screen.size {
            throw .usage("\(command): --size \(size.width.compact)x\(size.height.compact): \(loaded.file) runs on its screenshot's screen, \(screen.size.width.compact)x\(screen.size.height.compact) points (its \"screen\"), where its rectangles are measured; leave --size out")
        }
        return (screen.size, scaleIsGiven ? scale : screen.scale)
    }

    /// Parses "WxH" (whole or decimal points, each at least 1).
    static func parseSize(_ s: String, command: String) throws(CLIError) -> Size {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw .usage("\(command): --size expects WxH in points, e.g. 390x844 (got \"\(Arguments.printable(s))\")")
        }
        guard w >= 1, h >= 1 else {
            throw .usage("\(command): --size \(Arguments.printable(s)): width and height must be at least 1 point")
        }
        return Size(w, h)
    }
}

/// Parses a whole number option in `range`.
func parseInt(_ s: String, option: String, command: String, range: ClosedRange<Int>) throws(CLIError) -> Int {
    guard let v = Int(s), range.contains(v) else {
        throw .usage("\(command): \(option) expects a whole number from \(range.lowerBound) to \(range.upperBound) (got \"\(Arguments.printable(s))\")")
    }
    return v
}

/// Parses milliseconds, from 0 up to `maximum` (an hour unless said).
func parseMilliseconds(_ s: String, option: String, command: String, maximum: Double = 3_600_000) throws(CLIError) -> Double {
    guard let v = Double(s), v.isFinite, v >= 0, v <= maximum else {
        throw .usage("\(command): \(option) expects milliseconds from 0 to \(maximum.compact) (got \"\(Arguments.printable(s))\")")
    }
    return v
}

/// Makes sure a file (a PNG unless `kind` says otherwise) can be written at `path` before any work:
/// it is not a folder, and its folder is made (with its missing parents) and may be written into;
/// or it is a device such as /dev/null, a pipe or a descriptor of this process, written in place
/// (a socket or a block device is refused). One line says what stops it; `exitCode` is the
/// command's for a file it cannot write (`test`'s is 3).
func checkOutputFile(_ path: String, command: String, option: String = "--out", kind: String = "a PNG file path",
                     exitCode: Int32 = 1) throws(CLIError) {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
        throw .usage("\(command): \(option) \(Arguments.printable(path)): is a folder (expected \(kind))")
    }
    guard try writtenByReplacing(path, option: option, command: command) else { return }
    if let problem = OutputFolders.prepare(AtomicFile.split(path).folder) {
        throw CLIError(message: "\(command): \(option) \(Arguments.printable(path)): \(problem)", exitCode: exitCode)
    }
}

/// Whether a save to `path` replaces what is there (true) or writes into a device, a pipe or a
/// descriptor (false: its folder needs no checking); what `AtomicFile` refuses is an error.
private func writtenByReplacing(_ path: String, option: String, command: String) throws(CLIError) -> Bool {
    do { return try AtomicFile.destination(of: path) == .replaced } catch {
        throw .usage("\(command): \(option) \(Arguments.printable(path)): \(error.reason)")
    }
}

/// Makes sure a file that is not an image (`--junit`, `--blob`, a translators' file) can be
/// written at `path` before any work, as `checkOutputFile` does.
func checkOutputPath(_ path: String, option: String, command: String, exitCode: Int32 = 1) throws(CLIError) {
    try checkOutputFile(path, command: command, option: option, kind: "a file path", exitCode: exitCode)
}

/// Makes sure `path` is a folder to write into before any work: made (with its missing parents)
/// when missing; one line says what stops it (a file there or where a parent should be, a folder
/// that cannot be made or written into).
func prepareOutputFolder(_ path: String, option: String, command: String, exitCode: Int32 = 1) throws(CLIError) {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
        throw .usage("\(command): \(option) \(Arguments.printable(path)): is a file (expected a folder)")
    }
    if let problem = OutputFolders.prepare(path) {
        throw CLIError(message: "\(command): \(option) \(Arguments.printable(path)): \(problem)", exitCode: exitCode)
    }
}

/// Makes sure `path` can become a folder to write into, without making it yet: for a command that
/// may refuse its input after this check and must then leave no trace (`l10n import --strings`).
/// One line says what stops it, as `prepareOutputFolder` does.
func checkOutputFolder(_ path: String, option: String, command: String, exitCode: Int32 = 1) throws(CLIError) {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
        throw .usage("\(command): \(option) \(Arguments.printable(path)): is a file (expected a folder)")
    }
    if let problem = OutputFolders.problemMaking(path) {
        throw CLIError(message: "\(command): \(option) \(Arguments.printable(path)): \(problem)", exitCode: exitCode)
    }
}

/// The replay script at `path` (a regular file of UTF-8 text, at most 4 MiB), parsed; every
/// problem is one line naming the file (and the line, for a bad command).
func readScript(_ path: String, command: String) throws(CLIError) -> ReplayScript {
    let bytes: [UInt8]
    do { bytes = try InputFile.read(path, limit: 4 << 20, kind: "a script, text") } catch {
        throw .failure("\(command): \(Arguments.printable(path)): \(error.reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .failure("\(command): \(Arguments.printable(path)): not UTF-8 text (expected a script)")
    }
    do { return try ReplayScript(text: text, file: path) } catch { throw .usage("\(command): \(error.description)") }
}
