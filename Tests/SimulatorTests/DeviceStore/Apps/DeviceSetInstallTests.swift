import Core
import Foundation
import Platform
import Testing
@testable import DeviceStore
@testable import SimctlPresentation

@Suite("Installing and uninstalling apps")
struct DeviceSetInstallTests {
    static let snaps = BundleIdentifier("com.example.Snaps")

    /// A sandbox with a booted iPhone; returns it and the device's selector.
    static func bootedSandbox() throws -> (DeviceSetSandbox, DeviceSelector) {
        let sandbox = try DeviceSetSandbox()
        let selector = DeviceSelector(try sandbox.create())
        try sandbox.set.boot(selector)
        return (sandbox, selector)
    }

    @Test(arguments: [false, true])
    func installCopiesTheBundleAndReadsItsInfoPlist(binaryPlist: Bool) throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        let source = try AppBundleFixture.write(in: sandbox.folder, binary: binaryPlist)
        try sandbox.set.install(phone, bundlePath: source)

        let app = try #require(try sandbox.set.installedApplications(phone).first { $0.bundleIdentifier == Self.snaps })
        #expect(app.bundlePath.hasSuffix("/Snaps.app"))
        #expect(try sandbox.fileSystem.contents(of: app.bundlePath.appendingPathComponent("Base.lproj/Main.storyboardc")) == Data("storyboard".utf8))
        #expect(app.infoPlist["CFBundleDisplayName"]?.string == "Snaps!")
        for folder in ["Documents", "Library/Preferences", "Library/Application Support", "Library/Caches", "tmp"] {
            #expect(sandbox.fileSystem.fileExists(at: app.dataContainerPath.appendingPathComponent(folder)), "\(folder)")
        }
        let metadata = try sandbox.fileSystem.contents(of: app.dataContainerPath.appendingPathComponent(".com.apple.mobile_container_manager.metadata.plist"))
        #expect(try PropertyListValue.decodeDictionary(metadata)["MCMMetadataIdentifier"]?.string == "com.example.Snaps")
        #expect(try sandbox.set.appContainer(phone, bundleIdentifier: Self.snaps, kind: .data) == [app.dataContainerPath])
    }

    @Test func theBundlesInfoPlistKeysAreRead() throws {
        let sandbox = try DeviceSetSandbox()
        let bundle = try AppBundle.read(at: try AppBundleFixture.write(in: sandbox.folder) + "/", fileSystem: sandbox.fileSystem)
        #expect(bundle.bundleIdentifier == Self.snaps && bundle.folderName == "Snaps.app")
        #expect(bundle.displayName == "Snaps!" && bundle.bundleName == "Snaps" && bundle.executableName == "Snaps")
        #expect(bundle.usageDescriptions == ["NSCameraUsageDescription": "Snaps takes photos."])
        #expect(bundle.urlSchemes == ["snaps", "snaps-debug"])
    }

    @Test func reinstallingKeepsTheDataContainerAndEndsTheRunningApp() throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        let source = try AppBundleFixture.write(in: sandbox.folder)
        let first = try sandbox.set.install(phone, bundlePath: source)
        let document = try sandbox.set.device(phone).paths.dataContainerPath(first.dataContainerIdentifier) + "/Documents/notes.txt"
        try sandbox.fileSystem.writeAtomically(Data("kept".utf8), to: document)
        _ = try sandbox.set.launch(phone, bundleIdentifier: Self.snaps)

        let second = try sandbox.set.install(phone, bundlePath: source)
        #expect(second.dataContainerIdentifier == first.dataContainerIdentifier)
        #expect(second.bundleContainerIdentifier != first.bundleContainerIdentifier)
        #expect(try sandbox.fileSystem.contents(of: document) == Data("kept".utf8))
        let paths = try sandbox.set.device(phone).paths
        #expect(!sandbox.fileSystem.fileExists(at: paths.bundleContainerPath(first.bundleContainerIdentifier)))
        #expect(try sandbox.set.runningApplications(phone).isEmpty)
        #expect(try sandbox.set.device(phone).record.installedApplications.filter { $0.bundleIdentifier == Self.snaps }.count == 1)
    }

    /// One way a bundle is not an app, the error kind it gives and the `simctl` status.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let title: String
        let makeBundle: @Sendable (String) throws -> String
        let kind: InstallErrorKind
        let exitCode: Int32
        var testDescription: String { title }
    }

    enum InstallErrorKind: Sendable { case bundleNotFound, missingInfoPlist, unreadableInfoPlist, missingBundleIdentifier, invalidBundleIdentifier, unsupportedItem }

    static let refusals: [Refusal] = [
        Refusal(title: "nothing at the path", makeBundle: { $0 + "/Missing.app" }, kind: .bundleNotFound, exitCode: 2),
        Refusal(title: "a file, not a folder", makeBundle: { folder in
            try POSIXFileSystem().writeAtomically(Data("x".utf8), to: folder + "/File.app"); return folder + "/File.app" },
                kind: .bundleNotFound, exitCode: 2),
        Refusal(title: "no Info.plist", makeBundle: { try AppBundleFixture.write(in: $0, plist: nil) }, kind: .missingInfoPlist, exitCode: 13),
        Refusal(title: "no bundle identifier", makeBundle: { try AppBundleFixture.write(in: $0, plist: AppBundleFixture.infoPlist(identifier: nil)) },
                kind: .missingBundleIdentifier, exitCode: 13),
        Refusal(title: "a bundle identifier with a space",
                makeBundle: { try AppBundleFixture.write(in: $0, plist: AppBundleFixture.infoPlist(identifier: "com.example.My App")) },
                kind: .invalidBundleIdentifier, exitCode: 13),
        Refusal(title: "an Info.plist that is no plist", makeBundle: { folder in
            let bundle = try AppBundleFixture.write(in: folder)
            try POSIXFileSystem().writeAtomically(Data("not a plist".utf8), to: bundle + "/Info.plist")
            return bundle }, kind: .unreadableInfoPlist, exitCode: 13),
        Refusal(title: "a symbolic link inside", makeBundle: { folder in
            let bundle = try AppBundleFixture.write(in: folder)
            try FileManager.default.createSymbolicLink(atPath: bundle + "/link", withDestinationPath: "/etc/passwd")
            return bundle }, kind: .unsupportedItem, exitCode: 65),
    ]

    @Test(arguments: refusals)
    func aBundleThatIsNotAnAppIsRefusedAndNothingChanges(_ refusal: Refusal) throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        let before = try sandbox.set.device(phone).record
        let bundleContainers = try sandbox.set.device(phone).paths.dataPath + "/Containers/Bundle/Application"
        let containersBefore = try sandbox.fileSystem.contentsOfDirectory(at: bundleContainers)
        let path = try refusal.makeBundle(sandbox.folder)

        let error = try #require(deviceSetError { try sandbox.set.install(phone, bundlePath: path) })
        guard case .install(let installError) = error else { Issue.record("\(error)"); return }
        #expect(Self.kind(of: installError) == refusal.kind, "\(installError)")
        #expect(error.simctl(.install).exitCode == refusal.exitCode)
        #expect(try sandbox.set.device(phone).record == before)
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: bundleContainers) == containersBefore, "a half-copied bundle was left behind")
    }

    static func kind(of error: InstallError) -> InstallErrorKind {
        switch error {
        case .bundleNotFound: return .bundleNotFound
        case .missingInfoPlist: return .missingInfoPlist
        case .unreadableInfoPlist: return .unreadableInfoPlist
        case .missingBundleIdentifier: return .missingBundleIdentifier
        case .invalidBundleIdentifier: return .invalidBundleIdentifier
        case .unsupportedItem: return .unsupportedItem
        }
    }

    @Test func appleTextsNameThePathAndTheReason() throws {
        let missing = SimctlError(.install(.bundleNotFound(path: "/x/A.app")), subcommand: .install)
        #expect(missing.description == "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n"
                + "Failed to install the requested application\nAn application bundle was not found at the provided path.\n"
                + "Provide a valid path to the desired application bundle.")
        let noIdentifier = SimctlError(.install(.missingBundleIdentifier(bundlePath: "/x/A.app")), subcommand: .install)
        #expect(noIdentifier.description.hasPrefix("An error was encountered processing the command (domain=IXErrorDomain, code=13):\n"
                + "Simulator device failed to install the application.\nMissing bundle ID.\n"
                + "Underlying error (domain=IXErrorDomain, code=13):\n\tFailed to get bundle ID from /x/A.app\n\tMissing bundle ID.\n"))
        #expect(noIdentifier.description.hasSuffix("has no CFBundleIdentifier string. Set PRODUCT_BUNDLE_IDENTIFIER and build again."))
    }

    @Test func uninstallRemovesAReferenceAppAndItsContainers() throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        let myLocations = BundleIdentifier("com.photosim.MyLocations")
        let app = try #require(try sandbox.set.installedApplications(phone).first { $0.bundleIdentifier == myLocations })
        _ = try sandbox.set.launch(phone, bundleIdentifier: myLocations)
        try sandbox.set.uninstall(phone, bundleIdentifier: myLocations)
        #expect(try !sandbox.set.installedApplications(phone).contains { $0.bundleIdentifier == myLocations })
        #expect(!sandbox.fileSystem.fileExists(at: app.bundleContainerPath) && !sandbox.fileSystem.fileExists(at: app.dataContainerPath))
        #expect(try sandbox.set.runningApplications(phone).isEmpty)
        #expect(deviceSetError { _ = try sandbox.set.launch(phone, bundleIdentifier: myLocations) } == .app(.notInstalled(myLocations)))
    }

    @Test func uninstallingAnAppThatIsNotInstalledChangesNothing() throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        let before = try sandbox.set.device(phone).record
        try sandbox.set.uninstall(phone, bundleIdentifier: Self.snaps)
        #expect(try sandbox.set.device(phone).record == before)
    }

    @Test func installAndUninstallNeedABootedDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let phone = DeviceSelector(try sandbox.create())
        let source = try AppBundleFixture.write(in: sandbox.folder)
        let install = deviceSetError { try sandbox.set.install(phone, bundlePath: source) }
        #expect(install == .wrongState(.appLookup, state: .shutdown) && install?.simctl(.install).exitCode == 149)
        #expect(deviceSetError { try sandbox.set.uninstall(phone, bundleIdentifier: Self.snaps) } == .wrongState(.appLookup, state: .shutdown))
    }

    @Test func installsAndUninstallsAreLoggedWithTheSetsClock() throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        try sandbox.set.install(phone, bundlePath: try AppBundleFixture.write(in: sandbox.folder))
        let installed = try #require(try sandbox.set.installedApplications(phone).first { $0.bundleIdentifier == Self.snaps })
        try sandbox.set.uninstall(phone, bundleIdentifier: Self.snaps)
        let log = String(decoding: try sandbox.fileSystem.contents(of: try sandbox.set.device(phone).paths.installationLogPath), as: UTF8.self)
        let lines = log.split(separator: "\n").map(String.init)
        let snapsLines = lines.filter { $0.contains("com.example.Snaps") }
        // installd's own lines, after the reference apps' (one writer for every line of the log).
        #expect(snapsLines.count == 6)
        #expect(snapsLines.first?.hasPrefix("Tue Nov 14 22:13:20 2023 [100] <notice> ") == true)
        #expect(snapsLines.contains { $0.hasSuffix("Data container for com.example.Snaps is now at \(installed.dataContainerPath)") })
        #expect(snapsLines.last?.hasSuffix("Uninstalling identifier com.example.Snaps") == true)
        #expect(lines.last == snapsLines.last)
    }

    @Test func eraseRemovesInstalledApps() throws {
        let (sandbox, phone) = try Self.bootedSandbox()
        try sandbox.set.install(phone, bundlePath: try AppBundleFixture.write(in: sandbox.folder))
        try sandbox.set.shutdown(phone)
        try sandbox.set.erase([phone])
        try sandbox.set.boot(phone)
        #expect(try !sandbox.set.installedApplications(phone).contains { $0.bundleIdentifier == Self.snaps })
    }
}
