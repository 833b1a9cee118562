import Testing
@testable import Scenarios

/// Every header key, its default, and the environment it sets.
@Suite struct ScenarioHeaderTests {
    @Test func keysOfNeitherMaestroNorPhotoSimAreKeptAsMaestroKeepsThem() throws {
        // YamlConfig.kt keeps every key it does not know in `ext`; a key close to a known one
        // is taken for a typo, and `url` (a web flow's page) is refused with a sentence.
        let fixture = try ScenarioFixture()
        try fixture.write("kept.yaml", "appId: a.b\nproperties: {team: photos}\nowner: qa\n---\n- back\n")
        #expect(try fixture.load("kept.yaml").header.otherKeys == ["properties", "owner"])
        try fixture.write("typo.yaml", "appId: a.b\npermisions: {camera: allow}\n---\n- back\n")
        #expect(fixture.problems("typo.yaml").first?.contains("unknown key `permisions`; did you mean `permissions`?") == true,
                "\(fixture.problems("typo.yaml"))")
        try fixture.write("web.yaml", "url: https://example.com\n---\n- back\n")
        #expect(fixture.problems("web.yaml") == ["<root>/web.yaml:1:6: `url` is Maestro's, for a web flow: its web driver opens the page "
            + "in a browser. A scenario here drives an iOS app: give its bundle id as `appId`"])
    }

    @Test func everyKeyIsRead() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("photos/beach.jpg", "jpeg")
        try fixture.folder("fixtures/v1-store")
        try fixture.write("flows/kill.yaml", """
            appId: com.photosim.MyLocations
            name: Photo IDs survive a kill
            tags: [photo-ids, crash]
            env: {PLACE: Beach}
            device: iPod touch (7th generation)
            runtime: iOS 17.0
            seed: 7
            media: [../photos/beach.jpg]
            permissions: {camera: unset, photos: limited}
            limitedLibrary: [0, ABC/L0/001]
            container: ../fixtures/v1-store
            infoPlist: {remove: [NSCameraUsageDescription], set: {UIRequiresFullScreen: true, Build: "7"}}
            memoryLimit: 300MB
            ---
            - launchApp
            """)
        let header = try fixture.load("flows/kill.yaml").header
        #expect(header.appId == "com.photosim.MyLocations")
        #expect(header.name == "Photo IDs survive a kill")
        #expect(header.tags == ["photo-ids", "crash"])
        #expect(header.environment == ["PLACE": "Beach"])
        #expect(header.device == "iPod touch (7th generation)")
        #expect(header.runtime == "iOS 17.0")
        #expect(header.seed == 7)
        #expect(header.media.map(\.relativePath) == ["photos/beach.jpg"])
        #expect(header.permissions == [PermissionGrant(service: .camera, setting: .unset),
                                       PermissionGrant(service: .photos, setting: .limited)])
        #expect(header.limitedLibrary == [.index(0), .localIdentifier("ABC/L0/001")])
        #expect(header.container?.relativePath == "fixtures/v1-store")
        #expect(header.infoPlist == InfoPlistEdits(removedKeys: ["NSCameraUsageDescription"],
                                                   setEntries: [InfoPlistEntry(key: "UIRequiresFullScreen", value: .boolean(true)),
                                                                InfoPlistEntry(key: "Build", value: .text("7"))]))
        #expect(header.memoryLimit == ByteSize(bytes: 300 * 1_048_576))
    }

    @Test func defaultsWhenOnlyAppIdIsGiven() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("add-photo.yaml", "appId: com.photosim.MyLocations\n---\n- launchApp\n")
        let header = try fixture.load("add-photo.yaml").header
        #expect(header == ScenarioHeader(appId: "com.photosim.MyLocations", name: "add-photo"))
        #expect(header.device == "iPhone 15")
    }

    @Test func socialServicesNameTheServicesByTheirIdentifiersAndAMisspeltOneIsRefused() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("share.yaml", "appId: a.b\nsocialServices: [twitter, linkedIn]\n---\n- back\n")
        #expect(try fixture.load("share.yaml").header.socialServices == ["com.apple.social.twitter", "com.apple.social.linkedin"])
        try fixture.write("none.yaml", "appId: a.b\n---\n- back\n")
        #expect(try fixture.load("none.yaml").header.socialServices == nil)
        try fixture.write("typo.yaml", "appId: a.b\nsocialServices: [twiter]\n---\n- back\n")
        let problems = fixture.problems("typo.yaml")
        #expect(problems.contains { $0.contains("`socialServices`: `twiter` is not a service; give any of twitter, facebook") }, "\(problems)")
    }

    /// `camera` (PhotoSim's): `none` makes a device without cameras, as Apple's Simulator's are;
    /// `hardware` the type's; absent, the device's own.
    @Test func cameraIsNoneOrHardwareAndAnythingElseIsRefusedWhereItStands() throws {
        let fixture = try ScenarioFixture()
        for (word, expected) in [("none", false), ("hardware", true)] {
            try fixture.write("\(word).yaml", "appId: a.b\ncamera: \(word)\n---\n- back\n")
            #expect(try fixture.load("\(word).yaml").header.hasCamera == expected)
        }
        try fixture.write("unsaid.yaml", "appId: a.b\n---\n- back\n")
        #expect(try fixture.load("unsaid.yaml").header.hasCamera == nil)
        try fixture.write("typo.yaml", "appId: a.b\ncamera: off\n---\n- back\n")
        let problems = fixture.problems("typo.yaml")
        #expect(problems.contains { $0.contains("typo.yaml:2:9") && $0.contains("`camera`: expected `none`") && $0.contains("found `off`") },
                "\(problems)")
    }

    @Test func allSetsEveryService() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\npermissions: {all: deny}\n---\n- back\n")
        let header = try fixture.load("flow.yaml").header
        #expect(header.permissions.count > 10)
        #expect(header.permissions.allSatisfy { $0.setting == .deny })
    }

    @Test(arguments: [
        ("300MB", Int64(300) << 20), ("512KB", 512 << 10), ("1.5GB", 3 << 29), ("2GiB", 2 << 30), ("4096B", 4096),
    ])
    func memoryLimitUnitsAreBinary(_ written: String, bytes: Int64) {
        #expect(ByteSize(parsing: written)?.bytes == bytes)
    }

    @Test(arguments: ["300", "MB", "0MB", "-1MB", "3 MB", "300mb", "2TB", "1e3MB"])
    func badSizesAreRefused(_ written: String) {
        #expect(ByteSize(parsing: written) == nil)
    }

    @Test(arguments: [("250ms", Int64(250)), ("2s", 2_000), ("5m", 300_000), ("1h", 3_600_000), ("0ms", 0)])
    func durationsReadTheirUnit(_ written: String, milliseconds: Int64) {
        #expect(ScenarioDuration(parsing: written)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["250", "ms", "1.5s", "-2s", "2 s", "1d", "9000h", "99999999999999h"])
    func badDurationsAreRefused(_ written: String) {
        #expect(ScenarioDuration(parsing: written) == nil)
    }
}
