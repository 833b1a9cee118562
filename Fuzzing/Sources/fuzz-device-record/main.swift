// The libFuzzer harness of FuzzTarget.deviceRecord; see Sources/FuzzTargets and docs/fuzzing.md.
import Foundation
import FuzzTargets

/// libFuzzer's own driver (compiler-rt's `FuzzerInterface.h`), from `libclang_rt.fuzzer_no_main`:
/// SwiftPM gives every executable its own `main`, so libFuzzer's is left out and called from here.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argumentCount: UnsafeMutablePointer<CInt>,
                     _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argumentCount, &arguments) { start, count in
    FuzzTarget.deviceRecord.run(start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
})
