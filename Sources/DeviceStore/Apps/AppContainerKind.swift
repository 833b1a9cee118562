/// Which container `simctl get_app_container` prints (Apple's usage: "app: The .app bundle;
/// data: The application's data container; groups: The App Group containers").
public enum AppContainerKind: String, Sendable, CaseIterable {
    case app
    case data
    case groups
}
