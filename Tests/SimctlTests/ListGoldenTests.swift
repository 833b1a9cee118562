import Foundation
import Testing

/// `simctl list` in plain text against a golden file, UDIDs masked in order of appearance.
/// Run with `PHOTOSIM_UPDATE_GOLDENS=1 swift test --filter ListGoldenTests` to rewrite it.
@Suite("simctl list golden output")
struct ListGoldenTests {
    static var goldenPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/list.txt").path
    }

    @Test func plainListMatchesTheGolden() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Test iPhone")
        _ = try runner.createDevice("Test iPad", type: "iPad (10th generation)")
        _ = try runner.createDevice("Camera-less", type: "iPod touch (7th generation)")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let result = try runner.run(["list"])
        #expect(result.exitCode == 0 && result.standardError.isEmpty)
        let masked = ListGoldenTests.maskingUDIDs(result.standardOutput)

        if ProcessInfo.processInfo.environment["PHOTOSIM_UPDATE_GOLDENS"] == "1" {
            try masked.write(toFile: ListGoldenTests.goldenPath, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: ListGoldenTests.goldenPath, encoding: .utf8)
        #expect(masked == golden, "simctl list changed; if intended, refresh with PHOTOSIM_UPDATE_GOLDENS=1")
    }

    /// Replaces each distinct UDID by `<UDID-n>`, numbered in order of first appearance.
    static func maskingUDIDs(_ text: String) -> String {
        let pattern = try! NSRegularExpression(pattern: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")
        var numbers: [String: Int] = [:]
        var output = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let udid = String(text[Range(match.range, in: text)!])
            if numbers[udid] == nil { numbers[udid] = numbers.count + 1 }
        }
        for (udid, number) in numbers { output = output.replacingOccurrences(of: udid, with: "<UDID-\(number)>") }
        return output
    }
}
