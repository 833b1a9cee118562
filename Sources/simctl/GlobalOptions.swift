import ArgumentParsing
import Core
import Foundation
import Platform
import Live
import Simulator

/// The options before the subcommand, as Apple's `simctl [--set <path>] [--profiles <path>]`.
/// `--profiles` is accepted and ignored (PhotoSim's device types are built in).
struct GlobalOptions {
    var setPath: String?
    /// The subcommand and its arguments.
    var remaining: [String]

    /// `--set` and `--profiles` before the subcommand (``ArgumentParsing/SetPathOption``, the
    /// parser a team's runner uses too), then the subcommand and its arguments.
    static func parse(_ arguments: [String]) throws(SimctlError) -> GlobalOptions {
        do throws(ArgumentError) {
            let (path, remaining) = try SetPathOption.take(from: arguments, command: "simctl", usage: SimctlSubcommand.overview,
                                                           leadingOnly: true, ignoring: ["--profiles"])
            return GlobalOptions(setPath: path, remaining: remaining)
        } catch {
            throw .invalidArguments(subcommand: "simctl", reason: error.description)
        }
    }

    /// The set `--set` or the environment names, with the live seams (``Live/LiveDeviceSet``,
    /// which a team's runner opens its set with too).
    func deviceSet(processName: String, apps: [AppDefinition]) throws(SimctlError) -> DeviceSet {
        do throws(LiveDeviceSetError) {
            return try LiveDeviceSet.open(given: setPath, environment: ProcessInfo.processInfo.environment,
                                          processName: processName, apps: apps)
        } catch {
            throw .invalidArguments(subcommand: "simctl", reason: error.message)
        }
    }
}
