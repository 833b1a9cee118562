// swift-tools-version:6.0
// A team's own app on PhotoSim: the app (Notes, on Platform + Core), its scenarios, its scenario
// runner executable and its tests. It depends on the PhotoSim repository by path.
import PackageDescription

let package = Package(
    name: "TeamApp",
    dependencies: [.package(name: "PhotoSim", path: "../..")],
    targets: [
        // The app: one note with a photo chosen from the library, saved through Core's ImageStore.
        .target(name: "Notes", dependencies: [.product(name: "Platform", package: "PhotoSim"),
                                              .product(name: "Core", package: "PhotoSim")]),
        // `swift run teamapp-scenarios Scenarios`: the same options, reports and exit codes as `simctl run`.
        .executableTarget(name: "teamapp-scenarios", dependencies: ["Notes", .product(name: "ScenarioKit", package: "PhotoSim")]),
        .testTarget(name: "NotesTests", dependencies: ["Notes", .product(name: "ScenarioKit", package: "PhotoSim"),
                                                       .product(name: "ScenarioKitTesting", package: "PhotoSim"),
                                                       .product(name: "Simulator", package: "PhotoSim")]),
    ]
)
