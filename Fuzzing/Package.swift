// swift-tools-version:6.0
// libFuzzer harnesses for PhotoSim's readers of untrusted bytes. A package of its own, so the
// normal `swift build` and `swift test` never need the fuzzer runtime: build and run them with
// `scripts/fuzz <target>` (docs/fuzzing.md). Each harness only hands libFuzzer's bytes to
// `FuzzTarget.<target>.run`, which the regression tests call too.
import PackageDescription

let harness = { (name: String) -> Target in
    .executableTarget(name: "fuzz-\(name)",
                      dependencies: [.product(name: "FuzzTargets", package: "PhotoSim"), "LibFuzzerDriver"],
                      path: "Sources/fuzz-\(name)")
}

let package = Package(
    name: "PhotoSimFuzz",
    dependencies: [.package(name: "PhotoSim", path: "..")],
    targets: [
        .target(name: "LibFuzzerDriver"),
        harness("scenario"), harness("image"), harness("device-record"),
    ]
)
