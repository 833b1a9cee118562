import Core
import Foundation
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

@Suite("spawn and Darwin notifications")
struct DeviceSetSpawnTests {
    @Test func postedNotificationsQueueInOrderAndAreTakenOnce() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        try sandbox.set.spawn(phone, executable: "notifyutil", arguments: ["-p", "UISimulatedMemoryWarningNotification"])
        try sandbox.set.spawn(phone, executable: "/usr/bin/notifyutil", arguments: ["-p", "com.example.a", "-p", "com.example.b"])
        #expect(try sandbox.set.pendingNotifications(phone) == ["UISimulatedMemoryWarningNotification", "com.example.a", "com.example.b"])
        #expect(try sandbox.set.takePendingNotifications(phone).count == 3)
        #expect(try sandbox.set.takePendingNotifications(phone).isEmpty)
    }

    @Test(arguments: [
        (["-g", "x"], SpawnError.unsupportedNotifyutilOption("-g")),
        (["-p"], .missingNotificationName),
        ([], .missingNotificationName),
        (["-p", "a", "-w"], .unsupportedNotifyutilOption("-w")),
    ])
    func notifyutilTakesDashPOnly(_ arguments: [String], expected: SpawnError) {
        let error = deviceSetError { _ = try DeviceSet.notificationNames(notifyutilArguments: arguments) }
        #expect(error == .spawn(expected) && error?.simctl(.spawn).exitCode == 64)
    }

    @Test func aRefusedPostQueuesNothing() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        #expect(deviceSetError { try sandbox.set.spawn(phone, executable: "notifyutil", arguments: ["-p", "a", "-g"]) } != nil)
        #expect(try sandbox.set.pendingNotifications(phone).isEmpty)
    }

    @Test func anyOtherExecutableIsNotFound() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        let error = deviceSetError { try sandbox.set.spawn(phone, executable: "/bin/ls", arguments: []) }
        #expect(error == .spawn(.executableNotFound("/bin/ls")))
        #expect(error?.simctl(.spawn).exitCode == 2)
        #expect(error?.simctl(.spawn).description.hasPrefix(
            "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n"
                + "The operation couldn’t be completed. No such file or directory\nNo such file or directory\n") == true)
    }

    @Test func spawnNeedsABootedDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        #expect(deviceSetError { try sandbox.set.spawn(phone, executable: "notifyutil", arguments: ["-p", "x"]) }
                == .wrongState(.appLookup, state: .shutdown))
    }
}
