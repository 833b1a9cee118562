@testable import Core
import Foundation
import Testing

/// A file cut at any byte after its signature is truncated: never decoded part grey, never a crash,
/// never reported as an unreadable header.
@Suite struct CutAnywhereTests {
    static let files: [(name: String, signatureLength: Int, format: String, step: Int)] = [
        ("rgb_reference_96x64.gif", 6, "GIF", 1),
        ("photo_tiny.heic", 12, "HEIC", 3),
        ("photo_tiny.jpg", 3, "JPEG", 1),
    ]

    @Test(arguments: files)
    func everyCutIsTruncated(file: (name: String, signatureLength: Int, format: String, step: Int)) throws {
        let whole = try Fixtures.data(file.name)
        var misreported: [String] = []
        for length in stride(from: file.signatureLength, to: whole.count, by: file.step) {
            do {
                _ = try ImageDecoder().decode(whole.prefix(length))
                misreported.append("\(length): decoded")
            } catch ImageError.truncated(format: file.format) {
                continue
            } catch {
                misreported.append("\(length): \(error)")
            }
        }
        #expect(misreported.count == 0, "\(misreported.count) cuts misreported, first: \(misreported.prefix(5))")
    }

    /// Each of the first 400 bytes inverted in turn (headers, colour tables, box structure): every
    /// result is a bitmap of the size the probe reports or an ``ImageError``, never a crash.
    @Test(arguments: ["rgb_reference_96x64.gif", "photo_tiny.heic"])
    func damagedHeadersFailCleanly(name: String) throws {
        let whole = try Fixtures.data(name)
        for index in 0..<min(400, whole.count) {
            var data = whole
            data[index] ^= 0xFF
            guard let bitmap = try? ImageDecoder().decode(data) else { continue }
            let info = try ImageProbe.probe(data)
            #expect(bitmap.width == info.displayWidth && bitmap.height == info.displayHeight, "byte \(index)")
        }
    }
}
