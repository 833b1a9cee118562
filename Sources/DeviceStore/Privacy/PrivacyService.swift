/// A protected resource `simctl privacy` grants or revokes, named as Apple's usage text names it
/// (`xcrun simctl help privacy`, Xcode 15 and later: all, calendar, contacts-limited, contacts,
/// location, location-always, photos-add, photos, media-library, microphone, motion, reminders,
/// siri; newer Xcode versions add camera).
public enum PrivacyService: String, Sendable, CaseIterable, Codable {
    case calendar
    case contactsLimited = "contacts-limited"
    case contacts
    case location
    case locationAlways = "location-always"
    case photosAdd = "photos-add"
    case photos
    case mediaLibrary = "media-library"
    case microphone
    case motion
    case reminders
    case siri
    case camera

    /// The one-line description Apple's usage text gives the service.
    public var summary: String {
        switch self {
        case .calendar: return "Allow access to calendar."
        case .contactsLimited: return "Allow access to basic contact info."
        case .contacts: return "Allow access to full contact details."
        case .location: return "Allow access to location services when app is in use."
        case .locationAlways: return "Allow access to location services at all times."
        case .photosAdd: return "Allow adding photos to the photo library."
        case .photos: return "Allow full access to the photo library."
        case .mediaLibrary: return "Allow access to the media library."
        case .microphone: return "Allow access to audio input."
        case .motion: return "Allow access to motion and fitness data."
        case .reminders: return "Allow access to reminders."
        case .siri: return "Allow use of the app with Siri."
        case .camera: return "Allow access to camera."
        }
    }

    /// The services a name stands for: `all` is every service.
    public static func services(named name: String) -> [PrivacyService]? {
        if name == "all" { return allCases }
        return PrivacyService(rawValue: name).map { [$0] }
    }
}

/// What `simctl privacy` does to a grant.
public enum PrivacyAction: String, Sendable, CaseIterable {
    /// Allow without prompting. Needs a bundle identifier.
    case grant
    /// Deny every use. Needs a bundle identifier.
    case revoke
    /// Forget the answer so the app is asked again; without a bundle identifier, for every app.
    case reset
}

/// The answer recorded for one app and service.
public enum PrivacyAuthorization: String, Sendable, Codable {
    case granted
    case denied
    /// Photos only: access to the assets the user selected (`PHAuthorizationStatus.limited`).
    case limited
    /// Not the user's to decide (parental controls, a device profile): `PHAuthorizationStatus.restricted`.
    case restricted
}
