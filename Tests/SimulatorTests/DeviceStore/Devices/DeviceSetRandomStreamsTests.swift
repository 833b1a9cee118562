import Core
import Foundation
import Testing
@testable import DeviceStore

/// New UDIDs, container identifiers and media identifiers come from one named stream each, so
/// drawing more of one kind never shifts the identifiers of another.
@Suite struct DeviceSetRandomStreamsTests {
    @Test func addingPhotosDoesNotShiftTheNextDevicesIdentifiers() throws {
        let quiet = try DeviceSetSandbox(seed: 11)
        let busy = try DeviceSetSandbox(seed: 11)
        let first = try quiet.create("First")
        #expect(try busy.create("First") == first)

        try busy.set.boot(DeviceSelector(first))
        let photos = try (0..<3).map { try busy.writeJPEG(named: "extra-\($0).jpg") }
        #expect(try busy.set.addMedia(DeviceSelector(first), paths: photos).count == 3)

        let second = try quiet.create("Second")
        #expect(try busy.create("Second") == second)
        let quietApps = try quiet.set.device(DeviceSelector(second)).record.installedApplications
        let busyApps = try busy.set.device(DeviceSelector(second)).record.installedApplications
        #expect(quietApps.map(\.dataContainerIdentifier) == busyApps.map(\.dataContainerIdentifier))
    }

    @Test func anotherSeedGivesOtherIdentifiers() throws {
        #expect(try DeviceSetSandbox(seed: 11).create() != DeviceSetSandbox(seed: 12).create())
    }
}
