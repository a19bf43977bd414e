import Files
import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A video being written by `ffmpeg`: raw frames (BGRA, opaque) piped to its stdin as they are
/// made, never held and never temporary images. The file appears at its path only once ffmpeg has
/// finished it; a failure leaves whatever was there before.
///
/// Hazard: what ffmpeg holds grows with the frame's pixels: its encoder keeps frames to look ahead
/// (x264 and VP9 about a dozen here, each in several planes), so an H.264 video of 786x1704 peaks
/// near 190 MB in ffmpeg and one of 1178x2556 near 340 MB.
package final class VideoEncoder {
    /// The containers and codecs written, by file extension.
    package enum Format: String, CaseIterable, Sendable {
        /// H.264 in MP4 (yuv420p, so every player plays it).
        case mp4
        /// VP9 in WebM.
        case webm
        /// GIF, with a palette made for the whole video (`palettegen`), so the dim does not band.
        case gif
        /// Animated PNG: lossless, each frame exactly as rendered.
        case apng

        /// The format a file name's extension names, if any.
        package init?(fileName: String) {
            let ext = (fileName as NSString).pathExtension.lowercased()
            guard let f = Format(rawValue: ext == "png" ? "apng" : ext) else { return nil }
            self = f
        }

        /// Whether the format's frames must have an even width and height (4:2:0 colour, a sample
        /// for each 2x2 pixels).
        package var needsEvenSides: Bool { self == .mp4 || self == .webm }

        /// ffmpeg's output options; `palette` is the palette a GIF uses. The encoders look ahead a
        /// fixed number of frames on two threads, so what ffmpeg holds is bounded by the frame's
        /// size, not by the machine's cores (x264's default of 40 frames on 1.5 threads a core
        /// held 740 MB at 1180x2556 on two cores).
        func outputArguments(palette: String?) -> [String] {
            switch self {
            case .mp4: return ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-threads", "2", "-rc-lookahead", "10",
                               "-x264-params", "sync-lookahead=0", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
            case .webm: return ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                                "-row-mt", "1", "-threads", "2", "-lag-in-frames", "10", "-pix_fmt", "yuv420p", "-f", "webm"]
            case .gif:
                guard let palette else { return ["-vf", "palettegen=stats_mode=full:max_colors=256", "-f", "image2", "-update", "1"] }
                return ["-i", palette, "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle", "-loop", "0", "-f", "gif"]
            case .apng: return ["-c:v", "apng", "-pred", "mixed", "-pix_fmt", "rgb24", "-plays", "0", "-f", "apng"]
            }
        }
    }

    /// Why a video could not be written.
    package struct Failure: Error, CustomStringConvertible {
        /// One line for a person.
        package var description: String
    }

    /// Where ffmpeg is, or nil when it is not installed.
    package static var ffmpegPath: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return paths.map { ($0 as NSString).appendingPathComponent("ffmpeg") }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let process: Process
    private let input: FileHandle
    private let reader: Thread
    private let partial: String
    /// The file written.
    package let path: String
    /// The frames' size in pixels.
    package let width: Int, height: Int
    /// The video's size in pixels: the frames', less the last column or row where the format
    /// needs even sides and the frame's is odd (cropped, so every pixel left is the frame's own;
    /// scaling to an even size would resample them all).
    package let videoWidth: Int, videoHeight: Int
    /// Frames written so far.
    package private(set) var frames = 0

    /// Starts ffmpeg writing `format` to `path` from `width`×`height` frames at `fps`; `palette`
    /// for a GIF's second pass. The file is made beside `path` and renamed over it at the end.
    package init(path: String, format: Format, width: Int, height: Int, fps: Int, palette: String? = nil, ffmpeg: String) throws(Failure) {
        self.path = path
        self.width = width
        self.height = height
        videoWidth = format.needsEvenSides ? width & ~1 : width
        videoHeight = format.needsEvenSides ? height & ~1 : height
        guard videoWidth > 0, videoHeight > 0 else {
            throw Failure(description: "\(width)x\(height) pixels is too small for \(format.rawValue.uppercased()), which needs at least 2x2")
        }
        let folder = AtomicFile.split(path).folder
        partial = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).partial-\(getpid())")
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(videoWidth)x\(videoHeight)", "-r", "\(fps)", "-i", "pipe:0"]
            + format.outputArguments(palette: palette) + [partial]
        let stdin = Pipe(), errors = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        input = stdin.fileHandleForWriting
        // A dead ffmpeg closes its end of the pipe: writing must fail, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let errorHandle = errors.fileHandleForReading
        let box = DataBox()
        reader = Thread { box.data = errorHandle.readDataToEndOfFile() }
        self.box = box
        do { try process.run() } catch { throw Failure(description: "cannot start ffmpeg (\(error.localizedDescription))") }
        reader.start()
    }

    /// What ffmpeg printed on stderr, read on its own thread so ffmpeg never blocks on it.
    private let box: DataBox
    /// `@unchecked Sendable`: the reader thread alone writes `data`, and it is read only once that
    /// thread has finished (`reader.isFinished`).
    private final class DataBox: @unchecked Sendable { var data = Data() }

    /// Writes one frame (its size must be the one given at the start) into the pipe, and returns
    /// once ffmpeg has taken it: the caller's pixmap is free for the next frame. Rows that lie
    /// one after another go in one piece; a cropped frame's go row by row.
    package func write(_ frame: Pixmap) throws(Failure) {
        precondition(frame.width == width && frame.height == height, "frames of one size")
        var written = true
        if videoWidth == frame.stride {
            written = writeAll(frame.row(0), count: videoWidth * videoHeight * 4)
        } else {
            for y in 0..<videoHeight where written { written = writeAll(frame.row(y), count: videoWidth * 4) }
        }
        if !written { throw Failure(description: "ffmpeg stopped reading frames: \(finishAndExplain())") }
        frames += 1
    }

    /// Writes `count` bytes from `start` into ffmpeg's pipe; false when it is closed.
    private func writeAll(_ start: UnsafeMutablePointer<UInt32>, count: Int) -> Bool {
        let bytes = UnsafeRawPointer(start)
        var offset = 0
        while offset < count {
            let n = Glibc.write(input.fileDescriptor, bytes + offset, count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// Ends the stream and waits for ffmpeg; on success the file takes its place (or, for a device
    /// or a pipe, its bytes go into it).
    package func finish() throws(Failure) {
        try? input.close()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw Failure(description: "ffmpeg failed: \(lastLine())")
        }
        // Renamed over a file; copied into a device or a pipe (`/dev/null`), which stays.
        do { try AtomicFile.moveIntoPlace(partial, at: path) } catch {
            throw Failure(description: "cannot put the video in place at \(path) (\(error.reason))")
        }
    }

    /// Stops ffmpeg, throws the partial file away, and says what ffmpeg printed.
    package func cancel() {
        try? input.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: partial)
    }

    private func finishAndExplain() -> String {
        try? input.close()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        try? FileManager.default.removeItem(atPath: partial)
        return lastLine()
    }

    /// ffmpeg's last line (a full disk said in plain words first), or how it ended: an exit
    /// status, or the signal that killed it.
    private func lastLine() -> String {
        let text = String(decoding: box.data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return "killed by signal \(signal) (\(name))" + (text.isEmpty ? "" : "; its last line: \(text)")
        }
        if text.contains("No space left on device") { return "the disk is full (ffmpeg: \(text))" }
        return text.isEmpty ? "exit status \(process.terminationStatus)" : text
    }
}
