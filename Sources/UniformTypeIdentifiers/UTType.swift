import Foundation

/// A uniform type (Apple: UniformTypeIdentifiers › UTType), for the image and movie types a
/// photo app names: its identifier, its preferred file name extension and what it conforms to.
/// Only the types below are known; `UTType(_:)` of any other identifier is nil, as Apple's is
/// for an identifier the system has not declared.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public let preferredFilenameExtension: String?
    public let preferredMIMEType: String?
    /// The identifiers this type conforms to directly.
    private let parents: [String]

    private init(_ identifier: String, extension fileExtension: String?, mime: String?, parents: [String]) {
        self.identifier = identifier
        preferredFilenameExtension = fileExtension
        preferredMIMEType = mime
        self.parents = parents
    }

    public static let item = UTType("public.item", extension: nil, mime: nil, parents: [])
    public static let content = UTType("public.content", extension: nil, mime: nil, parents: [])
    public static let data = UTType("public.data", extension: nil, mime: nil, parents: ["public.item"])
    public static let image = UTType("public.image", extension: nil, mime: nil, parents: ["public.data", "public.content"])
    public static let jpeg = UTType("public.jpeg", extension: "jpeg", mime: "image/jpeg", parents: ["public.image"])
    public static let png = UTType("public.png", extension: "png", mime: "image/png", parents: ["public.image"])
    public static let heic = UTType("public.heic", extension: "heic", mime: "image/heic", parents: ["public.heif-standard"])
    public static let heif = UTType("public.heif-standard", extension: "heif", mime: "image/heif", parents: ["public.image"])
    public static let gif = UTType("com.compuserve.gif", extension: "gif", mime: "image/gif", parents: ["public.image"])
    public static let audiovisualContent = UTType("public.audiovisual-content", extension: nil, mime: nil, parents: ["public.data", "public.content"])
    public static let movie = UTType("public.movie", extension: nil, mime: nil, parents: ["public.audiovisual-content"])
    public static let quickTimeMovie = UTType("com.apple.quicktime-movie", extension: "mov", mime: "video/quicktime", parents: ["public.movie"])
    public static let mpeg4Movie = UTType("public.mpeg-4", extension: "mp4", mime: "video/mp4", parents: ["public.movie"])
    public static let livePhoto = UTType("com.apple.live-photo", extension: nil, mime: nil, parents: [])

    private static let known: [UTType] = [
        .item, .content, .data, .image, .jpeg, .png, .heic, .heif, .gif, .audiovisualContent, .movie, .quickTimeMovie, .mpeg4Movie, .livePhoto,
    ]

    /// The type with this identifier, if it is one of the known ones.
    public init?(_ identifier: String) {
        guard let type = Self.known.first(where: { $0.identifier == identifier.lowercased() || $0.identifier == identifier }) else { return nil }
        self = type
    }

    /// The type a file name extension stands for (`jpg` and `jpeg` are JPEG), if known.
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        let aliases = ["jpg": "jpeg", "heif": "heif", "hif": "heif", "mov": "mov", "mp4": "mp4", "m4v": "mp4"]
        let wanted = aliases[lowered] ?? lowered
        guard let type = Self.known.first(where: { $0.preferredFilenameExtension == wanted }) else { return nil }
        self = type
    }

    /// Whether this type is `type` or conforms to it through its parents (JPEG conforms to image).
    public func conforms(to type: UTType) -> Bool {
        if self == type { return true }
        return parents.contains { parent in UTType(parent)?.conforms(to: type) ?? false }
    }

    public func isSupertype(of type: UTType) -> Bool { type.conforms(to: self) }
    public func isSubtype(of type: UTType) -> Bool { conforms(to: type) && self != type }

    public var description: String { identifier }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
