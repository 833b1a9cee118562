import Core
import Foundation
import Testing

@Suite struct PropertyListValueTests {
    @Test(arguments: [
        PropertyListValue.integer(0), .integer(1), .integer(-1), .integer(Int(Int32.max) + 1),
        .bool(false), .bool(true), .real(0.25), .real(-0.5), .real(1e-9),
        .string(""), .string("1"), .string("true"), .data(Data()), .data(Data([0, 1, 2])),
        .date(Date(timeIntervalSinceReferenceDate: 0)),
        .array([]), .dictionary([:]), .array([.integer(1), .bool(true), .real(1.5)]),
    ])
    func roundTripsKeepingTheType(_ value: PropertyListValue) throws {
        let wrapped = PropertyListValue.dictionary(["value": value])
        #expect(try PropertyListValue.decode(wrapped.encodedXML()) == wrapped)
    }

    @Test func readsBinaryIntegersAndBooleansApart() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["one": 1, "yes": true, "half": 0.5],
                                                        format: .binary, options: 0)
        #expect(try PropertyListValue.decode(binary) == .dictionary(["one": .integer(1), "yes": .bool(true), "half": .real(0.5)]))
    }

    /// The plist coders cannot tell `<real>2</real>` from `<integer>2</integer>` (documented on
    /// ``PropertyListValue/init(from:)``): a whole-number real reads back as an integer.
    @Test func wholeNumberRealsReadBackAsIntegers() throws {
        let wrapped = PropertyListValue.dictionary(["value": .real(2)])
        #expect(try PropertyListValue.decode(wrapped.encodedXML()) == .dictionary(["value": .integer(2)]))
    }

    @Test func undecodableBytesGiveFoundationsReason() {
        #expect(throws: PropertyListValue.DecodingError.self) { try PropertyListValue.decode(Data()) }
    }

    @Test func readsADictionaryInEitherFormat() throws {
        let entries: [String: PropertyListValue] = ["CFBundleIdentifier": "com.example.App", "UIDeviceFamily": .array([1, 2])]
        #expect(try PropertyListValue.decodeDictionary(PropertyListValue.dictionary(entries).encodedXML()) == entries)
        let binary = try PropertyListSerialization.data(fromPropertyList: ["PhotoID": 3], format: .binary, options: 0)
        #expect(try PropertyListValue.decodeDictionary(binary) == ["PhotoID": .integer(3)])
    }

    @Test(arguments: [
        ("<array/>", "the top level is an array, not a dictionary"),
        ("<integer>7</integer>", "the top level is an integer, not a dictionary"),
        ("<string>x</string>", "the top level is a string, not a dictionary"),
        ("<true/>", "the top level is a boolean, not a dictionary"),
    ])
    func aDictionaryIsRequiredAtTheTop(_ root: String, reason: String) {
        let xml = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\">\(root)</plist>".utf8)
        let error = #expect(throws: PropertyListValue.DecodingError.self) {
            try PropertyListValue.decodeDictionary(xml)
        }
        #expect(error?.reason == reason)
    }

    @Test func unreadableBytesAreNotAPropertyList() {
        let error = #expect(throws: PropertyListValue.DecodingError.self) { try PropertyListValue.decodeDictionary(Data("{".utf8)) }
        #expect(error?.reason.hasPrefix("not a property list: ") == true, "\(String(describing: error))")
    }
}
