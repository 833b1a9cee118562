import Core
import Foundation
import Testing
@testable import DeviceStore
@testable import World

/// Every kind of trace event renders to the words the trace has always written for it, and the
/// documentation lists every kind.
@Suite("World: trace event rendering")
struct TraceEventRenderingTests {
    static let token = ObserverToken(id: 4, name: "UIApplicationDidEnterBackgroundNotification", registrant: "DetailsScreen#3")
    static let leak = Leak(typeName: "DetailsScreen", kind: "screen", owner: "DetailsScreen#3",
                           createdAt: .epoch.advanced(by: .milliseconds(100)),
                           ownerClosedAt: .epoch.advanced(by: .milliseconds(500)), retainer: token)

    /// One event of each kind (some kinds twice, for their variants) and its words.
    static let table: [(event: TraceEvent, words: String)] = [
        (.run(queue: "main", label: "tap “Done”", isBarrier: false), "run main: tap “Done”"),
        (.run(queue: "io", label: "flush", isBarrier: true), "run io [barrier]: flush"),
        (.sync(queue: "PhotoBlobs.saveQueue", label: "save", isBarrier: true), "sync PhotoBlobs.saveQueue [barrier]: save"),
        (.sync(queue: "database", label: "count", isBarrier: false), "sync database: count"),
        (.observerAdded(token), "observer #4 added: UIApplicationDidEnterBackgroundNotification by DetailsScreen#3"),
        (.observerRemoved(token), "observer #4 removed: UIApplicationDidEnterBackgroundNotification by DetailsScreen#3"),
        (.observerReleasedByLeakCheck(token),
         "observer #4 released by the leak check: UIApplicationDidEnterBackgroundNotification by DetailsScreen#3"),
        (.posted(name: "UIApplicationDidBecomeActiveNotification", sender: "UIApplication"),
         "post UIApplicationDidBecomeActiveNotification from UIApplication"),
        (.notificationDelivered(name: "UIApplicationDidEnterBackgroundNotification", registrant: "DetailsScreen#3"),
         "notification UIApplicationDidEnterBackgroundNotification -> DetailsScreen#3"),
        (.tracked(typeName: "ItemsScreen", kind: "screen", owner: "ItemsScreen#1"), "track ItemsScreen (screen) owned by ItemsScreen#1"),
        (.ownerClosed(owner: "LootLogger launch 1"), "owner closed LootLogger launch 1"),
        (.leaked(leak), "leak DetailsScreen (screen) created at 0.100000000 s is alive after DetailsScreen#3 closed at "
            + "0.500000000 s; retained by observer #4 for UIApplicationDidEnterBackgroundNotification registered by DetailsScreen#3"),
        (.launched(app: "MyLocations", number: 1, arguments: [:]), "launch MyLocations #1"),
        (.launched(app: "MyLocations", number: 2, arguments: ["thumbnailMode": "fill", "picker": "phpicker"]),
         "launch MyLocations #2 picker=phpicker thumbnailMode=fill"),
        (.appTerminated(app: "LootLogger"), "LootLogger terminated"),
        (.appKilled(app: "MyLocations"), "MyLocations killed"),
        (.appJetsamKilled(app: "PhotoBlobs", reason: "per-process-limit"), "PhotoBlobs killed by jetsam reason per-process-limit"),
        (.appCrashed(app: "PhotoBlobs", reason: "Fatal error: Failure to save context: disk full"),
         "PhotoBlobs crashed: Fatal error: Failure to save context: disk full"),
        (.memoryWarning(reason: "simulated", footprintBytes: 1024, limitBytes: 3_865_051_136),
         "memory warning (simulated): footprint 1024 bytes, limit 3865051136"),
        (.memoryFootprint(footprintBytes: 1024, peakBytes: 4096), "memory footprint 1024 bytes, peak 4096"),
        (.memoryLimitCrossed(footprintBytes: 5000, limitBytes: 4096), "memory limit crossed: footprint 5000 bytes, limit 4096"),
        (.presented(screen: "AlertScreen#2", presenter: "ItemScreen#1", style: "actionSheet", animated: true),
         "present AlertScreen#2 from ItemScreen#1 as actionSheet"),
        (.presented(screen: "Picker#3", presenter: "ItemScreen#1", style: "fullScreen", animated: false),
         "present Picker#3 from ItemScreen#1 as fullScreen without animation"),
        (.presentIgnored(presenter: "ItemScreen#1", screenType: "AlertScreen", isAlreadyPresenting: true),
         "warning: ItemScreen#1 cannot present AlertScreen: it is already presenting"),
        (.presentIgnored(presenter: "ItemScreen#1", screenType: "AlertScreen", isAlreadyPresenting: false),
         "warning: ItemScreen#1 cannot present AlertScreen: it is not in the window"),
        (.dismissed(screen: "AlertScreen#2", animated: true), "dismiss AlertScreen#2"),
        (.dismissed(screen: "AlertScreen#2", animated: false), "dismiss AlertScreen#2 without animation"),
        (.dismissIgnored(screen: "ItemScreen#1"), "dismiss from ItemScreen#1: nothing is presented"),
        (.pushed(screen: "DetailsScreen#3", animated: true), "push DetailsScreen#3"),
        (.pushIgnored(screen: "AlertScreen#2"), "warning: AlertScreen#2 has no navigation controller; push ignored"),
        (.popped(screen: "DetailsScreen#3", animated: false), "pop DetailsScreen#3 without animation"),
        (.editingEnded(screen: "DetailsScreen#3"), "end editing on DetailsScreen#3"),
        (.tabSelected(title: "Locations"), "select tab Locations"),
        (.swipedLeft(label: "Beach"), "swipe “Beach” left"),
        (.prompted(title: "“MyLocations” Would Like to Access the Camera"), "prompt “MyLocations” Would Like to Access the Camera"),
        (.promptAnswered(service: "camera", answer: "granted"), "prompt answered: camera granted"),
        (.picked(file: "IMG_0001.JPG", width: 80, height: 60, crop: nil), "picked IMG_0001.JPG (80x60)"),
        (.picked(file: "IMG_0001.JPG", width: 80, height: 60, crop: PixelRect(x: 10, y: 0, width: 60, height: 60)),
         "picked IMG_0001.JPG (80x60) cropped to 60x60 at (10, 0)"),
        (.pickerCancelled, "picker cancelled"),
        (.pickerResults(indices: [0, 2]), "picker results 0,2"),
        (.itemProviderLoaded(file: "IMG_0001.HEIC", typeIdentifier: "public.jpeg"), "item provider loaded IMG_0001.HEIC as public.jpeg"),
        (.itemProviderFailed(file: "IMG_0002.JPG"), "item provider failed IMG_0002.JPG"),
        (.cameraTook(width: 64, height: 48), "camera took 64x48"),
        (.cameraShowsNoImage(access: "denied"), "camera shows no image: access denied"),
        (.cameraShowsNoImage(access: nil), "camera shows no image: access not decided"),
        (.photosFetchedImages(visible: 1, total: 3), "photos fetch images: 1 of 3"),
        (.photosFetchedIdentifiers(found: 2, asked: 2), "photos fetch identifiers: 2 of 2"),
        (.photoLibraryUnreadable(reason: "the database is locked"), "warning: the photo library cannot be read: the database is locked"),
        (.imageRequested(request: 1, asset: "IMG_0001.JPG", targetSize: "100x100", contentMode: "aspectFill",
                         deliveryMode: "opportunistic"), "image request #1 IMG_0001.JPG 100x100 aspectFill opportunistic"),
        (.imageRequestCancelled(request: 1), "image request #1 cancelled"),
        (.imageDelivered(request: 1, asset: "IMG_0001.JPG", width: 34, height: 25, isDegraded: true), "image result #1 IMG_0001.JPG 34x25 degraded"),
        (.imageDelivered(request: 1, asset: "IMG_0001.JPG", width: 133, height: 100, isDegraded: false), "image result #1 IMG_0001.JPG 133x100"),
        (.imageMissing(request: 3, asset: "IMG_0002.JPG", reason: "PHPhotosErrorDomain 3201"),
         "image result #3 IMG_0002.JPG: no image, PHPhotosErrorDomain 3201"),
        (.fileWritten(path: "Documents/Photo-1.jpg", byteCount: 48211), "file written Documents/Photo-1.jpg (48211 bytes)"),
        (.fileNotWritten(path: "Documents/items.plist", reason: "No space left on device while writing Documents/items.plist"),
         "file not written Documents/items.plist: No space left on device while writing Documents/items.plist"),
        (.fileRemoved(path: "Documents/Photo-1.jpg"), "file removed Documents/Photo-1.jpg"),
        (.fileMoved(from: "Documents/a", to: "Documents/b"), "file moved Documents/a -> Documents/b"),
        (.faultInjected(kind: .diskFull, operation: .write, path: "Documents/Photo-1.jpg",
                        cause: .rule(FaultRule(kind: .diskFull, operation: .write, pathPattern: "Documents/*"))),
         "fault diskFull on write Documents/Photo-1.jpg (rule diskFull on write #1 of Documents/*)"),
        (.faultInjected(kind: .ioError, operation: .rename, path: "Documents/a", cause: .rule(FaultRule(kind: .ioError, operation: .any, nth: 3))),
         "fault ioError on rename Documents/a (rule ioError on any #3)"),
        (.faultInjected(kind: .fsyncFailure, operation: .sync, path: "Documents/Photo-1.jpg", cause: .rate(0.01)),
         "fault fsyncFailure on sync Documents/Photo-1.jpg (rate 0.01)"),
        (.faultKilled(app: "MyLocations", at: .crashPoint("photos.save.afterFileWrite")),
         "crash point photos.save.afterFileWrite: MyLocations killed, its disk frozen"),
        (.faultKilled(app: "LootLogger", at: .traceEvent(line: 39)), "kill at trace event 39: LootLogger killed, its disk frozen"),
        (.traceEventKillMissed(line: 12, app: "MyLocations"), "kill at trace event 12: MyLocations is not running"),
        (.scenarioStep(line: 7, column: 3, command: "tapOn: “Tag Location”"), "scenario 7:3 tapOn: “Tag Location”"),
        (.scenarioStepWarned(line: 6, column: 3, message: "“Skip” is not on screen"), "scenario 6:3 optional, failed: “Skip” is not on screen"),
        (.scenarioWaited(span: "2s", for: "visible “Done”", held: true), "scenario waited 2s for visible “Done”"),
        (.scenarioWaited(span: "17s", for: "notVisible “Spinner”", held: false), "scenario waited 17s for notVisible “Spinner”, in vain"),
        (.scenarioLog(message: "saved 2"), "scenario log: saved 2"),
        (.scenarioStepFailed(line: 5, column: 3, message: "preference PhotoID: expected 3, found no value"),
         "scenario 5:3 failed: preference PhotoID: expected 3, found no value"),
        (.scenarioCheckFailed(checker: "photo-files", problems: ["Documents/Photo-2.jpg has no row", "Photo-3.jpg is missing"]),
         "scenario check photo-files failed: Documents/Photo-2.jpg has no row; Photo-3.jpg is missing"),
        (.stopIgnored(state: "not running"), "stopApp: the app is not running, nothing to stop"),
        (.killIgnored(state: "killed"), "killApp: the app is killed, nothing to kill"),
        (.containerCleared(appID: "com.photosim.MyLocations"), "cleared the data container of com.photosim.MyLocations"),
        (.clockAdvanced(span: "90s"), "advance clock 90s"),
        (.mediaRemoved(file: "IMG_0002.JPG"), "removed IMG_0002.JPG from the library"),
        (.fileDeletedBehindApp(path: "Documents/Photo-1.jpg"), "deleted Documents/Photo-1.jpg behind the app's back"),
        (.processLaunched(app: "com.example.journal"), "process launched com.example.journal"),
        (.processEvent(app: "com.example.journal", event: "viewDidAppear(_:) EntriesViewController"),
         "com.example.journal: viewDidAppear(_:) EntriesViewController"),
        (.processEnded(app: "com.example.journal", ending: "ended by signal 9 (Killed)"),
         "process com.example.journal ended by signal 9 (Killed)"),
    ]

    @Test func everyEventRendersToItsWords() {
        for (event, words) in Self.table {
            #expect(event.description == words)
        }
    }

    @Test func theTableHasEveryKind() {
        let covered = Set(Self.table.map(\.event.kind))
        #expect(TraceEvent.Kind.allCases.filter { !covered.contains($0) } == [])
    }

    @Test func aLineBreakInAnyValueStaysOnOneLine() {
        let events: [TraceEvent] = [
            .fileWritten(path: "Documents/a\nb", byteCount: 3),
            .run(queue: "main", label: "tap “two\r\nlines”", isBarrier: false),
            .scenarioCheckFailed(checker: "leaks", problems: ["one\u{2028}two", "three\u{85}four"]),
        ]
        #expect(events.map(\.description) == [
            "file written Documents/a\\nb (3 bytes)",
            "run main: tap “two\\r\\nlines”",
            "scenario check leaks failed: one\\u{2028}two; three\\u{85}four",
        ])
        for event in events {
            let line = TraceEntry(time: .epoch, event: event).line
            #expect(line.filter(\.isNewline).isEmpty, "\(line)")
        }
    }

    @Test func aLineIsTheTimeThenTheWords() {
        let late = TraceEntry(time: .epoch.advanced(by: .nanoseconds(12_345_000_000_007)), event: .pickerCancelled)
        #expect(late.line == "[12345.000000007] picker cancelled")
        #expect(TraceEntry(time: .epoch, event: .tabSelected(title: "Tag")).line == "[   0.000000000] select tab Tag")
    }

    @Test func anEventStaysSmall() {
        // Two strings and a flag inline; anything larger is boxed (`indirect`).
        #expect(MemoryLayout<TraceEvent>.size <= 2 * MemoryLayout<String>.size + 2)
        #expect(MemoryLayout<TraceEntry>.stride <= 48)
    }

    /// docs/world.md's table of events names every kind, in the trace's own words.
    @Test func theWorldDocumentListsEveryKind() throws {
        let document = try String(contentsOfFile: Self.repository + "/docs/world.md", encoding: .utf8)
        let missing = TraceEvent.Kind.allCases.filter { !document.contains("| `\($0.rawValue)` |") }
        #expect(missing == [])
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }
}
