import Apps
import Core
import Foundation
import Testing
@testable import DeviceStore

/// The `Info.plist` and container metadata files a new device gets, written and read through
/// Core's `PropertyListValue`.
@Suite("Info.plist files on a device")
struct InfoPlistTests {
    /// What Xcode writes into `PhotoShare.app`: an XML plist, keys sorted, tab-indented.
    static let photoShareInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>PhotoShare</string>
        \t<key>CFBundleExecutable</key>
        \t<string>PhotoShare</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.photosim.PhotoShare</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundleName</key>
        \t<string>PhotoShare</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>1.0</string>
        \t<key>CFBundleVersion</key>
        \t<string>1</string>
        \t<key>MinimumOSVersion</key>
        \t<string>16.0</string>
        \t<key>NSPhotoLibraryUsageDescription</key>
        \t<string>PhotoShare shows your photos so you can share them.</string>
        \t<key>UIDeviceFamily</key>
        \t<array>
        \t\t<integer>1</integer>
        \t\t<integer>2</integer>
        \t</array>
        </dict>
        </plist>

        """

    @Test func infoPlistIsTheXMLXcodeWrites() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(DeviceSelector(udid))
        let photoShare = try #require(try sandbox.set.installedApplications(DeviceSelector(udid)).last)
        let bytes = try sandbox.fileSystem.contents(of: photoShare.bundlePath.appendingPathComponent("Info.plist"))
        #expect(String(decoding: bytes, as: UTF8.self) == Self.photoShareInfoPlist)
        #expect(photoShare.infoPlist == ReferenceApps.all[3].bundleInfoPlist)
    }

    @Test func eachContainerNamesItsOwnerInItsMetadata() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(DeviceSelector(udid))
        for app in try sandbox.set.installedApplications(DeviceSelector(udid)) {
            for container in [app.bundleContainerPath, app.dataContainerPath] {
                let path = container.appendingPathComponent(".com.apple.mobile_container_manager.metadata.plist")
                let metadata = try PropertyListValue.decodeDictionary(try sandbox.fileSystem.contents(of: path))
                #expect(metadata == ["MCMMetadataIdentifier": .string(app.bundleIdentifier.rawValue)], "\(path)")
            }
        }
    }

    @Test(arguments: [
        ("garbage", Data("not a plist".utf8), "not a property list: "),
        ("an empty file", Data(), "not a property list: "),
        ("an array at the top", PropertyListValue.array([1]).encodedXML(), "the top level is an array, not a dictionary"),
    ])
    func aDamagedInfoPlistIsNamedWithItsPath(_ name: String, bytes: Data, reason: String) throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(DeviceSelector(udid))
        let plistPath = try sandbox.set.installedApplications(DeviceSelector(udid))[0].bundlePath.appendingPathComponent("Info.plist")
        try sandbox.fileSystem.writeAtomically(bytes, to: plistPath)

        let error = deviceSetError { _ = try sandbox.set.installedApplications(DeviceSelector(udid)) }
        guard case .record(.unreadable(let reportedUDID, let reportedPath, let reportedReason))? = error else {
            Issue.record("\(name): expected a corrupt device record, got \(String(describing: error))")
            return
        }
        #expect(reportedUDID.rawValue == udid && reportedPath == plistPath)
        #expect(reportedReason.contains(reason), "\(name): \(reportedReason)")
        #expect(error?.simctl().exitCode == 74)
        #expect(try sandbox.fileSystem.contents(of: plistPath) == bytes, "a damaged Info.plist is left as it is")
    }
}
