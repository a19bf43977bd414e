import Files
import Foundation
import Localization
import Schema
import ScreensApp
import Tours
import TranslationFiles

extension L10nCommand {
    /// The tours (and screens files) an import reads and may write, with the folder that owns
    /// them: the `.json` tours and screens files of `--tours DIR`, or without it those of the
    /// folders the translators' files' references name inside the current folder. The references are untrusted (a translator's or a pull
    /// request's file): one that leads out (`../`, an absolute path elsewhere) is ignored and said,
    /// and every tour is read and written through `OwnedFolder`, so no symbolic link leads out either.
    struct ImportedTours {
        /// The folder the tours are read from and written into: `--tours`, or the current folder.
        let owner: OwnedFolder
        /// Each tour: its path as messages name it, its path inside `owner`, its bytes.
        var tours: [(path: String, relative: String, bytes: [UInt8])]

        /// Replaces the tour at `index` with `text` beneath the owning folder (never through a
        /// link); a failure is exit 3 naming the file.
        func write(_ text: String, toTourAt index: Int, command c: String) throws(CLIError) {
            let tour = tours[index]
            do { try owner.write(Data(text.utf8), to: tour.relative) } catch {
                throw CLIError(message: "\(c): \(tour.path): cannot write (\(error.reason))", exitCode: 3)
            }
        }
    }

    /// How many of the references outside the current folder are named in the warning line.
    static let ignoredReferencesShown = 3

    /// The tours `files` are imported into: those of `--tours` (`folder`), else of the folders
    /// their references name inside the current folder, read through the folder that owns them.
    static func importedTours(for files: [(String, TranslationFile)], folder: String?, command c: String) throws(CLIError) -> ImportedTours {
        let owner: OwnedFolder
        let paths: [String]
        if let folder {
            paths = try TestCommand.tourFiles([folder], command: c, forTranslation: true)
            var isFolder: ObjCBool = false
            let named = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
            owner = try open(named ? folder : AtomicFile.split(folder).folder, option: "--tours", command: c)
        } else {
            owner = try open(FileManager.default.currentDirectoryPath, option: "the current folder", command: c)
            let folders = referencedFolders(of: files, inside: owner, command: c)
            let existing = folders.filter { FileManager.default.fileExists(atPath: $0) }
            guard !existing.isEmpty else { throw .usage("\(c): the files name no tours that are here: give --tours DIR") }
            paths = try TestCommand.tourFiles(existing, command: c, forTranslation: true)
        }
        var tours: [(path: String, relative: String, bytes: [UInt8])] = []
        for path in paths {
            guard let relative = owner.relativePath(of: path), !relative.isEmpty else {
                throw .usage("\(c): \(path): not inside \(owner.path)")
            }
            let isScreens = ScreensLoader.isScreensFile(path: path)
            do {
                tours.append((path, relative, try owner.read(relative, limit: isScreens ? ScreensLoader.maxFileSize : TourLoader.maxFileSize,
                                                             kind: isScreens ? "a screens file, JSON" : "a tour file, JSON")))
            } catch {
                throw .usage("\(c): \(path): \(error.reason)\(folder == nil ? ": give --tours DIR to import into tours elsewhere" : "")")
            }
        }
        return ImportedTours(owner: owner, tours: tours)
    }

    private static func open(_ folder: String, option: String, command c: String) throws(CLIError) -> OwnedFolder {
        do { return try OwnedFolder(folder) } catch { throw .usage("\(c): \(option) \(folder): \(error.reason)") }
    }

    /// The folders (relative to `owner`, the current folder; `.` for itself) of the files the
    /// entries' references name, each once, in the order first named. A reference outside the
    /// folder is ignored, and each translators' file that had any gets one warning line: how
    /// many files it named outside and the first few.
    static func referencedFolders(of files: [(String, TranslationFile)], inside owner: OwnedFolder, command c: String) -> [String] {
        var folders: [String] = []
        var seen = Set<String>()
        for (path, file) in files {
            var outside: [String] = []
            var outsideSeen = Set<String>()
            for unit in file.units {
                for reference in unit.references {
                    let named = fileName(of: reference)
                    guard !named.isEmpty else { continue }
                    guard let relative = owner.relativePath(of: named) else {
                        if outsideSeen.insert(named).inserted { outside.append(named) }
                        continue
                    }
                    let folder = (relative as NSString).deletingLastPathComponent
                    let shown = folder.isEmpty ? "." : folder
                    if seen.insert(shown).inserted { folders.append(shown) }
                }
            }
            guard !outside.isEmpty else { continue }
            let first = outside.prefix(ignoredReferencesShown).map { printableForOneLine($0, limit: 200) }.joined(separator: ", ")
            let more = outside.count > ignoredReferencesShown ? " and \(outside.count - ignoredReferencesShown) more" : ""
            warn("\(c): \(path): references to \(outside.count) file\(outside.count == 1 ? "" : "s") outside the current folder ignored (\(first)\(more)): an import writes only tours under the current folder, or those of --tours DIR")
        }
        return folders
    }

    /// The file a reference names: `tours/home.json:12` without its line number.
    static func fileName(of reference: String) -> String {
        guard let colon = reference.lastIndex(of: ":") else { return reference }
        let line = reference[reference.index(after: colon)...]
        return !line.isEmpty && line.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) ? String(reference[..<colon]) : reference
    }
}
