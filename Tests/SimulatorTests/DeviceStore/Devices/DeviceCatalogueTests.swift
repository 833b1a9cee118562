import Platform
import Testing
@testable import DeviceStore

@Suite("Device catalogue")
struct DeviceCatalogueTests {
    @Test func standardCatalogueHasCameraAndCameraLessTypes() {
        let catalogue = DeviceCatalogue.standard
        let phone = catalogue.deviceType(matching: "com.apple.CoreSimulator.SimDeviceType.iPhone-15")
        #expect(phone?.camera == CameraSpecification(photoPixelWidth: 4032, photoPixelHeight: 3024))
        #expect(phone?.camera?.megapixels == 12)
        #expect(catalogue.deviceType(matching: "iPad (10th generation)")?.productFamily == .iPad)
        #expect(catalogue.deviceType(matching: "iPad (10th generation)")?.hasCamera == true)
        #expect(catalogue.deviceTypes.contains { !$0.hasCamera })
        #expect(catalogue.deviceTypes.map(\.name) == catalogue.deviceTypes.map(\.name).sorted())
        for deviceType in catalogue.deviceTypes { deviceType.checkInvariants() }
    }

    @Test func jetsamLimitIsSixtyPercentOfMemory() {
        let sixGibibytes = 6 << 30
        #expect(DeviceType.jetsamLimit(forMemoryBytes: sixGibibytes) == 3686 << 20)
    }

    @Test func newestRuntimeIsTheDefault() {
        let runtime = DeviceCatalogue.standard.newestAvailableRuntime
        #expect(runtime?.name == "iOS 17.0")
        #expect(runtime?.buildVersion == "21A328")
    }

    @Test func udidsParseInAnyCaseAndPrintUpperCase() {
        #expect(DeviceUDID("f775f87a-1fca-4662-ae01-bb0c0bcec5cc")?.rawValue == "F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC")
        #expect(DeviceUDID("booted") == nil)
        #expect(BundleIdentifier(rawValue: "com.photosim.MyLocations") != nil)
        #expect(BundleIdentifier(rawValue: "com photosim") == nil)
    }
}
