import Platform

/// The app delegate: the note screen in a navigation stack.
final class NotesApp: Application {
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func didFinishLaunching() throws -> WindowContent {
        .navigation(root: NoteScreen(environment: environment))
    }
}
