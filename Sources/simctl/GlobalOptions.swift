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
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw .invalidArguments(subcommand: "simctl", reason: "\(argument) needs a path.")
                }
                if argument == "--set" { options.setPath = arguments[index + 1] }
                index += 2
            } else if argument.hasPrefix("--set=") {
                options.setPath = String(argument.dropFirst("--set=".count))
                guard options.setPath?.isEmpty == false else {
                    throw .invalidArguments(subcommand: "simctl", reason: "--set needs a path.")
                }
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

    /// The absolute path of the device set: `--set`, else the environment's default.
    func deviceSetPath() throws(SimctlError) -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let path = setPath ?? DeviceSetLocation.defaultPath(environment: environment) else {
            throw .invalidArguments(
                subcommand: "simctl",
                reason: "No device set: pass --set <path>, or set \(DeviceSetLocation.environmentVariable) or HOME.")
        }
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath.appendingPathComponent(path)
    }
}
