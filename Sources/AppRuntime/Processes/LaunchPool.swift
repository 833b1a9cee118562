import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Launches without exec: for each app executable, one process that the dynamic linker has
/// loaded and that stopped before any library initialised (UIKit's `CAppWorld`, app_zygote.c)
/// makes a copy of itself for every launch, and the copy starts as a freshly executed app
/// would, in the launch's environment and with its descriptors, as the simulator's own child.
///
/// Most of a spawned app's start is the linker's (mapping the Swift runtime, Foundation and the
/// system libraries and binding their symbols), so a scenario that launches and relaunches an
/// app spends most of its time there; from a loaded image a launch costs a fork. What the app
/// sees is what a spawn gives it: the same executable at the same path (`Bundle.main`,
/// `/proc/self/exe`), its `argv`, its environment, standard input at `/dev/null`, its console
/// and its channel; its libraries initialise in the copy, after the environment is in place.
///
/// An executable whose process does not answer as a loaded image (built against an older UIKit)
/// is spawned, as is a launch with arguments or with a variable of the dynamic linker's
/// (`LD_*`), which only an exec reads. A pool ends its processes when it is closed or freed;
/// each also ends when the process that made it does.
public final class LaunchPool: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: LoadedImage] = [:]
    /// Executables that do not launch this way.
    private var refused: Set<String> = []
    private var closed = false
    /// How long a loaded image may take to answer: a bound, never a pace.
    let answerBound: Double

    public init(answerBound: Double = 30) {
        self.answerBound = answerBound
    }

    deinit { close() }

    /// Ends every loaded image; later launches through this pool are spawned.
    public func close() {
        lock.lock()
        let ending = Array(images.values)
        images = [:]
        closed = true
        lock.unlock()
        ending.forEach { $0.end() }
    }

    /// How many executables have a loaded image now.
    public var loadedImageCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return images.count
    }

    /// What became of a launch from a loaded image.
    enum Start: Equatable {
        /// The copy runs with this pid.
        case started(pid_t)
        /// Nothing was started: the caller spawns the app with the same descriptors.
        case notStarted
        /// The request went out and no answer came: a copy may run with the channel, so the
        /// caller closes its ends (the copy reads the end of its channel and exits) and spawns
        /// with new ones.
        case requestLost
    }

    /// Starts `executable` from its loaded image, with `environment` (`NAME=value` entries),
    /// the app's end of the channel as descriptor 3 and `console` as standard output and error.
    func start(executable: String, environment: [String], channel: Int32, console: Int32) -> Start {
        let size = environment.reduce(0) { $0 + $1.utf8.count + 1 }
        guard !environment.isEmpty, environment.count <= Self.environmentCapacity, size <= Self.requestCapacity,
              let identity = FileIdentity(path: executable) else { return .notStarted }
        for _ in 0..<2 {
            guard let image = image(for: executable, identity: identity) else { return .notStarted }
            switch image.start(environment: environment, channel: channel, console: console) {
            case .started(let pid): return .started(pid)
            case .refused: return .notStarted
            case .lost: return .requestLost
            case .ended:
                // The image had ended before the request went out (killed, or out of memory):
                // a new one, once.
                forget(image, of: executable)
            }
        }
        return .notStarted
    }

    private func image(for executable: String, identity: FileIdentity) -> LoadedImage? {
        lock.lock()
        if closed || refused.contains(executable) {
            lock.unlock()
            return nil
        }
        if let image = images[executable], image.identity == identity {
            lock.unlock()
            return image
        }
        // A rebuilt executable gets a new image.
        let stale = images.removeValue(forKey: executable)
        lock.unlock()
        stale?.end()
        guard let image = LoadedImage.load(executable: executable, identity: identity, answerBound: answerBound) else {
            lock.lock()
            refused.insert(executable)
            lock.unlock()
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
        if closed {
            image.end()
            return nil
        }
        // Another thread loaded it meanwhile: one image is kept.
        if let other = images[executable], other.identity == identity {
            image.end()
            return other
        }
        // Images of executables that are gone (a run's own copy of a bundle) end, and at most
        // `imageCapacity` stay.
        let gone = images.filter { FileIdentity(path: $0.key) != $0.value.identity }.map(\.key)
        var ending = gone.compactMap { images.removeValue(forKey: $0) }
        while images.count >= Self.imageCapacity, let oldest = images.min(by: { $0.value.loaded < $1.value.loaded }) {
            ending.append(images.removeValue(forKey: oldest.key)!)
        }
        images[executable] = image
        ending.forEach { $0.end() }
        return image
    }

    private func forget(_ image: LoadedImage, of executable: String) {
        lock.lock()
        if images[executable] === image { images[executable] = nil }
        lock.unlock()
        image.end()
    }

    /// How many environment entries a launch from a loaded image may have.
    static let environmentCapacity = 256
    /// How many bytes of `NAME=value` entries, each with its NUL (app_zygote.c's buffer).
    static let requestCapacity = 256 * 1024
    /// How many executables keep a loaded image at once.
    static let imageCapacity = 8

    /// Whether a launch with these arguments and added variables can start from a loaded image:
    /// none that the dynamic linker or the C library reads as the process starts (`LD_*`,
    /// `GLIBC_TUNABLES`, `MALLOC_*`).
    static func canStart(arguments: [String], addedEnvironment: [String: String]) -> Bool {
        arguments.isEmpty && !addedEnvironment.keys.contains {
            $0.hasPrefix("LD_") || $0 == "GLIBC_TUNABLES" || $0.hasPrefix("MALLOC_")
        }
    }
}

/// An executable file as it is now: a rebuilt one is another.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}

/// One executable's loaded image and the socket it takes launches on.
private final class LoadedImage {
    let identity: FileIdentity
    /// When it was loaded, in the order of loads.
    let loaded = LoadedImage.nextLoad()
    private static let loadLock = NSLock()
    nonisolated(unsafe) private static var loads = 0
    private static func nextLoad() -> Int {
        loadLock.lock()
        defer { loadLock.unlock() }
        loads += 1
        return loads
    }

    enum Outcome {
        case started(pid_t)
        /// The image refused the request (no process, no memory) and goes on.
        case refused
        /// The image had ended; nothing was sent.
        case ended
        /// Sent, unanswered: the image is ended, and a copy may have started.
        case lost
    }
    private let pid: pid_t
    private let control: Int32
    private let answerBound: Double
    private let lock = NSLock()
    private var ended = false

    private init(identity: FileIdentity, pid: pid_t, control: Int32, answerBound: Double) {
        self.identity = identity
        self.pid = pid
        self.control = control
        self.answerBound = answerBound
    }

    /// Spawns `executable` as a loaded image and waits for its ready answer; nil when it gives
    /// none (an executable without app_zygote.c runs as an app without a channel, and exits).
    static func load(executable: String, identity: FileIdentity, answerBound: Double) -> LoadedImage? {
        var ends: [Int32] = [0, 0]
        let kind = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &ends) == 0 else { return nil }
        let (control, imageEnd) = (ends[0], ends[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        posix_spawn_file_actions_adddup2(&actions, imageEnd, 3)
        // Every symbol is bound once, in the image, rather than lazily in every copy. A copy
        // writes its environment into this array in place, so the array has room for one.
        let environment = ["PHOTOSIM_APP_ZYGOTE=3", "LD_BIND_NOW=1"]
            + Array(repeating: "PHOTOSIM_APP_ZYGOTE_ROOM=", count: LaunchPool.environmentCapacity - 2)
        var pid: pid_t = 0
        var spawned: Int32 = 0
        for attempt in 0..<50 {
            spawned = withCStrings([executable]) { arguments in
                withCStrings(environment) { environment in
                    posix_spawn(&pid, executable, &actions, nil, arguments, environment)
                }
            }
            guard spawned == ETXTBSY else { break }
            usleep(useconds_t(1_000 * (attempt + 1)))
        }
        close(imageEnd)
        guard spawned == 0 else {
            close(control)
            return nil
        }
        let image = LoadedImage(identity: identity, pid: pid, control: control, answerBound: answerBound)
        guard image.receiveAnswer() == 0 else {
            image.end()
            return nil
        }
        return image
    }

    /// A copy started with `environment` and the two descriptors; nil when the image is gone.
    func start(environment: [String], channel: Int32, console: Int32) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return .ended }
        var entries = [UInt8]()
        for entry in environment {
            entries.append(contentsOf: entry.utf8)
            entries.append(0)
        }
        let sent = entries.withUnsafeMutableBytes { bytes in
            send(bytes, descriptors: [channel, console])
        }
        guard sent == entries.count else {
            // A message goes whole or not at all: the image is gone, and no copy started.
            endLocked()
            return .ended
        }
        guard let answer = receiveAnswer() else {
            endLocked()
            return .lost
        }
        return answer > 0 ? .started(answer) : .refused
    }

    /// Sends `bytes` with `descriptors` (SCM_RIGHTS) in one message; the count sent, or -1.
    private func send(_ bytes: UnsafeMutableRawBufferPointer, descriptors: [Int32]) -> Int {
        let (headerLength, space) = controlLength(descriptors: descriptors.count)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: space)
        let header = buffer.assumingMemoryBound(to: cmsghdr.self)
        header.pointee.cmsg_len = headerLength
        header.pointee.cmsg_level = SOL_SOCKET
        header.pointee.cmsg_type = Int32(SCM_RIGHTS)
        let data = buffer.advanced(by: headerLength - descriptors.count * MemoryLayout<Int32>.size).assumingMemoryBound(to: Int32.self)
        for (index, descriptor) in descriptors.enumerated() { data[index] = descriptor }
        var part = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
        return withUnsafeMutablePointer(to: &part) { part in
            var message = msghdr()
            message.msg_iov = part
            message.msg_iovlen = 1
            message.msg_control = buffer
            message.msg_controllen = space
            while true {
                let result = sendmsg(control, &message, Int32(MSG_NOSIGNAL))
                if result < 0 && errno == EINTR { continue }
                return result
            }
        }
    }

    /// The image's next answer (a pid, 0 for ready, a negative errno); nil when it ended or
    /// did not answer within the bound.
    private func receiveAnswer() -> Int32? {
        var descriptor = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
        var waited = 0
        repeat {
            let ready = poll(&descriptor, 1, 1_000)
            if ready < 0 && errno == EINTR { continue }
            if ready > 0 { break }
            waited += 1
            guard ready == 0, Double(waited) < answerBound else { return nil }
        } while true
        var value: Int32 = 0
        let count = withUnsafeMutableBytes(of: &value) { bytes in recv(control, bytes.baseAddress, bytes.count, 0) }
        return count == MemoryLayout<Int32>.size ? value : nil
    }

    func end() {
        lock.lock()
        defer { lock.unlock() }
        endLocked()
    }

    private func endLocked() {
        guard !ended else { return }
        ended = true
        close(control)
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// `CMSG_LEN` and `CMSG_SPACE` of `descriptors` descriptors (the C macros are not imported).
private func controlLength(descriptors: Int) -> (header: Int, space: Int) {
    let alignment = MemoryLayout<Int>.size
    func aligned(_ length: Int) -> Int { (length + alignment - 1) & ~(alignment - 1) }
    let data = descriptors * MemoryLayout<Int32>.size
    return (aligned(MemoryLayout<cmsghdr>.size) + data, aligned(MemoryLayout<cmsghdr>.size) + aligned(data))
}
