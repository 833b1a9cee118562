import Testing
@testable import DeviceStore

/// How text names a device: the one place `booted`, UDIDs and names are told apart.
@Suite("device selector")
struct DeviceSelectorTests {
    static let udid = DeviceUDID("F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC")!

    static let cases: [(text: String, selector: DeviceSelector)] = [
        ("booted", .booted),
        ("F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC", .udid(udid)),
        ("f775f87a-1fca-4662-ae01-bb0c0bcec5cc", .udid(udid)),
        ("My iPhone", .name("My iPhone")),
        ("Booted", .name("Booted")),
        ("F775F87A", .name("F775F87A")),
    ]

    @Test func textIsReadAsSimctlReadsIt() {
        for (text, selector) in Self.cases {
            #expect(DeviceSelector(text) == selector, "\(text)")
        }
    }

    @Test func aSelectorPrintsAsItSelects() {
        #expect(DeviceSelector("f775f87a-1fca-4662-ae01-bb0c0bcec5cc").description == Self.udid.rawValue)
        #expect(DeviceSelector.booted.description == "booted")
        #expect(DeviceSelector("My iPhone").description == "My iPhone")
    }

    @Test func theSelectorWordIsReservedAsADeviceName() {
        #expect(DeviceName.problem(with: DeviceSelector.bootedWord) != nil)
    }
}
