import Core
import Foundation
import Platform
import Testing
@testable import DeviceStore
@testable import World

@Suite("Screenshots of a device")
struct DeviceSetScreenshotTests {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func theHomeScreenListsInstalledAppsAtTheDevicesPixelSize() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create(type: "iPhone SE (3rd generation)"))
        try sandbox.set.boot(phone)
        let before = try sandbox.set.screenshot(phone, applications: [])
        #expect(before.pixelWidth == 750 && before.pixelHeight == 1334)
        #expect(Array(before.pngData.prefix(8)) == Self.pngSignature)
        #expect(try sandbox.set.screenshot(phone, applications: []) == before, "the same state gives the same bytes")

        try sandbox.set.install(phone, bundlePath: try AppBundleFixture.write(in: sandbox.folder))
        #expect(try sandbox.set.screenshot(phone, applications: []).pngData != before.pngData, "the new app's icon is drawn")
    }

    @Test func aRunningAppWithoutCodeShowsTheHomeScreen() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        let home = try sandbox.set.screenshot(phone, applications: [])
        _ = try sandbox.set.launch(phone, bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        #expect(try sandbox.set.screenshot(phone, applications: []) == home)
    }

    @Test func jpegIsWrittenThroughCoresEncoderAndOtherTypesAreRefused() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        let jpeg = try sandbox.set.screenshotData(phone, format: .jpeg, applications: [])
        let info = try ImageProbe.probe(jpeg)
        #expect(info.format == .jpeg && info.pixelWidth == 1179 && info.pixelHeight == 2556)
        for format in [ScreenshotFormat.tiff, .bmp, .gif] {
            let error = deviceSetError { _ = try sandbox.set.screenshotData(phone, format: format, applications: []) }
            #expect(error == .io(.unsupportedType(format)) && error?.simctl(.io).exitCode == 64)
        }
    }

    @Test func theFileIsWrittenWholeAndAMissingFolderIsRefused() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(phone)
        let path = sandbox.folder + "/shot.png"
        try sandbox.set.writeScreenshot(phone, to: path, format: .png, applications: [])
        #expect(try sandbox.fileSystem.contents(of: path) == sandbox.set.screenshot(phone, applications: []).pngData)
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: sandbox.folder).filter { $0.contains("shot") } == ["shot.png"])

        let missing = sandbox.folder + "/no/such/shot.png"
        let error = deviceSetError { try sandbox.set.writeScreenshot(phone, to: missing, format: .png, applications: []) }
        #expect(error == .io(.folderMissing(filePath: missing, folder: sandbox.folder + "/no/such")))
        #expect(error?.simctl(.io).exitCode == 4)
        #expect(error?.simctl(.io).description.hasPrefix(
            "An error was encountered processing the command (domain=NSCocoaErrorDomain, code=4):\nThe folder “shot.png” doesn’t exist.\n") == true)
    }

    @Test(arguments: [("shot.png", ScreenshotFormat.png), ("a/b.JPG", .jpeg), ("x.jpeg", .jpeg), ("x.tif", .tiff), ("x.gif", .gif)])
    func theTypeIsDetectedFromTheExtension(_ path: String, expected: ScreenshotFormat) {
        #expect(ScreenshotFormat.detected(fromPath: path) == expected)
    }

    @Test(arguments: ["shot", "shot.dat", ".png", "dir.png/shot"])
    func anUnknownOrMissingExtensionDetectsNothing(_ path: String) {
        #expect(ScreenshotFormat.detected(fromPath: path) == nil)
    }

    @Test func aShutDownDeviceHasNoScreen() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        #expect(deviceSetError { _ = try sandbox.set.screenshot(phone, applications: []) } == .wrongState(.appLookup, state: .shutdown))
    }
}
