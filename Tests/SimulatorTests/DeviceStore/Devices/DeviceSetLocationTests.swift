import Core
import Foundation
import Testing
@testable import DeviceStore
@testable import SimctlPresentation

@Suite("Simulated location")
struct DeviceSetLocationTests {
    @Test(arguments: [
        ("37.3349,-122.009", 37.3349, -122.009),
        ("43.2, -4.8", 43.2, -4.8),
        ("-90,180", -90, 180),
        ("+1.5,0", 1.5, 0),
    ])
    func aLocationIsReadFromLatitudeCommaLongitude(_ text: String, latitude: Double, longitude: Double) throws {
        let location = try SimulatedLocation(parsing: text)
        #expect(location.latitude == latitude && location.longitude == longitude)
    }

    @Test(arguments: [
        ("37.3349", LocationError.malformed("37.3349")),
        ("1,2,3", .malformed("1,2,3")),
        ("north,west", .malformed("north,west")),
        ("nan,1", .malformed("nan,1")),
        ("1e3,1", .malformed("1e3,1")),
        (",1", .malformed(",1")),
        ("90.5,0", .latitudeOutOfRange(90.5)),
        ("0,-180.1", .longitudeOutOfRange(-180.1)),
    ])
    func aMalformedOrOutOfRangeLocationIsRefused(_ text: String, expected: LocationError) {
        #expect(throws: expected) { try SimulatedLocation(parsing: text) }
        #expect(SimctlError(.location(expected), subcommand: .location).exitCode == 64)
        #expect(SimctlError(.location(expected), subcommand: .location).usageAfterMessage == SimctlSubcommand.location.usage)
    }

    @Test func setThenClearOnABootedDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        #expect(deviceSetError { try sandbox.set.setLocation(phone, to: try SimulatedLocation(parsing: "1,2")) }
                == .wrongState(.appLookup, state: .shutdown))
        try sandbox.set.boot(phone)
        #expect(try sandbox.set.simulatedLocation(phone) == nil)
        try sandbox.set.setLocation(phone, to: try SimulatedLocation(parsing: "43.2,-4.8"))
        #expect(try sandbox.set.simulatedLocation(phone) == SimulatedLocation(latitude: 43.2, longitude: -4.8))
        try sandbox.set.setLocation(phone, to: nil)
        #expect(try sandbox.set.simulatedLocation(phone) == nil)
        try sandbox.set.setLocation(phone, to: nil)   // clearing twice is fine
    }

    @Test func eraseClearsTheLocation() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        try sandbox.set.setLocation(phone, to: try SimulatedLocation(parsing: "43.2,-4.8"))
        try sandbox.set.shutdown(phone)
        try sandbox.set.erase([phone])
        #expect(try sandbox.set.simulatedLocation(phone) == nil)
    }

    @Test func aDamagedLocationFileIsReportedWithItsPath() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        let path = try sandbox.set.device(phone).paths.simulatedLocationPath
        try sandbox.fileSystem.createDirectory(at: path.deletingLastPathComponent)
        try sandbox.fileSystem.writeAtomically(Data(#"{"latitude": 91, "longitude": 0}"#.utf8), to: path)
        let error = deviceSetError { _ = try sandbox.set.simulatedLocation(phone) }
        guard case .record(.unreadable(_, let reported, _))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reported == path && error?.simctl().exitCode == 74)
    }
}
