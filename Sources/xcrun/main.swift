// xcrun: runs `xcrun simctl ...` scripts written for macOS unchanged, by handing them to the
// PhotoSim `simctl` that sits in the same folder. Other tools are not modelled.
#if canImport(Glibc)
import Glibc
#endif

/// Apple's xcrun options that take a value and may come before the tool name.
let optionsWithValue: Set<String> = ["-sdk", "--sdk", "-toolchain", "--toolchain"]
/// Apple's xcrun options without a value.
let flagOptions: Set<String> = ["-v", "--verbose", "-l", "--log", "-n", "--no-cache", "-r", "--run"]

/// The folder this executable lives in, from `/proc/self/exe`.
func executableFolder() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
}

func fail(_ message: String, status: Int32) -> Never {
    let line = Array("xcrun: error: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var findOnly = false
while let first = arguments.first, first.hasPrefix("-") {
    arguments.removeFirst()
    if optionsWithValue.contains(first) {
        if !arguments.isEmpty { arguments.removeFirst() }
    } else if first == "-f" || first == "--find" {
        findOnly = true
    } else if first == "-h" || first == "--help" {
        print("""
            Usage: xcrun [--sdk <sdk>] [--toolchain <toolchain>] [--find] simctl <arguments>

            PhotoSim's xcrun runs the simctl next to it (`xcrun simctl help` lists its subcommands);
            --find prints its path. Other developer tools are not available.
            """)
        exit(0)
    } else if !flagOptions.contains(first) {
        fail("unknown option '\(first)'; PhotoSim's xcrun only runs simctl", status: 64)
    }
}
guard let tool = arguments.first else { fail("no tool given; use `xcrun simctl <subcommand> ...`", status: 64) }
guard tool == "simctl" else {
    // The text and status of Apple's xcrun for a tool it cannot find (exit 72, EX_OSFILE).
    fail("unable to find utility \"\(tool)\", not a developer tool or in PATH", status: 72)
}
let simctlPath = executableFolder() + "/simctl"
if findOnly {
    print(simctlPath)
    exit(0)
}
var cArguments: [UnsafeMutablePointer<CChar>?] = (["simctl"] + arguments.dropFirst()).map { strdup($0) }
cArguments.append(nil)
execv(simctlPath, cArguments)
fail("cannot run \(simctlPath): \(String(cString: strerror(errno))); build the simctl product next to xcrun", status: 72)
