import Testing
@testable import World

@Suite("World: leak tracker")
struct WorldLeakTrackerTests {
    static let background = "UIApplicationDidEnterBackgroundNotification"

    /// A screen whose init registers an observer capturing `self` strongly: it leaks.
    final class LeakyScreen {
        var token: ObserverToken?
        init(world: World) {
            token = world.observers.addObserver(forName: WorldLeakTrackerTests.background, registeredBy: "LeakyScreen#1") { _ in
                self.dismiss()
            }
            world.leakTracker.track(self, kind: "screen", owner: "details")
        }
        func dismiss() {}
    }

    /// The same screen capturing `[weak self]`: it dies with its owner.
    final class CarefulScreen {
        var token: ObserverToken?
        init(world: World) {
            token = world.observers.addObserver(forName: WorldLeakTrackerTests.background, registeredBy: "CarefulScreen#1") { [weak self] _ in
                self?.dismiss()
            }
            world.leakTracker.track(self, kind: "screen", owner: "details")
        }
        func dismiss() {}
    }

    @Test func aStrongCaptureInAnObserverIsALeakNamingThatObserver() throws {
        let world = World(seed: 1)
        _ = world.observers.addObserver(forName: "Unrelated", registeredBy: "AppDelegate") { _ in }
        try world.scheduler.advance(by: .milliseconds(100))
        var screen: LeakyScreen? = LeakyScreen(world: world)
        let token = try #require(screen?.token)
        try world.scheduler.advance(by: .milliseconds(400))
        screen = nil
        world.leakTracker.ownerClosed("details")
        try world.scheduler.runUntilIdle()
        let leaks = world.leakTracker.leaks()
        #expect(leaks == [Leak(typeName: "LeakyScreen", kind: "screen", owner: "details",
                               createdAt: .epoch.advanced(by: .milliseconds(100)),
                               ownerClosedAt: .epoch.advanced(by: .milliseconds(500)), retainer: token)])
        #expect(leaks.first?.description.contains("retained by observer #2 for \(Self.background) registered by LeakyScreen#1") == true)
        #expect(world.trace.events.last?.event == .leaked(leaks[0]))
        #expect(world.leakTracker.liveObjectCount == 0)  // releasing the observer freed it
    }

    @Test func aWeakCaptureIsNoLeakAndTheCheckChangesNothing() throws {
        let world = World(seed: 1)
        var screen: CarefulScreen? = CarefulScreen(world: world)
        let token = try #require(screen?.token)
        screen = nil
        world.leakTracker.ownerClosed("details")
        #expect(world.leakTracker.leaks().isEmpty)
        #expect(world.observers.allObservers == [token])  // no leak: no observer was released
    }

    @Test func anObjectRetainedElsewhereIsALeakWithoutAnObserverRetainer() {
        let world = World(seed: 1)
        let kept = CarefulScreen(world: world)
        world.leakTracker.ownerClosed("details")
        let leaks = world.leakTracker.leaks()
        #expect(leaks.count == 1 && leaks.first?.retainer == nil)
        #expect(leaks.first?.description.hasSuffix("retained by something other than an observer") == true)
        _ = kept
    }

    @Test func objectsOfAnOwnerStillOpenAreNotLeaks() {
        let world = World(seed: 1)
        let screen = LeakyScreen(world: world)
        #expect(world.leakTracker.leaks().isEmpty)
        #expect(world.observers.allObservers.count == 1)
        _ = screen
    }
}
