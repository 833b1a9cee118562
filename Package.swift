// swift-tools-version:6.0
// PhotoSim: a deterministic, headless stand-in for the parts of iOS a photo-tagging app touches.
// System libraries only (no Swift package dependencies): see README for the apt packages.
import PackageDescription

let package = Package(
    name: "PhotoSim",
    products: [
        .library(name: "Core", targets: ["Core"]),
        .library(name: "Simulator", targets: ["Simulator"]),
        // What an app sees of iOS, and the apps written on it.
        .library(name: "Platform", targets: ["Platform"]),
        // Apple's UIKit for an app's own process, so that code written for iOS builds unchanged
        // (docs/uikit.md).
        .library(name: "UIKit", targets: ["UIKit"]),
        // Apple's Photos and PhotosUI, UniformTypeIdentifiers, and the CoreLocation and ImageIO
        // types Photos speaks in, for an app's own process (docs/photos.md).
        .library(name: "Photos", targets: ["Photos"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        // Apple's Social (SLComposeViewController) for an app's own process (docs/photos.md).
        .library(name: "Social", targets: ["Social"]),
        .library(name: "PhotosUI", targets: ["PhotosUI"]),
        .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]),
        .library(name: "Apps", targets: ["Apps"]),
        // Scenario files (Maestro-shaped YAML) loaded and validated into typed commands.
        .library(name: "Scenarios", targets: ["Scenarios"]),
        // Test doubles and contract checks for a team's own tests; no test framework inside.
        .library(name: "PhotoSimTesting", targets: ["PhotoSimTesting"]),
        // A team's own scenario runner and test checks: `ScenarioMain.run(apps:arguments:)`,
        // `ScenarioCheck`, `AppHostCheck`. No test framework inside.
        .library(name: "ScenarioKit", targets: ["ScenarioKit"]),
        // ScenarioKit's checks as Swift Testing expectations (imports Testing; for test targets only).
        .library(name: "ScenarioKitTesting", targets: ["ScenarioKitTesting"]),
        // The entry points of the libFuzzer harnesses in `Fuzzing/` (docs/fuzzing.md), for them and for tests.
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
        .executable(name: "simctl", targets: ["simctl"]),
        .executable(name: "xcrun", targets: ["xcrun"]),
        .executable(name: "photosim-bench", targets: ["photosim-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),

        // A SQLite VFS over the default one that asks the simulator's fault layer before every
        // write, sync, truncate and delete of a device's stores (disk full, EIO, short write, freeze).
        .target(name: "CSQLiteFaultVFS", dependencies: ["CSQLite"], linkerSettings: [.linkedLibrary("sqlite3")]),

        // Reads a PNG row by row through libpng's classic API (its errors longjmp to a setjmp,
        // which Swift cannot make), so that checking an image needs one row, not its decoded size.
        .target(name: "CPNGRows", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png16")]),

        // libheif opened with dlopen on the first HEIC, never linked: its wrappers have libheif's own
        // types, from its header (Debian's libheif-dev, on the default include path; libheif1 at run time).
        .target(name: "CHeif"),

        // cairo, fontconfig and Pango opened with dlopen when the first screen is drawn, never linked:
        // cairo's and fontconfig's types from their headers (libcairo2-dev, which brings
        // libfontconfig-dev; no include flags needed), Pango's few declared in the target and checked
        // against Pango's headers by a test (libpango1.0-dev). At run time: libpangocairo-1.0-0.
        .target(name: "CRendering"),
        // JavaScriptCore (WebKitGTK), opened with dlopen when a scenario first runs a script.
        .target(name: "CJavaScriptCore"),

        // The words an app process and the simulator exchange over the pipes the simulator opens
        // when it launches an app: Foundation's coders, nothing of the simulator or of UIKit.
        .target(name: "AppChannel"),
        // The main queue run until idle through CoreFoundation's run loop (two declarations of
        // CFRunLoop.h; Foundation on Linux exports them but installs no header).
        .target(name: "CMainQueue"),
        // The world's wall clock and random source inside an app process: the executable's own
        // clock_gettime, gettimeofday, time, swift_stdlib_random, getrandom and getentropy.
        .target(name: "CAppWorld", linkerSettings: [.linkedLibrary("dl")]),
        // UIKit, Apple's names and behaviour, for an app's own process: it runs the app's main loop
        // on the channel the simulator opened, and decodes images with Core. Never imports the
        // simulator.
        .target(name: "UIKit", dependencies: ["AppChannel", "CMainQueue", "CAppWorld", "Core", "UniformTypeIdentifiers"]),
        // Uniform types by identifier, extension and conformance (Apple's UniformTypeIdentifiers).
        .target(name: "UniformTypeIdentifiers"),
        // Photos and PhotosUI, Apple's names and behaviour, over UIKit's channel: the photo
        // library and the out-of-process photo picker.
        .target(name: "Photos", dependencies: ["UIKit", "AppChannel", "CoreLocation", "ImageIO"]),
        // A photo's place (CLLocation) and orientation (CGImagePropertyOrientation), Apple's names.
        .target(name: "CoreLocation", dependencies: ["UIKit", "AppChannel"]),
        .target(name: "ImageIO"),
        .target(name: "Social", dependencies: ["UIKit"]),
        .target(name: "PhotosUI", dependencies: ["UIKit", "Photos", "AppChannel", "UniformTypeIdentifiers"]),

        // The app's logic. Imports nothing of Simulator or the CLI; reaches the world through seams.
        .target(name: "Core", dependencies: ["CSQLite", "CTurboJPEG", "CPNG", "CPNGRows", "CExif", "CHeif", "CGif"]),
        // What an app sees of iOS: screens, elements, pickers, queues, notifications. Core only.
        .target(name: "Platform", dependencies: ["Core"]),
        // The seed apps (and the shape of a team's own), on Platform + Core; never Simulator.
        .target(name: "Apps", dependencies: ["Platform", "Core"]),
        // The headless iOS stand-in, in rooms (each imports only those above it here):
        // the deterministic ground: seed streams, virtual clock, scheduler, trace, leaks.
        .target(name: "World", dependencies: ["Core"]),
        // The device set on disk: devices and their records, app bundles, privacy, media
        // libraries, the set's locks.
        .target(name: "DeviceStore", dependencies: ["Core", "Platform", "World"]),
        // The fault layer of an app on its device: injected faults, crash points, kills, the fault VFS.
        .target(name: "Faults", dependencies: ["Core", "World", "CSQLite", "CSQLiteFaultVFS"]),
        // The app host: launch, lifecycle, memory and jetsam, leaks, the checkers; apps in their
        // own processes (LaunchedApp), over their channel.
        .target(name: "AppRuntime", dependencies: ["Core", "Platform", "World", "DeviceStore", "Faults", "AppChannel"]),
        // Drawing what a device shows; linked only by what draws.
        .target(name: "Rendering", dependencies: ["Core", "Platform", "World", "DeviceStore", "AppRuntime", "CPNG", "CRendering"]),
        // simctl's words: Apple's texts and exit statuses, subcommand help, listings, JSON.
        .target(name: "SimctlPresentation", dependencies: ["Core", "Platform", "World", "DeviceStore"]),
        // Every room as one import for the code above them.
        .target(name: "Simulator", dependencies: ["World", "DeviceStore", "Faults", "AppRuntime", "Rendering", "SimctlPresentation"]),
        // Scenario files: libyaml into a located node tree, then a validated, typed model; the
        // runner drives the apps it is given (AppDefinitions) on the app host.
        .target(name: "Scenarios", dependencies: ["Core", "Simulator", "CYAML", "Platform", "ArgumentParsing", "AppChannel",
                                                 "CJavaScriptCore"]),
        // Live seam implementations (system clock, system random, lock waiting, a scenario command
        // line's context). Only executables link this, and ScenarioKit, whose runner is a team's
        // executable's main.
        .target(name: "Live", dependencies: ["Core", "Simulator", "Scenarios"]),
        // Fault-injecting file system, dictionary asset lookup, contract checks. Imports neither
        // Testing nor XCTest, so any test framework can use it; nothing in Sources links it.
        .target(name: "PhotoSimTesting", dependencies: ["Core"]),

        // The runner of `simctl run` for a team's executable (the same command line, with the live
        // seams), and checks for its tests.
        .target(name: "ScenarioKit", dependencies: ["ArgumentParsing", "Scenarios", "Simulator", "Platform", "Live"]),

        // Records ScenarioKit's failures as Swift Testing issues at the caller's line. Imports
        // Testing (which builds for a library target on the Linux toolchain), so only test targets link it.
        .target(name: "ScenarioKitTesting", dependencies: ["ScenarioKit", "Scenarios", "Simulator", "Platform"]),

        // What each fuzz target does with its bytes (scenario YAML, image, device record); the
        // harnesses in `Fuzzing/` (a package of its own, built with `scripts/fuzz`) only call these.
        .target(name: "FuzzTargets", dependencies: ["Core", "Simulator", "Scenarios"]),

        // The one argument parser of the executables: per-command tables of flags, options with
        // values and positionals, typed values, `--help`. No dependencies.
        .target(name: "ArgumentParsing"),

        // For speed build with `swift build -c release --static-swift-stdlib`: `simctl list` then
        // runs in about 4.5 ms instead of 10 to 14 ms spent loading Foundation's shared libraries.
        // (`-static-stdlib` as an unsafe linker flag here does not link: Foundation's static
        // archives need SwiftPM's own grouping of the autolinked libraries.)
        // glibc's mktemp(3) made from mkstemp(3), linked into PhotoSim's executables only, so that
        // Foundation's static archive binds to it and the static link prints no warning
        // (Sources/CMktemp/mktemp.c says why that is safe).
        .target(name: "CMktemp"),
        .executableTarget(name: "simctl", dependencies: ["ArgumentParsing", "Simulator", "Live", "Platform", "Apps", "Scenarios", "CMktemp"]),
        // Forwards `xcrun simctl ...` to the simctl binary beside it.
        .executableTarget(name: "xcrun", dependencies: ["CMktemp"]),
        .executableTarget(name: "photosim-bench", dependencies: ["ArgumentParsing", "Core", "Simulator", "Live", "Platform", "Apps", "Scenarios",
                                                                 "CMktemp"]),

        // The reference texts' apps as iOS developers write them: plain UIKit, run in their own
        // processes (scripts/bundle-apps makes their .app bundles).
        .executableTarget(name: "LootLogger", dependencies: ["UIKit"], path: "ReferenceApps/LootLogger",
                          exclude: ["Info.plist"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "MyLocations", dependencies: ["UIKit", "PhotosUI", "CoreLocation", "Core"],
                          path: "ReferenceApps/MyLocations", exclude: ["Info.plist"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "PhotoShare", dependencies: ["UIKit", "Photos", "Social", "Core"],
                          path: "ReferenceApps/PhotoShare", exclude: ["Info.plist"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "PhotoBlobs", dependencies: ["UIKit", "Core"],
                          path: "ReferenceApps/PhotoBlobs", exclude: ["Info.plist"], swiftSettings: [.swiftLanguageMode(.v5)]),

        // A plain UIKit app (no PhotoSim import) the app-process tests launch in its own process.
        .executableTarget(name: "Journal", dependencies: ["UIKit", "PhotosUI", "Social", "CoreLocation"], path: "Tests/Apps/Journal",
                         swiftSettings: [.swiftLanguageMode(.v5)]),

        // Fixtures are read through #filePath, not bundled as resources.
        .testTarget(name: "CoreTests", dependencies: ["Core", "PhotoSimTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "World", "DeviceStore", "Faults", "AppRuntime", "Rendering", "SimctlPresentation", "Apps", "Platform", "PhotoSimTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "SimctlTests", dependencies: ["ArgumentParsing", "Simulator", "Scenarios", "PhotoSimTesting", "CMktemp"], exclude: ["Goldens"]),
        // The toolchain's Testing declares a cross-import overlay for any module named UIKit
        // (`_Testing_UIKit`, which exists only on Apple's platforms): a target that imports both
        // turns cross-import overlays off (docs/uikit.md says the same for a team's tests).
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "PhotosUI", "UniformTypeIdentifiers", "Core"],
                    swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),
        .testTarget(name: "AppProcessTests", dependencies: ["AppRuntime", "AppChannel", "DeviceStore", "Core", "PhotoSimTesting", "Scenarios", "Apps", "World", "Rendering"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Simulator", "AppRuntime", "DeviceStore", "World", "Platform", "Apps", "Core", "PhotoSimTesting"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "Simulator", "Core", "Platform", "Apps", "ArgumentParsing"]),
        .testTarget(name: "RobustnessTests", dependencies: ["FuzzTargets", "Core", "Simulator", "Scenarios", "Platform", "Apps", "PhotoSimTesting"],
                    exclude: ["FuzzRegressions", "Fixtures"]),
        .testTarget(name: "ScenarioKitTests", dependencies: ["ScenarioKit", "ScenarioKitTesting", "Scenarios", "Simulator", "Platform", "Apps", "Core"]),
    ]
)
