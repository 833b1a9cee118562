// The libFuzzer harness of FuzzTarget.deviceRecord; see Sources/FuzzTargets and docs/fuzzing.md.
import FuzzTargets
import LibFuzzerDriver

LibFuzzer.run { start, count in
    FuzzTarget.deviceRecord.run(LibFuzzer.data(start, count))
    return 0
}
