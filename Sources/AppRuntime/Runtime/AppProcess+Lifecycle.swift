import Platform

/// Launch and the lifecycle transitions, each delegate call followed by its notification.
///
/// Order (IOS-FACTS §3): to the background willResignActive → didEnterBackground; back
/// willEnterForeground → didBecomeActive. The delegate is called before the notification is
/// posted, as UIKit's scene lifecycle monitor does for scenes; for the app level no Apple binary
/// was examined, so this order is our choice.
extension AppProcess {
    /// Makes the environment and the delegate, shows the window and becomes active.
    func start(arguments: [String: String]) {
        let environment = HostEnvironment(process: self, arguments: arguments)
        self.environment = environment
        meter.onPressure = { [weak self] in self?.enqueueMemoryWarning(reason: "footprint over the high-water mark") }
        meter.onLimitCrossed = { [weak self] in self?.limitCrossed() }
        trace.record(.launched(app: host.appName, number: number, arguments: arguments))
        enqueueOnMain("did finish launching") { [unowned self] in
            let application = try host.definition.makeApplication(environment)
            self.application = application
            environment.trackLifetime(application, kind: "application")
            let content = try application.didFinishLaunching()
            try showWindow(content)
            try post(.didFinishLaunching)
        }
        enqueueOnMain("become active") { [unowned self] in
            state = .active
            try application?.didBecomeActive()
            try post(.didBecomeActive)
        }
    }

    /// willResignActive, then didEnterBackground.
    func enqueueBackground() {
        enqueueOnMain("resign active") { [unowned self] in
            state = .inactive
            try application?.willResignActive()
            try post(.willResignActive)
        }
        enqueueOnMain("enter background") { [unowned self] in
            state = .background
            try application?.didEnterBackground()
            try post(.didEnterBackground)
        }
    }

    /// willEnterForeground, then didBecomeActive.
    func enqueueForeground() {
        enqueueOnMain("enter foreground") { [unowned self] in
            state = .inactive
            try application?.willEnterForeground()
            try post(.willEnterForeground)
        }
        enqueueOnMain("become active") { [unowned self] in
            state = .active
            try application?.didBecomeActive()
            try post(.didBecomeActive)
        }
    }

    /// Graceful termination: background first when active, then willTerminate, then the end.
    func enqueueTermination() {
        if state == .active { enqueueBackground() }
        enqueueOnMain("terminate") { [unowned self] in
            try application?.willTerminate()
            try post(.willTerminate)
        }
        scheduler.async(on: scheduler.main, label: "exit") { [weak self] in
            guard let self, self.state.isRunning else { return }
            self.end(.terminated)
        }
    }

    /// Posts a system notification to the app's observers.
    func post(_ name: NotificationName) throws {
        host.world.observers.post(name: name.rawValue, from: "UIApplication")
    }

    private func showWindow(_ content: WindowContent) throws {
        switch content {
        case .navigation(let root):
            window.tabs = [WindowState.TabStack(title: "", screens: [root])]
        case .tabs(let tabs):
            precondition(!tabs.isEmpty, "a tab bar needs at least one tab")
            window.tabs = tabs.map { WindowState.TabStack(title: $0.title, screens: [$0.root]) }
        }
        for tab in window.tabs { attach(tab.screens[0]) }
        guard let root = window.currentStack?.first else { return }
        try appear(root)
    }
}
