import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One end of the connection between the simulator and an app process (a Unix socket pair, so
/// that a write to an app that ended fails with `EPIPE` instead of raising SIGPIPE): messages framed as a
/// 4-byte big-endian length and that many bytes of JSON (Foundation's coders, keys sorted, so
/// the same message is the same bytes).
///
/// The simulator creates the socket pair when it launches an app and passes the app's end as the
/// file descriptors named by `PHOTOSIM_APP_CHANNEL` (`"<read fd>,<write fd>"`, both 3).
public struct AppChannel: Sendable {
    /// The environment variable naming an app process's ends of its channel.
    public static let environmentKey = "PHOTOSIM_APP_CHANNEL"
    /// The largest message either side accepts: far above any element tree.
    public static let maximumMessageBytes = 16 << 20

    public let readDescriptor: Int32
    public let writeDescriptor: Int32

    public init(readDescriptor: Int32, writeDescriptor: Int32) {
        self.readDescriptor = readDescriptor
        self.writeDescriptor = writeDescriptor
    }

    /// The channel `environment` names, or nil when it names none (the app was not launched by
    /// the simulator) or names it badly.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppChannel? {
        guard let text = environment[environmentKey] else { return nil }
        let parts = text.split(separator: ",").compactMap { Int32($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 0 }) else { return nil }
        return AppChannel(readDescriptor: parts[0], writeDescriptor: parts[1])
    }

    /// Why a message could not cross.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The other end closed its side (the app process ended, or the simulator went away).
        case closed
        /// Nothing arrived within the bound.
        case timedOut(seconds: Double)
        /// A length over ``AppChannel/maximumMessageBytes``, or bytes that are not the expected message.
        case malformed(String)
        case system(call: String, errno: Int32)

        public var description: String {
            switch self {
            case .closed: return "the other end of the app channel closed"
            case .timedOut(let seconds): return "no answer on the app channel within \(seconds) s"
            case .malformed(let reason): return "a malformed message on the app channel: \(reason)"
            case .system(let call, let code): return "\(call) on the app channel failed: \(String(cString: strerror(code)))"
            }
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Writes one message whole (a pipe write past its buffer blocks until the reader reads).
    public func send<Message: Encodable>(_ message: Message) throws(Failure) {
        let body: Data
        do { body = try Self.encoder.encode(message) } catch { throw .malformed("\(error)") }
        guard body.count <= Self.maximumMessageBytes else { throw .malformed("\(body.count) bytes is over the limit") }
        var frame = Data(count: 4)
        let length = UInt32(body.count)
        frame[0] = UInt8(length >> 24)
        frame[1] = UInt8((length >> 16) & 0xFF)
        frame[2] = UInt8((length >> 8) & 0xFF)
        frame[3] = UInt8(length & 0xFF)
        frame.append(body)
        var offset = 0
        while offset < frame.count {
            let written = frame.withUnsafeBytes { raw in
                Glibc.send(writeDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .system(call: "write", errno: errno)
            }
            offset += written
        }
    }

    /// Reads one message; with `timeout`, waits at most that long for each part of it (a bound
    /// against an app that stopped answering, never a pace).
    public func receive<Message: Decodable>(_ type: Message.Type, timeout: Double? = nil) throws(Failure) -> Message {
        let header = try read(count: 4, timeout: timeout)
        let length = header.reduce(0) { ($0 << 8) | Int($1) }
        guard length <= Self.maximumMessageBytes else { throw .malformed("a length of \(length) bytes is over the limit") }
        let body = try read(count: length, timeout: timeout)
        do { return try JSONDecoder().decode(type, from: body) } catch { throw .malformed("\(error)") }
    }

    private func read(count: Int, timeout: Double?) throws(Failure) -> Data {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            if let timeout {
                var poller = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(timeout * 1000, Double(Int32.max))))
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw .system(call: "poll", errno: errno)
                }
                if ready == 0 { throw .timedOut(seconds: timeout) }
            }
            let got = data.withUnsafeMutableBytes { raw in
                Glibc.read(readDescriptor, raw.baseAddress! + offset, count - offset)
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { throw .closed }
                throw .system(call: "read", errno: errno)
            }
            if got == 0 { throw .closed }
            offset += got
        }
        return data
    }
}
