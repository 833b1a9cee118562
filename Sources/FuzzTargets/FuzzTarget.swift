import Foundation

/// The entry points the libFuzzer harnesses in `Fuzzing/` call, one per reader of untrusted bytes.
///
/// They live in a normal library so `swift test` feeds every saved crashing input through the
/// very function the fuzzer ran (`Tests/RobustnessTests/FuzzRegressions/<target>/`). Each
/// entry returns normally for any input: a typed error is a correct answer. It traps only when
/// a reader traps, or when an answer breaks a rule a user relies on (an error that does not name
/// its file, a record accepted that the set would later trap on), which the fuzzer then reports.
///
/// ```swift
/// FuzzTarget.scenario.run(Data("appId: x\n---\n- launchApp\n".utf8))
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// YAML text as a scenario file, through the whole loader (libyaml, header, commands, `runFlow`).
    case scenario
    /// Bytes as a photo: the header probe, EXIF, a decode and a thumbnail under a small pixel limit.
    case image
    /// Bytes as a device's `device.json`, through the one record reader and its field checks.
    case deviceRecord = "device-record"

    /// Feeds `data` to the reader this target stands for; see the type's documentation.
    public func run(_ data: Data) {
        switch self {
        case .scenario: ScenarioFuzzing.run(data)
        case .image: ImageFuzzing.run(data)
        case .deviceRecord: DeviceRecordFuzzing.run(data)
        }
    }
}
