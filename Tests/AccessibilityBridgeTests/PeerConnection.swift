import CSDBus
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// sd-bus with no bus daemon: a connection on one end of a socket pair, the test on the other as
/// its peer. The peer answers D-Bus's authentication as a server does (`DATA`, then `OK <guid>`, to
/// sd-bus's `AUTH EXTERNAL`, `DATA`, `BEGIN`); then it reads the bytes sd-bus marshals, and writes
/// bytes for sd-bus to parse and hand over (`received()`), as a client on the accessibility bus
/// would send them.
final class PeerConnection {
    /// What went wrong setting a connection up.
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// sd-bus's end.
    let bus: OpaquePointer
    /// The test's end.
    let peer: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { throw Failure(description: "socketpair: \(errno)") }
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else { close(ends[0]); close(ends[1]); throw Failure(description: "sd_bus_new failed") }
        self.bus = bus
        peer = ends[1]
        guard sd_bus_set_fd(bus, ends[0], ends[0]) >= 0, sd_bus_negotiate_fds(bus, 0) >= 0, sd_bus_start(bus) >= 0 else {
            throw Failure(description: "sd-bus did not start on the socket")
        }
        // sd-bus asks in one go; the peer says yes once it has read the request to begin.
        var request: [UInt8] = []
        for _ in 0..<200 where !String(decoding: request, as: UTF8.self).contains("BEGIN\r\n") {
            _ = sd_bus_process(bus, nil)
            request += read(waiting: 10)
        }
        guard String(decoding: request, as: UTF8.self).contains("AUTH ") else { throw Failure(description: "no AUTH from sd-bus: \(request)") }
        write(Array("DATA\r\nOK 0123456789abcdef0123456789abcdef\r\n".utf8))
        for _ in 0..<200 where sd_bus_is_ready(bus) <= 0 {
            guard sd_bus_process(bus, nil) >= 0 else { throw Failure(description: "sd-bus refused the handshake") }
            usleep(1000)
        }
        guard sd_bus_is_ready(bus) > 0 else { throw Failure(description: "sd-bus never became ready") }
    }

    /// Closed without flushing: a flush waits for a peer that may never read.
    deinit {
        sd_bus_close(bus)
        sd_bus_unref(bus)
        close(peer)
    }

    /// What the peer can read now, waiting up to `milliseconds` for the first byte.
    func read(waiting milliseconds: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var wait = milliseconds
        while true {
            var fds = [pollfd(fd: peer, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, wait) > 0 else { return out }
            let n = Glibc.read(peer, &buffer, buffer.count)
            guard n > 0 else { return out }
            out += buffer[0..<n]
            wait = 0
        }
    }

    /// Writes `bytes` to sd-bus.
    func write(_ bytes: [UInt8]) {
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { Glibc.send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            at += n
        }
    }

    /// Sends `message` and returns its bytes as they reached the peer: one whole message.
    func wire(of message: OpaquePointer) -> [UInt8]? {
        guard sd_bus_send(bus, message, nil) >= 0, sd_bus_flush(bus) >= 0 else { return nil }
        var bytes: [UInt8] = []
        for _ in 0..<100 {
            bytes += read(waiting: 10)
            if let size = WireMessage.size(of: bytes), bytes.count >= size { return Array(bytes[0..<size]) }
        }
        return nil
    }

    /// What sd-bus hands over after reading what the peer wrote: each message in turn (the caller
    /// unreferences them), and whether the connection still stands. Bounded: a connection that
    /// waits for more bytes than came says nothing more.
    func received() -> (messages: [OpaquePointer], open: Bool) {
        var out: [OpaquePointer] = []
        for _ in 0..<64 {
            var message: OpaquePointer?
            let r = sd_bus_process(bus, &message)
            if r < 0 { return (out, false) }
            if let message { out.append(message) } else if r == 0 { return (out, true) }
        }
        return (out, true)
    }

    /// A new method call of `interface.member` on `path`, for `body` to write its arguments.
    func call(path: String = "/org/a11y/atspi/accessible/1", interface: String = "org.a11y.atspi.Accessible", member: String = "GetChildAtIndex") -> OpaquePointer? {
        var made: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &made, nil, path, interface, member) >= 0 else { return nil }
        return made
    }
}

/// D-Bus's wire format, as far as the tests build and take apart messages (little-endian).
enum WireMessage {
    /// The whole size of the message at the start of `bytes` (the fixed header, its fields padded
    /// to 8 and the body), once its first 16 bytes are there.
    static func size(of bytes: [UInt8]) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let fields = Int(uint32(bytes, at: 12)), body = Int(uint32(bytes, at: 4))
        return (16 + fields + 7) / 8 * 8 + body
    }

    /// The body of the message `bytes`.
    static func body(of bytes: [UInt8]) -> [UInt8] {
        let fields = Int(uint32(bytes, at: 12))
        return Array(bytes[((16 + fields + 7) / 8 * 8)...])
    }

    /// The little-endian 32-bit number at `offset`.
    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// `bytes` with its body replaced by `body` of signature `signature`: the body length and the
    /// signature header field set to match (a field appended when the message had none).
    static func replacingBody(of bytes: [UInt8], with body: [UInt8], signature: String) -> [UInt8] {
        let fieldsLength = Int(uint32(bytes, at: 12))
        var fields = Array(bytes[16..<(16 + fieldsLength)])
        // Each field: code, variant (signature, value), at an 8-aligned place. Keep all but the signature's.
        var kept: [UInt8] = []
        var at = 0
        while at < fields.count {
            let start = at
            let code = fields[at]
            let typeLength = Int(fields[at + 1])
            let type = fields[at + 2]
            at += 3 + typeLength
            switch type {
            case UInt8(ascii: "o"), UInt8(ascii: "s"):
                at = (16 + at + 3) / 4 * 4 - 16
                at += 4 + Int(uint32(fields, at: at)) + 1
            case UInt8(ascii: "g"): at += 1 + Int(fields[at]) + 1
            case UInt8(ascii: "u"): at = (16 + at + 3) / 4 * 4 - 16 + 4
            default: at = fields.count
            }
            if code != 8 {
                while kept.count % 8 != 0 { kept.append(0) }
                kept += fields[start..<min(at, fields.count)]
            }
            while at % 8 != 0 && at < fields.count { at += 1 }
        }
        fields = kept
        if !signature.isEmpty {
            while fields.count % 8 != 0 { fields.append(0) }
            fields += [8, 1, UInt8(ascii: "g"), 0, UInt8(signature.utf8.count)] + Array(signature.utf8) + [0]
        }
        var out = Array(bytes[0..<4]) + littleEndian(UInt32(body.count)) + Array(bytes[8..<12]) + littleEndian(UInt32(fields.count)) + fields
        while out.count % 8 != 0 { out.append(0) }
        return out + body
    }

    /// `value` as four little-endian bytes.
    static func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
}
