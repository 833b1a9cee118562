// swift-tools-version:6.0
// A team's iOS app, unchanged: PhotoNotes is plain UIKit, Photos, PhotosUI and Foundation code, as it builds for
// iOS. On Linux it builds against PhotoSim's UIKit, is bundled as PhotoNotes.app
// (scripts/bundle) and runs in its own process under `simctl run Scenarios --app`.
import PackageDescription

let package = Package(
    name: "PhotoNotes",
    dependencies: [.package(name: "PhotoSim", path: "../..")],
    targets: [
        .executableTarget(name: "PhotoNotes", dependencies: [.product(name: "UIKit", package: "PhotoSim"),
                                                            .product(name: "Photos", package: "PhotoSim"),
                                                            .product(name: "PhotosUI", package: "PhotoSim")],
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        // Launches the bundled app in its own process and steps it (no UIKit import: the tests
        // talk to the app as the simulator does).
        .testTarget(name: "PhotoNotesTests", dependencies: [.product(name: "Simulator", package: "PhotoSim"),
                                                            .product(name: "PhotoSimTesting", package: "PhotoSim"),
                                                            .product(name: "Core", package: "PhotoSim")]),
    ]
)
