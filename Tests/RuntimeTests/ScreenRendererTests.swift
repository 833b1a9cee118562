import Apps
import Core
import Foundation
import Platform
@testable import AppRuntime
@testable import DeviceStore
@testable import Rendering
import Testing

@Suite("Rendering: what the device shows, as a PNG")
struct ScreenRendererTests {
    /// Orange on the left half, teal on the right: the centre-square crop keeps both halves.
    static let orange = (red: 235, green: 120, blue: 20)
    static let teal = (red: 20, green: 140, blue: 200)

    /// A sandbox whose library holds one 120x80 two-colour photo.
    static func sandbox(deviceType: String = "iPhone 15", seed: UInt64 = 1) throws -> RuntimeSandbox {
        let sandbox = try RuntimeSandbox(deviceType: deviceType, seed: seed, photoCount: 0)
        var pixels: [UInt8] = []
        for _ in 0..<80 { for x in 0..<120 {
            let color = x < 60 ? orange : teal
            pixels += [UInt8(color.red), UInt8(color.green), UInt8(color.blue)]
        } }
        let jpeg = try JPEGEncoder.encode(Bitmap(width: 120, height: 80, format: .rgb, pixels: pixels), quality: 95)
        _ = try sandbox.device.mediaLibrary.add([MediaSource(path: "halves.jpg", data: jpeg)])
        return sandbox
    }

    /// Launch, Tag Location, Add Photo (through the action sheet when there is a camera), pick the photo.
    static func pickPhoto(on host: AppHost) throws {
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        if host.device.hasCamera { try host.tap("Choose From Library") }
        try host.pickPhoto(index: 0)
    }

    @Test func theTagLocationScreenShowsThePickedPhotoAtItsSizeWithBothHalvesInPlace() throws {
        let sandbox = try Self.sandbox()
        try Self.pickPhoto(on: sandbox.host)
        let shot = try sandbox.host.screenshot()
        #expect(shot.pixelWidth == 1179 && shot.pixelHeight == 2556)
        let pixels = try ScreenshotPixels(shot, scale: 3)
        #expect(pixels.width == 1179 && pixels.height == 2556)
        let orange = pixels.matches(Self.orange)
        let teal = pixels.matches(Self.teal)
        // 260 pt square at 3x: each half is about 390x780 pixels.
        #expect(orange.count > 390 * 780 * 9 / 10 && teal.count > 390 * 780 * 9 / 10)
        #expect((770...790).contains(orange.maxY - orange.minY + 1), "the photo is 260 pt high")
        #expect((770...790).contains(teal.maxX - orange.minX + 1), "the photo is 260 pt wide")
        #expect(orange.maxX < teal.minX + 6, "orange stays on the left")
        #expect(abs((orange.minX + teal.maxX) / 2 - 1179 / 2) <= 3, "the photo is centred in its row")
    }

    @Test func differentScreensDrawDifferentlyAndTheTitleBarIsThere() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        let tag = try host.screenshot()
        try host.tap("Tag Location")
        let details = try host.screenshot()
        try host.tap("Add Photo")
        let sheet = try host.screenshot()
        #expect(Set([tag.pngData, details.pngData, sheet.pngData]).count == 3)
        let pixels = try ScreenshotPixels(tag, scale: 3)
        let barBlue = pixels.matches((0, 122, 255), tolerance: 10)
        #expect(barBlue.count > 0, "the selected tab and the Tag Location button are blue")
    }

    @Test func anActionSheetDimsTheScreenAndStacksItsButtonsAtTheBottom() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        let before = try ScreenshotPixels(try host.screenshot(), scale: 3)
        try host.tap("Add Photo")
        let after = try ScreenshotPixels(try host.screenshot(), scale: 3)
        let backgroundBefore = before.color(xPoints: 200, yPoints: 400)
        let backgroundAfter = after.color(xPoints: 200, yPoints: 400)
        #expect(backgroundAfter.red < backgroundBefore.red * 7 / 10, "the window behind is dimmed")
        // Three 57 pt buttons in two groups above the 34 pt home-indicator inset: blue text there.
        let buttons = after.matches((0, 122, 255), tolerance: 30, rows: (852 - 34 - 57 * 3 - 8) * 3..<(852 - 34) * 3)
        #expect(buttons.count > 500)
        #expect(after.color(xPoints: 20, yPoints: 852 - 34 - 10) == (255, 255, 255), "the Cancel group is white")
    }

    @Test func theLibraryPickerShowsTheAssetsAsAPageSheetAndOnIPadActionsInAPopover() throws {
        let phone = try Self.sandbox()
        try phone.host.launch()
        try phone.host.tap("Tag Location")
        try phone.host.tap("Add Photo")
        try phone.host.tap("Choose From Library")
        let picker = try ScreenshotPixels(try phone.host.screenshot(), scale: 3)
        #expect(picker.color(xPoints: 200, yPoints: 30).red < 150, "the window above the sheet is dimmed")
        #expect(picker.color(xPoints: 4, yPoints: 600) == (242, 242, 247), "the sheet's background is grouped grey")

        // LootLogger anchors its photo menu (MyLocations' text does not, and on an iPad ends).
        let pad = try RuntimeSandbox(deviceType: "iPad (10th generation)", photoCount: 0, definition: LootLogger.definition)
        try pad.host.launch()
        try pad.host.tap("Add")
        try pad.host.tap("Item 1")
        let details = try ScreenshotPixels(try pad.host.screenshot(), scale: 2)
        try pad.host.tap("Camera")
        #expect(pad.host.presentedStyle == "popover")
        let popover = try ScreenshotPixels(try pad.host.screenshot(), scale: 2)
        #expect(popover.width == 1640 && popover.height == 2360)
        #expect(popover.color(xPoints: 10, yPoints: 1000) == details.color(xPoints: 10, yPoints: 1000), "a popover dims nothing")
        #expect(popover.color(xPoints: 410, yPoints: 130) == (255, 255, 255), "the bubble is below the navigation bar")
    }

    @Test func editingATextFieldBringsUpTheKeyboard() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        let idle = try ScreenshotPixels(try host.screenshot(), scale: 3)
        try host.tap("description")
        try host.inputText("Beach")
        let editing = try ScreenshotPixels(try host.screenshot(), scale: 3)
        #expect(idle.color(xPoints: 2, yPoints: 700) != (209, 211, 217))
        #expect(editing.color(xPoints: 2, yPoints: 700) == (209, 211, 217), "the keyboard's grey")
    }

    @Test func theSameStateDrawsTheSameBytesTwiceAndAcrossHostsWithTheSameSeedAndSteps() throws {
        let first = try Self.sandbox(seed: 42)
        let second = try Self.sandbox(seed: 42)
        try Self.pickPhoto(on: first.host)
        try Self.pickPhoto(on: second.host)
        let shot = try first.host.screenshot()
        #expect(try first.host.screenshot(renderer: first.host.makeRenderer()) == shot)
        #expect(try second.host.screenshot() == shot)
        let chunks = Set(ScreenshotPixels.chunkTypes(of: shot.pngData))
        #expect(chunks.isDisjoint(with: ["tIME", "tEXt", "zTXt", "iTXt"]), "no time or text chunk in \(chunks.sorted())")
        #expect(chunks.isSuperset(of: ["IHDR", "IDAT", "IEND"]))
    }

    @Test(arguments: [
        ("iPhone 15", 1179, 2556),
        ("iPhone SE (3rd generation)", 750, 1334),
        ("iPad (10th generation)", 1640, 2360),
        ("iPod touch (7th generation)", 640, 1136),
    ])
    func theHomeScreenIsDrawnAtTheDeviceTypesPixelSizeWhenNoAppRuns(deviceType: String, pixelWidth: Int, pixelHeight: Int) throws {
        let sandbox = try Self.sandbox(deviceType: deviceType)
        let host = sandbox.host
        #expect(host.displayState == nil)
        let shot = try host.screenshot(homeScreenApps: ["MyLocations", "Photos", "Settings"])
        let pixels = try ScreenshotPixels(shot, scale: host.device.deviceType.screenScale)
        #expect(shot.pixelWidth == pixelWidth && shot.pixelHeight == pixelHeight)
        #expect(pixels.width == pixelWidth && pixels.height == pixelHeight)
        #expect(pixels.color(xPoints: 1, yPoints: 1) == (43, 88, 118), "the wallpaper's top colour")
        let fewer = try host.screenshot(homeScreenApps: ["MyLocations"])
        #expect(fewer.pngData != shot.pngData)
    }

    @Test func anAppInTheBackgroundOrEndedShowsTheHomeScreen() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        let running = try host.screenshot()
        try host.pressHome()
        let home = try host.screenshot()
        #expect(home != running)
        #expect(try ScreenshotPixels(home, scale: 3).color(xPoints: 1, yPoints: 1) == (43, 88, 118))
        try host.activate()
        #expect(try host.screenshot() == running)
    }

    @Test func theStatusBarTimeFollowsTheWorldsClock() throws {
        let sandbox = try Self.sandbox()
        #expect(sandbox.host.statusBarTime == "12:00")
        let noon = try sandbox.host.screenshot()
        _ = try sandbox.world.scheduler.advance(by: .seconds(90 * 60))
        #expect(sandbox.host.statusBarTime == "1:30")
        #expect(try sandbox.host.screenshot() != noon)
    }

    @Test(arguments: [(0, "12:00"), (59, "12:00"), (3_600 * 13 + 5 * 60, "1:05"), (3_600 * 11 + 59 * 60, "11:59"), (-60, "11:59")])
    func theStatusBarReadsTwelveHourTimeInUTC(secondsAfterMidnight: Int, text: String) {
        let midnight = 1_714_521_600.0 // 2024-05-01 00:00:00 UTC
        #expect(StatusBarClock.text(for: Date(timeIntervalSince1970: midnight + Double(secondsAfterMidnight))) == text)
    }

    @Test func aMissingFontIsATypedErrorNamingThePackage() {
        #expect(throws: RenderingError.fontMissing(family: "DejaVu Sans", files: ["NoSuchFace.ttf"], package: "fonts-dejavu-core")) {
            _ = try FontLibrary(fileNames: ["NoSuchFace.ttf"])
        }
        let message = RenderingError.fontMissing(family: "DejaVu Sans", files: ["DejaVuSans.ttf"], package: "fonts-dejavu-core").description
        #expect(message.contains("fonts-dejavu-core") && message.contains("DejaVuSans.ttf"))
    }

    @Test func theFontLibraryUsesOnlyTheDejaVuFiles() throws {
        let fonts = try FontLibrary()
        #expect(fonts.filePaths.map { ($0 as NSString).lastPathComponent } == ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
    }
}
