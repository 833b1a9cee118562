import AppChannel
import CAppWorld
import CMainQueue
import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The main loop of an app process, which `UIApplicationMain` runs: it reads the simulator's
/// messages from the channel the simulator opened (`AppChannel`), carries each one out on the
/// main thread, runs the main queue (libdispatch's, and so `OperationQueue.main`) and the
/// appearance callbacks until nothing is left to run, writes `UserDefaults.standard` to its file
/// (as iOS's preferences daemon does; Foundation on Linux writes only on `synchronize()`), and
/// answers with the window's element tree. The host settles every step exactly: it never waits
/// on a clock for the app.
enum AppProcessLoop {
    /// How many rounds of the main queue one step may run before the app is ended as stuck
    /// (a block that always enqueues another).
    static let mainQueueRoundBound = 100_000

    nonisolated(unsafe) private static var events: [String] = []
    nonisolated(unsafe) private static var completions: [() -> Void] = []
    nonisolated(unsafe) static private(set) var stepNumber = 0

    /// Notes what the SDK did, for the step's answer; the trace line a kill waits for ends the
    /// app right after it.
    static func record(_ event: String) {
        events.append(event)
        if let killText {
            // The simulator's trace: a fault in its own words, anything else after the app's identifier.
            let line = event.hasPrefix("fault ") ? event : (Bundle.main.bundleIdentifier ?? "") + ": " + event
            if line.contains(killText) { killProcess(at: line) }
        }
    }

    /// The text of the trace line a scenario's `killAtTraceEvent` waits for.
    nonisolated(unsafe) private static var killText: String?

    /// Waits for the trace line with `text`: the app's own events and the files it finishes
    /// writing or removes (CAppWorld reports those as they happen).
    private static func killAtTraceEvent(containing text: String?) {
        killText = text
        guard text != nil else { return photosim_faults_set_moment_reporter(nil) }
        photosim_faults_set_moment_reporter { line in
            guard let line, let text = AppProcessLoop.killText else { return }
            let moment = String(cString: line)
            if moment.contains(text) { AppProcessLoop.killProcess(at: moment) }
        }
    }

    /// The app's name as the trace prefixes its queues: the Info.plist's display name, else its
    /// bundle name, else the executable's.
    static let appName: String = {
        let info = Bundle.main
        return (info.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String)
            ?? (info.object(forInfoDictionaryKey: "CFBundleName") as? String) ?? ProcessInfo.processInfo.processName
    }()

    /// The crash points a scenario's `crashAt` armed: the pass of one by the app's code on Core
    /// (``Core/CrashPoint/reachedObserver``, on whatever thread runs it) that was due ends the
    /// app there, answered as a kill at the line `crash point <name>`.
    private static let armedCrashPoints = ArmedCrashPoints()

    private final class ArmedCrashPoints: @unchecked Sendable {
        private let lock = NSLock()
        /// The passes each armed point has left: the last one kills.
        private var passesLeft: [String: Int] = [:]

        /// Set once at launch, before any app code can pass a point; it stays for the process's
        /// life, and a pass with nothing armed costs a lock.
        func install() {
            CrashPoint.reachedObserver = { [self] point in
                if take(point.name) { AppProcessLoop.killProcess(at: HostMessage.crashPointLine(point.name)) }
            }
        }

        func arm(_ name: String, passes: Int) {
            lock.lock()
            passesLeft[name] = max(1, passes)
            lock.unlock()
        }

        /// The passes left of each armed point, for the step's answer.
        var left: [String: Int] {
            lock.lock()
            defer { lock.unlock() }
            return passesLeft
        }

        /// Whether this pass of `name` is the one it was armed for; it is armed no longer then.
        private func take(_ name: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard let left = passesLeft[name] else { return false }
            if left > 1 {
                passesLeft[name] = left - 1
                return false
            }
            passesLeft[name] = nil
            return true
        }
    }

    /// Ends the process at the trace line a kill waited for, as the simulator's kill does: the
    /// step's events so far to the simulator, then SIGKILL, so nothing more of the app runs or
    /// reaches the disk.
    private static func killProcess(at line: String) -> Never {
        try? channel?.send(AppMessage.killedAtTraceEvent(line: line, events: events))
        kill(getpid(), SIGKILL)
        abort()
    }

    /// UIKit's console warning (stderr, as iOS logs it) and an event.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        record("warning: \(text)")
    }

    static func afterTransition(_ completion: (() -> Void)?) {
        if let completion { completions.append(completion) }
    }

    static func takeCompletions() -> [() -> Void] {
        defer { completions = [] }
        return completions
    }

    /// Ends the app as an uncaught Objective-C exception does on iOS: the console line
    /// `*** Terminating app due to uncaught exception '<name>', reason: '<reason>'`, then SIGABRT.
    static func terminate(exception name: String, reason: String) -> Never {
        FileHandle.standardError.write(Data("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n".utf8))
        abort()
    }

    /// Ends the app as iOS's privacy check does when the Info.plist lacks the usage key of a
    /// service the app asks for (IOS-FACTS "Missing Info.plist usage keys": the `[access]`
    /// console line, two spaces after "description.", then SIGABRT; it cannot be caught).
    static func privacyCrash(missingKey key: String) -> Never {
        FileHandle.standardError.write(Data(("[access] This app has crashed because it attempted to access privacy-sensitive data "
            + "without a usage description.  The app's Info.plist must contain an \(key) key with a string value explaining "
            + "to the user how the app uses this data.\n").utf8))
        abort()
    }

    /// Ends the process as jetsam does: the reason to the simulator (with the step's events so
    /// far) and to the console, then SIGKILL, so no callback of the app runs.
    static func jetsam(_ reason: String) -> Never {
        FileHandle.standardError.write(Data((reason + "\n").utf8))
        try? channel?.send(AppMessage.jetsam(reason: reason, events: events))
        kill(getpid(), SIGKILL)
        abort()
    }

    nonisolated(unsafe) private static var channel: AppChannel?

    /// Ends an app that cannot start under UIKit, with the reason (exit 70).
    /// Asks the simulator about the device's photo library in the middle of a step, and waits
    /// for its answer; with no simulator (UIKit in a test's process) the library is empty.
    static func ask(_ request: LibraryRequest) -> LibraryAnswer {
        guard let channel else {
            switch request {
            case .assets: return .assets([])
            case .data: return .data(nil)
            case .answered: return .recorded
            case .add: return .refused("no simulator runs this app")
            }
        }
        do {
            try channel.send(AppMessage.library(request))
            guard case .libraryAnswer(let answer) = try channel.receive(HostMessage.self) else {
                refuse("the simulator answered a library question with another message")
            }
            return answer
        } catch {
            refuse("the simulator's answer to a library question could not be read: \(error)")
        }
    }

    static func refuse(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("UIKit: \(reason)\n".utf8))
        exit(70)
    }

    static func run(delegate: UIApplicationDelegate) -> Never {
        guard let channel = AppChannel.fromEnvironment() else {
            let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "this app"
            FileHandle.standardError.write(Data("""
                \(name) is an iOS app built with PhotoSim's UIKit: it runs on a simulated device, which launches it \
                with its container and a channel to the simulator. Bundle it as an .app, then run it with \
                `simctl run SUITE --app \(name).app` or from ScenarioKit.

                """.utf8))
            exit(64)
        }
        if let mismatch = AppChannel.versionMismatch(executable: CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "this app") {
            FileHandle.standardError.write(Data("UIKit: \(mismatch)\n".utf8))
            exit(64)
        }
        self.channel = channel
        signal(SIGPIPE, SIG_IGN)
        let application = UIApplication.shared
        application.delegate = delegate
        _ = RunLoop.main
        while true {
            let message: HostMessage
            do {
                message = try channel.receive(HostMessage.self)
            } catch .closed {
                exit(0)
            } catch {
                refuse("the simulator's message could not be read: \(error)")
            }
            stepNumber += 1
            events = []
            photosim_app_work_begin_step(message.worldSpanNanoseconds)
            let refusal = carryOut(message, application: application)
            let rounds = settle()
            photosim_app_work_end_step()
            noteEscape()
            UserDefaults.standard.synchronize()
            // The console is up to date at every settled step (standard output to a file is
            // block-buffered, and a killed process loses its buffer).
            fflush(nil)
            let answer: AppMessage
            if let refusal {
                answer = .refused(refusal)
            } else {
                let drawn = message == .draw ? ScreenDrawingCapture.capture() : nil
                let onScreen = Appearance.visibleNow()
                let chain = UIApplication.shared.keyWindow?.rootViewController?.presentationChain ?? []
                let step = SettledStep(applicationState: stateName(application.applicationState),
                                              tree: ElementSnapshot.capture(), events: events,
                                              presentations: chain.map {
                                                  Presentation(typeName: String(describing: type(of: $0)), title: $0.title,
                                                               style: $0.shownStyleName,
                                                               sourceType: ($0 as? UIImagePickerController)?.sourceType.rawValue)
                                              },
                                              mainQueueRounds: rounds,
                                              leaks: LeakRegistry.leaked(onScreen: onScreen).map {
                                                  LeakedController(typeName: $0.typeName, leftAtStep: $0.leftAtStep)
                                              },
                                              systemAlert: SystemPrompt.shown?.title,
                                              imageBytes: ImageMemory.shared.bytes,
                                              imageBytesOnScreen: ElementSnapshot.imageBytesOnScreen,
                                              containerChanges: Self.containerChanges(),
                                              crashPointPassesLeft: armedCrashPoints.left)
                if let drawn {
                    answer = .drawing(ScreenDrawing(step: step, tree: drawn.tree, looks: drawn.looks, images: drawn.images))
                } else {
                    answer = .settled(step)
                }
            }
            do {
                try channel.send(answer)
            } catch {
                // The simulator has gone (the pipe closed), or the answer could not be encoded:
                // the console says which.
                if case .closed = error {} else { FileHandle.standardError.write(Data("the step's answer could not be sent: \(error)\n".utf8)) }
                exit(0)
            }
            if message == .terminate { exit(0) }
        }
    }

    /// How many changes the container has seen (CAppWorld), nil outside the world.
    private static func containerChanges() -> Int? {
        let count = photosim_faults_change_count()
        return count < 0 ? nil : Int(count)
    }

    /// Carries out one message; returns why it could not be, if it could not.
    private static func carryOut(_ message: HostMessage, application: UIApplication) -> String? {
        switch message {
        case .launch(let request):
            let screen = UIScreen.main
            screen.bounds = CGRect(x: 0, y: 0, width: request.screenWidth, height: request.screenHeight)
            screen.scale = CGFloat(request.screenScale)
            screen.safeAreaTop = request.idiom == "pad" ? 24 : 47
            screen.safeAreaBottom = request.idiom == "pad" ? 20 : (request.screenHeight >= 812 ? 34 : 0)
            UIDevice.current.userInterfaceIdiom = request.idiom == "pad" ? .pad : .phone
            UIDevice.current.hasCamera = request.hasCamera
            take(request.privacy)
            DeviceAnswers.systemVersion = request.systemVersion ?? UIDevice.current.systemVersion
            DeviceAnswers.socialServices = Set(request.socialServices)
            DeviceAnswers.location = request.location
            ImageMemory.shared.limitBytes = request.memoryLimitBytes
            // Core's temporary file names from the world's seed, not the process id, and without a
            // draw from the app's random stream.
            if photosim_app_world_active() != 0 {
                POSIXFileSystem.temporaryNameBase = photosim_app_world_seed() &* 0x9E37_79B9_7F4A_7C15
            }
            photosim_faults_set_reporter { line in
                if let line { AppProcessLoop.record(String(cString: line)) }
            }
            request.faultRules.forEach(addFault)
            photosim_faults_set_rate(request.faultRate)
            killAtTraceEvent(containing: request.killAtTraceEvent)
            armedCrashPoints.install()
            // The app's queues' work in the trace, named as the app host names its queues
            // (`run PhotoBlobs.convertQueue`, `sync PhotoBlobs.saveQueue [barrier]`).
            _ = AppProcessLoop.appName  // read before the reporter can run, under the scheduler's lock
            photosim_app_work_set_reporter { verb, label, barrier in
                guard let verb, let label else { return }
                AppProcessLoop.record("\(String(cString: verb)) \(AppProcessLoop.appName).\(String(cString: label))"
                    + (barrier != 0 ? " [barrier]" : ""))
            }
            for (point, passes) in request.crashPoints { armedCrashPoints.arm(point, passes: passes) }
            application.launch(opening: request.url.flatMap(URL.init(string:)))
        case .enterBackground:
            application.enterBackground()
        case .enterForeground:
            application.enterForeground()
        case .memoryWarning:
            application.receiveMemoryWarning()
        case .tap(let element):
            guard application.applicationState == .active else { return "the app is not in the foreground" }
            guard let tap = ElementSnapshot.tap(element) else { return "the last element tree has no element \(element)" }
            tap()
        case .tapPoint(let x, let y):
            guard application.applicationState == .active else { return "the app is not in the foreground" }
            ElementSnapshot.touch(at: CGPoint(x: x, y: y))()
        case .back:
            guard application.applicationState == .active else { return "the app is not in the foreground" }
            if cancelPresented() { return nil }
            guard let back = ElementSnapshot.back else { return "the screen on top shows no back button" }
            back()
        case .swipeLeft(let element):
            guard application.applicationState == .active else { return "the app is not in the foreground" }
            var view = ElementSnapshot.view(element)
            while let current = view, !(current is UITableViewCell) { view = current.superview }
            guard let cell = view as? UITableViewCell, let table = cell.table,
                  let indexPath = table.indexPath(for: cell) else { return "element \(element) of the last tree is not a table row" }
            guard table.swipeRow(indexPath) else { return "the row at section \(indexPath.section), row \(indexPath.row) cannot be deleted" }
        case .swipe(let fromX, let fromY, let toX, let toY):
            guard application.applicationState == .active else { return "the app is not in the foreground" }
            // The finger lands on the view hit-testing finds (an overlay over a table takes it):
            // the table or collection it is in scrolls; any other view gets the drag's touches.
            guard let window = UIApplication.shared.keyWindow, !window.isHidden else { break }
            let start = CGPoint(x: fromX, y: fromY)
            guard let hit = window.hitTest(window.convert(start, from: nil), with: nil) else { break }
            var view: UIView? = hit
            while let current = view, !(current is UITableView || current is UICollectionView) { view = current.superview }
            if let table = view as? UITableView {
                _ = table.scroll(by: CGFloat(fromY - toY))
            } else if let collection = view as? UICollectionView {
                _ = collection.scroll(byX: CGFloat(fromX - toX), y: CGFloat(fromY - toY))
            } else {
                ElementSnapshot.drag(from: start, to: CGPoint(x: toX, y: toY), on: hit, in: window)
            }
        case .pickImage(let data, let name, let number, let crop):
            if let systemPicker = presentedSystemPicker() {
                return systemPicker.pick([PickedItem(data: data, fileName: name, localIdentifier: "")])
            }
            guard let picker = presentedPicker() else { return "no image picker is on screen" }
            return picker.choose(data, named: name, number: number, crop: crop)
        case .pickItems(let items):
            guard let systemPicker = presentedSystemPicker() else { return "no photo picker (PHPickerViewController) is on screen" }
            return systemPicker.pick(items)
        case .takePhoto(let data):
            guard let picker = presentedPicker() else { return "no camera is on screen" }
            return picker.takePhoto { UIImage(data: data) }
        case .takeSyntheticPhoto(let image):
            guard let picker = presentedPicker() else { return "no camera is on screen" }
            return picker.takePhoto {
                UIImage(bitmap: Bitmap(width: image.width, height: image.height, format: .rgb, pixels: image.rgbPixels()),
                        scale: 1, orientation: .up)
            }
        case .cancelPicker:
            if let systemPicker = presentedSystemPicker() {
                systemPicker.cancelPicking()
                return nil
            }
            guard let picker = presentedPicker() else { return "no image picker is on screen" }
            picker.cancel()
        case .inputText(let text):
            guard let keyboard = application.firstResponder as? KeyboardInput else { return "no text field or text view has the keyboard" }
            keyboard.type(text)
        case .eraseText(let count):
            guard let keyboard = application.firstResponder as? KeyboardInput else { return "no text field or text view has the keyboard" }
            for _ in 0..<max(count, 0) { keyboard.deleteBackward() }
        case .describe, .draw, .advanceClock:
            break
        case .libraryAnswer:
            return "a library answer came without a question"
        case .libraryChanged:
            DeviceAnswers.libraryDidChange?()
        case .terminate:
            application.terminate()
        case .injectFault(let rule):
            addFault(rule)
        case .setFaultRate(let rate):
            photosim_faults_set_rate(rate)
        case .killAtTraceEvent(let text):
            killAtTraceEvent(containing: text)
        case .crashAt(let point, let passes):
            armedCrashPoints.arm(point, passes: passes)
        case .hideKeyboard:
            _ = application.firstResponder?.resignFirstResponder()
        case .setLocation(let coordinate):
            DeviceAnswers.location = coordinate
            DeviceAnswers.locationDidChange?()
        case .privacyChanged(let answers):
            take(answers)
        case .openURL(let link):
            guard let url = URL(string: link) else { return "`\(link)` is not a URL" }
            application.receiveLink(url)
        }
        return nil
    }

    /// Hands a disk-fault rule to the app's file calls (CAppWorld's fault layer).
    private static func addFault(_ rule: AppFaultRule) {
        guard photosim_faults_add_rule(rule.kind, rule.operation, Int32(rule.nth), rule.pathPattern, rule.description) != 0 else {
            refuse("the fault rule \(rule.description) could not be taken (an unknown kind or operation, or 64 rules waiting)")
        }
    }

    /// Runs the main queue and the appearance callbacks until neither has anything left;
    /// returns the number of main-queue rounds.
    private static func settle() -> Int {
        var rounds = 0
        repeat {
            while photosim_run_main_queue_once() != 0 {
                rounds += 1
                if rounds > mainQueueRoundBound {
                    refuse("the main queue was still busy after \(mainQueueRoundBound) rounds in one step")
                }
            }
        } while Appearance.update() || SDKWork.drain() || photosim_app_work_run(nextRunLoopTimer()) != 0
        return rounds
    }

    /// When the main run loop's next `Timer` fires, in wall-clock nanoseconds since 1970, a
    /// microsecond late so that a Double's rounding never leaves it just short of due; 0 for
    /// none (CFAbsoluteTime counts from 2001: `kCFAbsoluteTimeIntervalSince1970`).
    private static func nextRunLoopTimer() -> Int64 {
        let date = photosim_main_next_timer_date()
        guard date > 0 else { return 0 }
        return (Int64(((date + 978_307_200) * 1_000_000).rounded(.up)) + 1) * 1_000
    }

    /// Says once, in the step's events, that the app did what the world's scheduler cannot
    /// order, so the run is no longer the seed's alone.
    private static func noteEscape() {
        var buffer = [CChar](repeating: 0, count: 256)
        if photosim_app_work_escape(&buffer, Int32(buffer.count)) != 0 {
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            record("nondeterministic: \(text)")
        }
    }

    private static func stateName(_ state: UIApplication.State) -> String {
        switch state {
        case .active: return "active"
        case .inactive: return "inactive"
        case .background: return "background"
        }
    }

    /// The controller presented on top of the key window's root, if one is.
    private static var topPresented: UIViewController? {
        UIApplication.shared.keyWindow?.rootViewController?.presentationChain.last
    }

    /// A system picker of another SDK module (PhotosUI's) on top of what is presented, if one is.
    private static func presentedSystemPicker() -> SystemPicker? {
        topPresented as? SystemPicker
    }

    /// A scenario's `back` over a presented controller, as the app host does it (SCENARIOS.md:
    /// "dismiss the presented screen"): a picker's or a compose sheet's Cancel, an alert's
    /// cancel-style action, else a plain dismissal. False when nothing is presented.
    private static func cancelPresented() -> Bool {
        guard let top = topPresented else { return false }
        switch top {
        case let picker as SystemPicker: picker.cancelPicking()
        case let picker as UIImagePickerController: picker.cancel()
        case let sheet as CancellableSheet: sheet.cancelSheet()
        case let alert as UIAlertController:
            if !alert.chooseCancelAction() { alert.presentingViewController?.dismiss(animated: true) }
        default:
            record("back: dismiss(animated:completion:) \(type(of: top))")
            top.presentingViewController?.dismiss(animated: true)
        }
        return true
    }

    /// The image picker on top of what is presented, if one is.
    private static func presentedPicker() -> UIImagePickerController? {
        topPresented as? UIImagePickerController
    }

}

extension AppProcessLoop {
    /// The innermost shown table view of `view`'s hierarchy whose frame holds `point` (window
    /// points).
    /// The device's privacy answers, at launch and when they change while the app runs: read
    /// live, as iOS's privacy settings are (the next authorization check, camera use or photo
    /// request sees them); a changed location answer is told to Core Location's managers.
    private static func take(_ answers: PrivacyAnswers) {
        CameraAccess.decision = answers.cameraAccess.map { $0 == "granted" }
        DeviceAnswers.photosAccess = answers.photosAccess
        DeviceAnswers.photosAddAccess = answers.photosAddAccess
        if DeviceAnswers.locationAccess != answers.locationAccess {
            DeviceAnswers.locationAccess = answers.locationAccess
            DeviceAnswers.locationAccessDidChange?()
        }
    }
}
