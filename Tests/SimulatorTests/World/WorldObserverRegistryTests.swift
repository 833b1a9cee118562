import Testing
@testable import World

@Suite("World: observer registry")
struct WorldObserverRegistryTests {
    static let background = "UIApplicationDidEnterBackgroundNotification"
    static let memoryWarning = "UIApplicationDidReceiveMemoryWarningNotification"

    @Test func postDeliversInRegistrationOrderAndTracesEachDelivery() {
        let world = World(seed: 1)
        var delivered: [String] = []
        for registrant in ["DetailsScreen#3", "ImageStore", "AppDelegate"] {
            _ = world.observers.addObserver(forName: Self.background, registeredBy: registrant) { note in
                delivered.append("\(registrant) <- \(note.sender)")
            }
        }
        _ = world.observers.addObserver(forName: Self.memoryWarning, registeredBy: "ImageStore") { _ in
            delivered.append("wrong")
        }
        world.observers.post(name: Self.background, from: "UIApplication")
        #expect(delivered == ["DetailsScreen#3 <- UIApplication", "ImageStore <- UIApplication", "AppDelegate <- UIApplication"])
        #expect(world.trace.tail(4) == [
            "[   0.000000000] post \(Self.background) from UIApplication",
            "[   0.000000000] notification \(Self.background) -> DetailsScreen#3",
            "[   0.000000000] notification \(Self.background) -> ImageStore",
            "[   0.000000000] notification \(Self.background) -> AppDelegate",
        ])
    }

    @Test func aRemovedObserverHearsNothingAndRemovingTwiceIsHarmless() {
        let world = World(seed: 1)
        var count = 0
        let token = world.observers.addObserver(forName: Self.background, registeredBy: "Screen") { _ in count += 1 }
        #expect(world.observers.observers(named: Self.background) == [token])
        #expect(token.description == "observer #1 for \(Self.background) registered by Screen")
        world.observers.removeObserver(token)
        world.observers.removeObserver(token)
        world.observers.post(name: Self.background, from: "UIApplication")
        #expect(count == 0)
        #expect(world.observers.observers(named: Self.background).isEmpty)
        #expect(world.trace.events.map(\.event) == [.observerAdded(token), .observerRemoved(token),
                                                     .posted(name: Self.background, sender: "UIApplication")])
    }

    @Test func observersAddedOrRemovedDuringAPostFollowTheSnapshotRules() {
        let world = World(seed: 1)
        let registry = world.observers
        var heard: [String] = []
        var second: ObserverToken?
        _ = registry.addObserver(forName: Self.background, registeredBy: "first") { _ in
            heard.append("first")
            if let second { registry.removeObserver(second) }
            _ = registry.addObserver(forName: Self.background, registeredBy: "late") { _ in heard.append("late") }
        }
        second = registry.addObserver(forName: Self.background, registeredBy: "second") { _ in heard.append("second") }
        registry.post(name: Self.background, from: "UIApplication")
        #expect(heard == ["first"])
        registry.post(name: Self.background, from: "UIApplication")
        #expect(heard == ["first", "first", "late"])
    }
}
