import UIKit

/// Work on libdispatch's queues as an iOS app writes it: a concurrent queue converts six items,
/// a serial queue keeps their log, a barrier saves the log under a name taken from the clock, a
/// group tells the main queue; timers on the main queue and on a global queue; and the ways an
/// app goes wrong with threads (a deadlock, a thread of its own, a `sync` on its own queue).
final class WorkViewController: UIViewController {
    private let orderLabel = UILabel()
    private let savedLabel = UILabel()
    private let laterLabel = UILabel()
    private let waitLabel = UILabel()
    private let tasksLabel = UILabel()
    private let operationsLabel = UILabel()
    private let timerLabel = UILabel()
    private let convert = DispatchQueue(label: "journal.convert", attributes: .concurrent)
    private let log = DispatchQueue(label: "journal.log")
    private var order: [Int] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Work"
        for (index, (label, identifier)) in [(orderLabel, "order"), (savedLabel, "saved"), (laterLabel, "later"),
                                             (waitLabel, "wait"), (tasksLabel, "tasks"), (operationsLabel, "operations"),
                                             (timerLabel, "timer")].enumerated() {
            label.frame = CGRect(x: 20, y: 100 + 34 * CGFloat(index), width: 350, height: 30)
            label.accessibilityIdentifier = identifier
            view.addSubview(label)
        }
        laterLabel.text = "waiting"
        let buttons: [(String, () -> Void)] = [
            ("Deadlock", { _ = DispatchSemaphore(value: 0).wait(timeout: .distantFuture) }),
            ("Thread", { Thread { _ = 1 + 1 }.start() }),
            ("Same queue", { [log] in log.async { log.sync {} } }),
            ("Signal", { [waitLabel] in
                let signalled = DispatchSemaphore(value: 0)
                DispatchQueue.global().async { signalled.signal() }
                signalled.wait()
                let timedOut = DispatchSemaphore(value: 0).wait(timeout: .now() + 2) == .timedOut
                waitLabel.text = "signalled, then \(timedOut ? "timed out" : "not timed out")"
            }),
            ("Tasks", { [tasksLabel] in
                Task { @MainActor in
                    let started = DispatchTime.now().uptimeNanoseconds
                    let log = TaskLog()
                    async let first: Void = Self.steps("a", log: log)
                    async let second: Void = Self.steps("b", log: log)
                    _ = await (first, second)
                    try? await Task.sleep(nanoseconds: 200_000_000)
                    try? await Task.sleep(for: .milliseconds(300))
                    let slept = DispatchTime.now().uptimeNanoseconds - started
                    tasksLabel.text = await log.entries.joined(separator: " ") + " slept \(slept / 1_000_000) ms"
                }
            }),
            ("Operations", { [operationsLabel] in
                // Five operations, three at a time, the last one after the first; a barrier
                // block reports their order on the main queue.
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 3
                let record = DispatchQueue(label: "journal.operations")
                nonisolated(unsafe) var done: [String] = []
                let operations = (0..<5).map { number in
                    BlockOperation { record.sync { done.append("o\(number)") } }
                }
                operations[4].addDependency(operations[0])
                queue.addOperations(operations, waitUntilFinished: false)
                queue.addBarrierBlock {
                    let order = record.sync { done.joined(separator: " ") }
                    DispatchQueue.main.async { operationsLabel.text = order }
                }
            }),
            ("Timers", { [timerLabel] in
                // A repeating run-loop timer ticks three times a quarter second apart, and a
                // 3 s timer waits for the clock.
                let started = ProcessInfo.processInfo.systemUptime
                var ticks: [String] = []
                func show() { timerLabel.text = ticks.joined(separator: " ") }
                Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { timer in
                    ticks.append(String(format: "t%.2f", ProcessInfo.processInfo.systemUptime - started))
                    if ticks.count == 3 { timer.invalidate() }
                    show()
                }
                Timer.scheduledTimer(withTimeInterval: 3, repeats: false) { _ in
                    ticks.append(String(format: "late%.2f", ProcessInfo.processInfo.systemUptime - started))
                    show()
                }
            }),
        ]
        for (index, (title, action)) in buttons.enumerated() {
            let button = UIButton(type: .system, primaryAction: UIAction(title: title) { _ in action() })
            button.frame = CGRect(x: 20 + 170 * CGFloat(index % 2), y: 330 + 56 * CGFloat(index / 2), width: 150, height: 44)
            view.addSubview(button)
        }
        start()
    }

    /// Three steps of a child task, each logged by the actor and followed by a yield.
    nonisolated private static func steps(_ name: String, log: TaskLog) async {
        for step in 0..<3 {
            await log.add("\(name)\(step)")
            await Task.yield()
        }
    }

    private func start() {
        let group = DispatchGroup()
        for index in 0..<6 {
            convert.async(group: group) { [self] in
                log.sync { order.append(index) }
            }
        }
        convert.async(flags: .barrier) { [self] in
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            let name = "Work-\(Int(Date().timeIntervalSince1970 * 1_000_000)).txt"
            let text = log.sync { order.map(String.init).joined(separator: " ") } + " " + UUID().uuidString
            try? text.write(to: documents.appendingPathComponent(name), atomically: true, encoding: .utf8)
            DispatchQueue.main.async { self.savedLabel.text = name }
        }
        group.notify(queue: .main) { [self] in
            orderLabel.text = log.sync { order.map(String.init).joined(separator: " ") }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [laterLabel] in laterLabel.text = "half a second" }
        nonisolated(unsafe) let label = laterLabel
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            DispatchQueue.main.async { label.text = "five seconds" }
        }
    }
}

/// What the child tasks did, in the order the actor saw it.
actor TaskLog {
    private(set) var entries: [String] = []

    func add(_ entry: String) { entries.append(entry) }
}
