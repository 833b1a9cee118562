import Foundation
import Platform

extension DeviceRecord {
    /// The largest process identifier the pid counter may hand out (`pid_t` is 32 bits); the
    /// counter wraps around to ``firstProcessIdentifier`` after it.
    public static let largestProcessIdentifier = Int(Int32.max) - 1

    /// Boot dates outside these years are damage (they also keep date arithmetic in range).
    static let plausibleBootYears = 2001...9999

    /// What is wrong with a record read from disk, naming the field; `nil` when every field is
    /// sound. A record is written only by us, so any problem here is damage from outside (an
    /// edit, a copy, a disk fault), reported instead of trapping later.
    public func damage() -> String? {
        if formatVersion != DeviceRecord.currentFormatVersion {
            return "the field `formatVersion` is \(formatVersion); this simctl reads version \(DeviceRecord.currentFormatVersion)"
        }
        if let problem = DeviceName.problem(with: name) { return "the field `name` \(problem)" }
        for (field, value) in [("deviceTypeIdentifier", deviceTypeIdentifier), ("runtimeIdentifier", runtimeIdentifier)] {
            if let problem = DeviceRecord.identifierProblem(value) { return "the field `\(field)` \(problem)" }
        }
        if let lastBootedAt, !DeviceRecord.isPlausibleBootDate(lastBootedAt) {
            return "the field `lastBootedAt` is \(lastBootedAt), outside the years 2001 to 9999"
        }
        return processDamage() ?? applicationDamage()
    }

    private func processDamage() -> String? {
        let pids = DeviceRecord.firstProcessIdentifier...DeviceRecord.largestProcessIdentifier
        guard pids.contains(nextProcessIdentifier) else {
            return "the field `nextProcessIdentifier` is \(nextProcessIdentifier), outside \(pids.lowerBound)...\(pids.upperBound)"
        }
        if state != .booted, !runningApplications.isEmpty {
            return "the field `runningApplications` lists running apps on a device that is \(state.rawValue), not Booted"
        }
        for (bundle, pid) in runningApplications.sorted(by: { $0.key < $1.key }) {
            if BundleIdentifier(rawValue: bundle) == nil { return "the field `runningApplications` has `\(bundle)`, not a bundle identifier" }
            if !pids.contains(pid) {
                return "the field `runningApplications` gives \(bundle) the pid \(pid), outside \(pids.lowerBound)...\(pids.upperBound)"
            }
        }
        if Set(runningApplications.values).count != runningApplications.count {
            return "the field `runningApplications` gives two apps the same pid"
        }
        return nil
    }

    private func applicationDamage() -> String? {
        let identifiers = installedApplications.map(\.bundleIdentifier)
        if identifiers != identifiers.sorted() || Set(identifiers).count != identifiers.count {
            return "the field `installedApplications` is not sorted by bundle identifier without repeats"
        }
        for app in installedApplications {
            if let problem = app.damage() { return "the field `installedApplications` has \(app.bundleIdentifier) with \(problem)" }
        }
        return nil
    }

    /// Problems of an identifier field: empty, or characters that are not printable.
    private static func identifierProblem(_ text: String) -> String? {
        if text.isEmpty { return "is empty" }
        let printable = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
        return printable ? nil : "has characters an identifier cannot have"
    }

    private static func isPlausibleBootDate(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        let secondsPerYear = 365.25 * 86_400
        return seconds.isFinite && seconds >= 0 && seconds < Double(plausibleBootYears.upperBound - 2000) * secondsPerYear
    }

    /// A decoding error of `data` in words: which field, and what is wrong with it.
    static func explain(_ error: Error, data: Data) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func field(_ path: [CodingKey]) -> String {
            path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation's decoder calls a number too large for Swift's types, or a fraction
            // where a whole number belongs, invalid JSON.
            let parses = (try? JSONSerialization.jsonObject(with: data)) != nil
            return parses ? "a number in it is too large for its field, or a fraction where a whole number belongs"
                : "it is not valid JSON"
        case .dataCorrupted(let context):
            return "the field `\(field(context.codingPath))` is invalid: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "the field `\(field(context.codingPath + [key]))` is missing"
        case .typeMismatch(let type, let context):
            return "the field `\(field(context.codingPath))` is not \(type == Int.self ? "a whole number in range" : "of type \(type)")"
        case .valueNotFound(_, let context):
            return "the field `\(field(context.codingPath))` is null"
        @unknown default:
            return String(describing: error)
        }
    }
}

extension InstalledApplicationRecord {
    /// What is wrong with the paths this record names; `nil` when they stay inside the device.
    func damage() -> String? {
        let name = bundleFolderName
        if !name.hasSuffix(".app") || name.count <= 4 || name.contains("/") || name.hasPrefix(".") {
            return "`bundleFolderName` \(name), not a single `<Name>.app` folder"
        }
        for (field, value) in [("bundleContainerIdentifier", bundleContainerIdentifier),
                               ("dataContainerIdentifier", dataContainerIdentifier)]
        where UUID(uuidString: value)?.uuidString != value {
            return "`\(field)` \(value), not an upper-case UUID"
        }
        return nil
    }
}
