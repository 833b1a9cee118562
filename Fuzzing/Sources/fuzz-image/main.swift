// The libFuzzer harness of FuzzTarget.image; see Sources/FuzzTargets and docs/fuzzing.md.
import FuzzTargets
import LibFuzzerDriver

LibFuzzer.run { start, count in
    FuzzTarget.image.run(LibFuzzer.data(start, count))
    return 0
}
