import Foundation
import Glibc

/// Chromium's DevTools protocol over `--remote-debugging-pipe`: JSON messages, each ended by a NUL
/// byte, written to the browser's fd 3 and read from its fd 4. Calls wait for their answer up to a
/// deadline; events that arrive meanwhile are kept for `event(_:session:until:)`.
final class DevToolsPipe {
    private let input: Int32, output: Int32
    private var buffer: [UInt8] = []
    private var events: [[String: Any]] = []
    private var nextID = 1
    /// The most a browser may send before a message ends (a screenshot of a large page fits).
    static let maxMessage = 256 * 1024 * 1024

    /// The protocol over `input` (the browser's fd 3) and `output` (its fd 4).
    init(input: Int32, output: Int32) {
        self.input = input; self.output = output
        signal(SIGPIPE, SIG_IGN)
    }

    /// Seconds on a clock that only goes forward.
    static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Calls `method` with `params` (on the page `session`, or the browser) and returns its result;
    /// the browser's error, or no answer by `deadline`, is thrown.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, until deadline: Double) throws(CaptureError) -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        guard let data = try? JSONSerialization.data(withJSONObject: message) else { throw CaptureError("cannot write the call \(method)") }
        var bytes = [UInt8](data)
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CaptureError("the browser closed its DevTools pipe (it ended)") }
            sent += n
        }
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: method)
            guard let replyID = reply["id"] as? Int else { events.append(reply); continue }
            guard replyID == id else { continue }
            if let error = reply["error"] as? [String: Any] {
                throw CaptureError("the browser refused \(method): \(error["message"] as? String ?? "an error")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the event `method` (on `session`) by `deadline`, and returns its parameters.
    func event(_ method: String, session: String?, until deadline: Double) throws(CaptureError) -> [String: Any] {
        func matches(_ e: [String: Any]) -> Bool { e["method"] as? String == method && e["sessionId"] as? String == session }
        if let i = events.firstIndex(where: matches) { return events.remove(at: i)["params"] as? [String: Any] ?? [:] }
        while true {
            let message = try nextMessage(until: deadline, waitingFor: method)
            if matches(message) { return message["params"] as? [String: Any] ?? [:] }
            if message["id"] == nil { events.append(message) }
        }
    }

    private func nextMessage(until deadline: Double, waitingFor what: String) throws(CaptureError) -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let body = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: body), let message = object as? [String: Any] else { continue }
                return message
            }
            let left = deadline - Self.now
            guard left > 0 else { throw CaptureError("timed out waiting for \(what)") }
            var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw CaptureError("the browser ended while Limelight waited for \(what)") }
            buffer += chunk[..<n]
            guard buffer.count <= Self.maxMessage else { throw CaptureError("the browser sent a message over \(Self.maxMessage >> 20) MiB") }
        }
    }
}
