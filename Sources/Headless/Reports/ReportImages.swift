import Files
import Foundation

/// The images of `limelight test --report DIR`: files in `DIR/images/`, a folder the report owns
/// (written beneath `DIR`, no link followed out of it), named by each case's key so a merged report
/// writes the same files as one run, and linked from `index.html` by relative URLs. The page stays
/// small however many cases fail, and a browser loads only the images it shows. Images an earlier
/// report left that this one does not show are removed (only files of the report's own naming).
package final class ReportImages {
    /// The report's folder.
    package let folder: String
    /// The subfolder the images go in.
    package static let subfolder = "images"
    /// The report's folder, opened (made when missing), or why it cannot be.
    private let owned: Result<OwnedFolder, InputFile.Failure>
    /// The images written, by their path inside the folder.
    private var written = Set<String>()
    /// The first image that could not be written, and why.
    package private(set) var failure: String?

    /// The images of a report in `folder`.
    package init(folder: String) {
        self.folder = folder
        owned = Result { () throws(InputFile.Failure) in try OwnedFolder(folder, creating: true) }
    }

    /// Writes `bytes` as the image `key` (a results key: `<tour>/<case>.<kind>.png`) and returns its
    /// URL relative to the page; nil when there are no bytes or it cannot be written.
    package func url(_ bytes: [UInt8]?, key: String) -> String? {
        guard let bytes, case .success(let folder) = owned else { return nil }
        let path = Self.subfolder + "/" + key
        do { try folder.write(Data(bytes), to: path, synced: false) } catch {
            if failure == nil { failure = "\(self.folder)/\(path): \(error.reason)" }
            return nil
        }
        written.insert(path)
        return path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? String($0) }.joined(separator: "/")
    }

    /// The characters a path component keeps in a URL: letters, digits and `-._~@`.
    private static let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@"))

    /// The HTML report's images of `r` as files beside the page, from the bytes `files` holds.
    package func images(of r: CaseResult, _ files: TestResultsFolder.CaseFiles) -> HTMLReport.Images {
        HTMLReport.Images(golden: url(files.golden, key: TestResultsFolder.key(of: r.testCase, .expected)),
                          actual: url(files.actual, key: TestResultsFolder.key(of: r.testCase, .actual)),
                          diff: url(files.diff, key: TestResultsFolder.key(of: r.testCase, .diff)), texts: files.texts)
    }

    /// Removes the images an earlier report left in the folder that this one did not write: files
    /// ending in `.png` under `images/`, regular files only, never through a link.
    package func removeStale() {
        guard case .success(let folder) = owned else { return }
        func sweep(_ relative: String, depth: Int) {
            guard depth < 32 else { return }
            for name in folder.names(in: relative) {
                let path = relative + "/" + name
                guard let kind = folder.kind(of: path) else { continue }
                if kind.isFolder { sweep(path, depth: depth + 1) }
                else if kind.isRegular && name.hasSuffix(".png") && !written.contains(path) { folder.remove(path) }
            }
        }
        sweep(Self.subfolder, depth: 0)
    }
}
