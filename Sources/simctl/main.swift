// simctl: PhotoSim's stand-in for `xcrun simctl`. Parses arguments and prints; every decision
// is made by the Simulator module's DeviceSet.
#if canImport(Glibc)
import Glibc
#endif

exit(SimctlProgram(arguments: Array(CommandLine.arguments.dropFirst())).run())
