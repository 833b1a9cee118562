// The libFuzzer harness of FuzzTarget.scenario; see Sources/FuzzTargets and docs/fuzzing.md.
import FuzzTargets
import LibFuzzerDriver

LibFuzzer.run { start, count in
    FuzzTarget.scenario.run(LibFuzzer.data(start, count))
    return 0
}
