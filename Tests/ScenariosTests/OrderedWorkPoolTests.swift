import Foundation
@testable import Scenarios
import Testing

/// The pool that runs a suite's jobs: outputs come out in input order, and the number of
/// outputs in existence at once is bounded by the window, not by how many items there are.
@Suite struct OrderedWorkPoolTests {
    /// Runs `count` items whose work takes longer the lower their index is modulo 7, so later
    /// items finish before earlier ones; returns what was delivered and the pool's statistics.
    static func run(count: Int, workers: Int, window: Int, stopAt: Int? = nil)
        -> (delivered: [Int], statistics: OrderedWorkPool<Int, Int>.Statistics)
    {
        var next = 0
        let delivered = PrintedText()
        let statistics = OrderedWorkPool<Int, Int>.run(
            workers: workers, window: window,
            next: { () -> Int? in
                guard next < count else { return nil }
                next += 1
                return next - 1
            },
            transform: { _, item in
                var spin = 0
                for step in 0..<((7 - item % 7) * 2_000) { spin &+= step }
                return item + (spin == -1 ? 1 : 0)
            },
            deliver: { output, index in
                delivered.append("\(index)=\(output),")
                return stopAt.map { index + 1 < $0 } ?? true
            })
        let pairs = delivered.text.split(separator: ",").map { $0.split(separator: "=").map { Int($0)! } }
        #expect(pairs.allSatisfy { $0[0] == $0[1] }, "each output is handed on with its own index")
        return (pairs.map { $0[1] }, statistics)
    }

    @Test("outputs are handed on in input order, whatever order the workers finish in", arguments: [1, 2, 4])
    func inOrder(workers: Int) {
        let (delivered, statistics) = Self.run(count: 200, workers: workers, window: 2 * workers)
        #expect(delivered == Array(0..<200))
        #expect(statistics.delivered == 200 && !statistics.stopped)
    }

    @Test("the outputs held at once stay within the window at 50 items and at 5,000")
    func heldOutputsAreBoundedByTheWindowNotTheCount() {
        let few = Self.run(count: 50, workers: 3, window: 6).statistics
        let many = Self.run(count: 5_000, workers: 3, window: 6).statistics
        #expect(few.peakHeld <= 6 && many.peakHeld <= 6, "\(few) \(many)")
        #expect(many.delivered == 5_000)
    }

    @Test("a delivery that asks to stop ends the taking of new items")
    func stopping() {
        let (delivered, statistics) = Self.run(count: 1_000, workers: 2, window: 4, stopAt: 10)
        #expect(statistics.stopped)
        #expect(delivered.count < 10 + 4 && Array(delivered.prefix(10)) == Array(0..<10), "only what was already taken follows")
    }
}
