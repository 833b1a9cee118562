// libFuzzer's driver for the harnesses; see docs/fuzzing.md.
import Foundation

/// libFuzzer's own driver (compiler-rt's `FuzzerInterface.h`), from `libclang_rt.fuzzer_no_main`:
/// SwiftPM gives every executable its own `main`, so libFuzzer's is left out and called from here.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argumentCount: UnsafeMutablePointer<CInt>,
                     _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Runs libFuzzer with the process's arguments, feeding every input to a harness's target.
public enum LibFuzzer {
    /// Hands the process to libFuzzer, which calls `testOneInput` with each input's bytes, and
    /// exits with its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argumentCount = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argumentCount, &arguments, testOneInput))
    }

    /// The bytes libFuzzer passes, as `Data` (empty for a null pointer).
    public static func data(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        start.map { Data(bytes: $0, count: count) } ?? Data()
    }
}
