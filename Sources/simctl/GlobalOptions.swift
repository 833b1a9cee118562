import Core
import Foundation
import Simulator

/// The options before the subcommand, as Apple's `simctl [--set <path>] [--profiles <path>]`.
/// `--profiles` is accepted and ignored (PhotoSim's device types are built in).
struct GlobalOptions {
    var setPath: String?
    /// The subcommand and its arguments.
    var remaining: [String]

    static func parse(_ arguments: [String]) throws(SimctlError) -> GlobalOptions {
        var options = GlobalOptions(setPath: nil, remaining: [])
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--set" || argument == "--profiles" {
                guard index + 1 < arguments.count else {
                    throw .invalidArguments(subcommand: "simctl", reason: "\(argument) needs a path.")
                }
                let path = try checkedPath(arguments[index + 1], option: argument)
                if argument == "--set" { options.setPath = path }
                index += 2
            } else if argument.hasPrefix("--set=") {
                options.setPath = try checkedPath(String(argument.dropFirst("--set=".count)), option: "--set")
                index += 1
            } else if argument.hasPrefix("--profiles=") {
                index += 1
            } else {
                break
            }
        }
        options.remaining = Array(arguments[index...])
        return options
    }

    /// An option's path: not empty, and not an option (`--set --` or `--set -j` is a slip, not a
    /// folder; a folder whose name starts with `-` can be given as `./-name`).
    private static func checkedPath(_ path: String, option: String) throws(SimctlError) -> String {
        guard !path.isEmpty else { throw .invalidArguments(subcommand: "simctl", reason: "\(option) needs a path.") }
        guard !path.hasPrefix("-") else {
            throw .invalidArguments(subcommand: "simctl", reason:
                "\(option) needs a path, not `\(path)`. For a folder whose name starts with -, write ./\(path).")
        }
        return path
    }

    /// The environment variable that bounds every wait for the set's lock, in seconds.
    static let lockTimeoutVariable = "PHOTOSIM_LOCK_TIMEOUT_SECONDS"

    /// How long to wait for the set's lock: `PHOTOSIM_LOCK_TIMEOUT_SECONDS` (0 to 86400, decimals
    /// allowed), else ``Simulator/DeviceSet/defaultLockTimeoutSeconds`` (10 s).
    func lockTimeoutSeconds() throws(SimctlError) -> Double {
        guard let text = ProcessInfo.processInfo.environment[GlobalOptions.lockTimeoutVariable] else {
            return DeviceSet.defaultLockTimeoutSeconds
        }
        guard let seconds = Double(text), seconds.isFinite, (0...86_400).contains(seconds) else {
            throw .invalidArguments(subcommand: "simctl", reason:
                "\(GlobalOptions.lockTimeoutVariable) must be a number of seconds from 0 to 86400, not `\(text)`.")
        }
        return seconds
    }

    /// The absolute path of the device set: `--set`, else the environment's default.
    func deviceSetPath() throws(SimctlError) -> String {
        let chosen: String?
        do {
            chosen = try DeviceSetLocation.chosenPath(given: setPath, environment: ProcessInfo.processInfo.environment,
                                                      currentFolder: FileManager.default.currentDirectoryPath)
        } catch {
            throw SimctlError(error)
        }
        guard let path = chosen else {
            throw .invalidArguments(
                subcommand: "simctl",
                reason: "No device set: pass --set <path>, or set \(DeviceSetLocation.environmentVariable) or HOME.")
        }
        return path
    }
}
