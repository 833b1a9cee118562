import Foundation
import Testing
@testable import SimctlPresentation

@Suite("simctl text and JSON rendering")
struct RenderingTests {
    @Test func jsonPrintsLikeFoundationPrettyPrinting() {
        let json = SimctlJSON.object([
            "pairs": .object([:]),
            "list": .array([]),
            "path": .string("/tmp/a \"b\""),
            "flag": .boolean(true),
            "count": .integer(3),
        ])
        #expect(json.rendered() == """
            {
              "count" : 3,
              "flag" : true,
              "list" : [

              ],
              "pairs" : {

              },
              "path" : "\\/tmp\\/a \\"b\\""
            }

            """)
        #expect(SimctlJSON.string("/x").rendered(escapingSlashes: false) == "\"/x\"\n")
    }

    @Test func oldStylePlistQuotesLikeNSDictionaryDescription() {
        let text = OldStylePropertyList.render([
            "com.example.app": .dictionary([
                "CFBundleName": "Test",
                "CFBundleVersion": "1",
                "CFBundleShortVersionString": "2.5.0",
                "GroupContainers": .dictionary([:]),
                "SBAppTags": .array(["watch-companion"]),
            ]),
        ])
        #expect(text == """
            {
                "com.example.app" =     {
                    CFBundleName = Test;
                    CFBundleShortVersionString = "2.5.0";
                    CFBundleVersion = 1;
                    GroupContainers =         {
                    };
                    SBAppTags =         (
                        "watch-companion"
                    );
                };
            }

            """)
    }

    @Test func oldStylePlistWritesNumbersDataAndDatesAsFoundationDescribesThem() {
        let text = OldStylePropertyList.render([
            "Flag": .bool(true), "Ratio": .real(0.5), "Blob": .data(Data([0xDE, 0xAD, 0xBE, 0xEF, 0x01])),
            "Installed": .date(Date(timeIntervalSince1970: 1_654_601_658)),
        ])
        #expect(text == """
            {
                Blob = <deadbeef 01>;
                Flag = 1;
                Installed = "2022-06-07 11:34:18 +0000";
                Ratio = 0.5;
            }

            """)
    }

    @Test func packedRuntimeVersionsMatchCoreSimulator() {
        #expect(DeviceListing.packedVersion("13.0.0") == 851_968)
        #expect(DeviceListing.packedVersion("12.3") == 787_200)
    }

    @Test func everySubcommandHasUsageText() {
        for subcommand in SimctlSubcommand.allCases {
            #expect(subcommand.usage.hasPrefix(subcommand.summary + "\n"))
            #expect(subcommand.usage.contains("simctl \(subcommand.rawValue)"))
            #expect(SimctlSubcommand.overview.contains("\t\(subcommand.rawValue) "))
        }
    }
}
