import Platform
import Testing
@testable import DeviceStore

@Suite("Device catalogue")
struct DeviceCatalogueTests {
    /// Each type's rear and front cameras, in megapixels, as Apple's technical specifications
    /// pages give them (iPhone 15: 12 MP TrueDepth front; iPhone SE (3rd generation): 12 MP Wide,
    /// 7 MP FaceTime HD; iPad (10th generation): 12 MP Wide, 12 MP Ultra Wide front; iPod touch
    /// (7th generation): 8 MP, 1.2 MP FaceTime HD). The iPod touch had cameras: it is not a
    /// stand-in for the camera-less Simulator.
    @Test func everyTypeHasTheRearAndFrontCamerasOfItsHardware() {
        let catalogue = DeviceCatalogue.standard
        let phone = catalogue.deviceType(matching: "com.apple.CoreSimulator.SimDeviceType.iPhone-15")
        #expect(phone?.rearCamera == CameraSpecification(photoPixelWidth: 4032, photoPixelHeight: 3024))
        let megapixels = catalogue.deviceTypes.map { [$0.name, "\($0.rearCamera.megapixels)", "\($0.frontCamera.megapixels)"] }
        #expect(megapixels == [["iPad (10th generation)", "12", "12"], ["iPhone 15", "12", "12"],
                               ["iPhone SE (3rd generation)", "12", "7"], ["iPod touch (7th generation)", "8", "1"]])
        let pod = catalogue.deviceType(matching: "iPod touch (7th generation)")
        #expect(pod.map { ($0.frontCamera.photoPixelWidth, $0.frontCamera.photoPixelHeight) } ?? (0, 0) == (1280, 960))
        #expect(pod.map(\.cameraPhotoSize) ?? (0, 0) == (3264, 2448))
        #expect(catalogue.deviceType(matching: "iPad (10th generation)")?.productFamily == .iPad)
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
