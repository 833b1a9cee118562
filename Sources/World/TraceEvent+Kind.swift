extension TraceEvent {
    /// The kind of an event, without its values: to match every event of a kind, or list the kinds.
    ///
    /// ```swift
    /// world.trace.events.filter { $0.event.kind == .fileWritten }.count
    /// ```
    public enum Kind: String, CaseIterable, Sendable {
        case run, sync, observerAdded, observerRemoved, observerReleasedByLeakCheck, posted
        case notificationDelivered, tracked, ownerClosed, leaked, launched, appTerminated, appKilled
        case appJetsamKilled, appCrashed, memoryWarning, memoryFootprint, memoryLimitCrossed, presented, presentIgnored
        case dismissed, dismissIgnored, pushed, pushIgnored, popped, editingEnded, tabSelected, swipedLeft
        case prompted, promptAnswered, picked, pickerCancelled, pickerResults, itemProviderLoaded
        case itemProviderFailed, cameraTook, cameraShowsNoImage, photosFetchedImages
        case photosFetchedIdentifiers, photoLibraryUnreadable, imageRequested, imageRequestCancelled
        case imageDelivered, imageMissing, fileWritten, fileNotWritten, fileRemoved, fileMoved
        case faultInjected, faultKilled, traceEventKillMissed, scenarioStep, scenarioStepFailed, scenarioStepWarned, scenarioWaited, scenarioLog
        case scenarioCheckFailed, stopIgnored, killIgnored, containerCleared, clockAdvanced, mediaRemoved
        case fileDeletedBehindApp, processLaunched, processEvent, processEnded
    }

    /// This event's kind.
    public var kind: Kind {
        switch self {
        case .run: .run
        case .sync: .sync
        case .observerAdded: .observerAdded
        case .observerRemoved: .observerRemoved
        case .observerReleasedByLeakCheck: .observerReleasedByLeakCheck
        case .posted: .posted
        case .notificationDelivered: .notificationDelivered
        case .tracked: .tracked
        case .ownerClosed: .ownerClosed
        case .leaked: .leaked
        case .launched: .launched
        case .appTerminated: .appTerminated
        case .appKilled: .appKilled
        case .appJetsamKilled: .appJetsamKilled
        case .appCrashed: .appCrashed
        case .memoryWarning: .memoryWarning
        case .memoryFootprint: .memoryFootprint
        case .memoryLimitCrossed: .memoryLimitCrossed
        case .presented: .presented
        case .presentIgnored: .presentIgnored
        case .dismissed: .dismissed
        case .dismissIgnored: .dismissIgnored
        case .pushed: .pushed
        case .pushIgnored: .pushIgnored
        case .popped: .popped
        case .editingEnded: .editingEnded
        case .tabSelected: .tabSelected
        case .swipedLeft: .swipedLeft
        case .prompted: .prompted
        case .promptAnswered: .promptAnswered
        case .picked: .picked
        case .pickerCancelled: .pickerCancelled
        case .pickerResults: .pickerResults
        case .itemProviderLoaded: .itemProviderLoaded
        case .itemProviderFailed: .itemProviderFailed
        case .cameraTook: .cameraTook
        case .cameraShowsNoImage: .cameraShowsNoImage
        case .photosFetchedImages: .photosFetchedImages
        case .photosFetchedIdentifiers: .photosFetchedIdentifiers
        case .photoLibraryUnreadable: .photoLibraryUnreadable
        case .imageRequested: .imageRequested
        case .imageRequestCancelled: .imageRequestCancelled
        case .imageDelivered: .imageDelivered
        case .imageMissing: .imageMissing
        case .fileWritten: .fileWritten
        case .fileNotWritten: .fileNotWritten
        case .fileRemoved: .fileRemoved
        case .fileMoved: .fileMoved
        case .faultInjected: .faultInjected
        case .faultKilled: .faultKilled
        case .traceEventKillMissed: .traceEventKillMissed
        case .scenarioStep: .scenarioStep
        case .scenarioStepFailed: .scenarioStepFailed
        case .scenarioStepWarned: .scenarioStepWarned
        case .scenarioWaited: .scenarioWaited
        case .scenarioLog: .scenarioLog
        case .scenarioCheckFailed: .scenarioCheckFailed
        case .stopIgnored: .stopIgnored
        case .killIgnored: .killIgnored
        case .containerCleared: .containerCleared
        case .clockAdvanced: .clockAdvanced
        case .mediaRemoved: .mediaRemoved
        case .fileDeletedBehindApp: .fileDeletedBehindApp
        case .processLaunched: .processLaunched
        case .processEvent: .processEvent
        case .processEnded: .processEnded
        }
    }
}
