import Core
import Foundation
import UniformTypeIdentifiers

/// The error domain of item providers (Apple: Foundation › NSItemProviderErrorDomain).
public let NSItemProviderErrorDomain = "NSItemProviderErrorDomain"

/// What an item provider can read an object from (Apple: Foundation › NSItemProviderReading).
public protocol NSItemProviderReading: AnyObject {
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// Data of some types, loaded on request (Apple: Foundation › NSItemProvider). On iOS it is
/// Foundation's; Foundation on Linux has none, so `import UIKit` brings this one (docs/uikit.md).
///
/// A photo picker's results carry one each (PhotosUI): the loads run on the SDK's background
/// queue, as Apple's do, and their completion handlers are called there; the simulator waits for
/// them before a step settles, so a handler that hands its result to the main queue is done by
/// the end of the step.
open class NSItemProvider: NSObject {
    /// Apple's `NSItemProvider.ErrorCode` (NSItemProvider.h: unknownError -1, itemUnavailableError
    /// -1000, unexpectedValueClassError -1100, unavailableCoercionError -1200).
    public enum ErrorCode: Int, Sendable {
        case unknownError = -1
        case itemUnavailableError = -1000
        case unexpectedValueClassError = -1100
        case unavailableCoercionError = -1200
    }

    /// One representation: its type and how its bytes are made (nil: it fails to load).
    struct Representation {
        let typeIdentifier: String
        let load: (() throws -> Data)?
    }

    private var representations: [Representation] = []
    open var suggestedName: String?
    /// The type a load of a broader type (`public.image`, `UIImage`) gets when several conform:
    /// a picker's HEIC photo is handed over as JPEG (IOS-FACTS §6). Nil: the first registered.
    package var preferredTypeIdentifier: String?

    public override init() {
        super.init()
    }

    /// A provider of the file's contents, typed by its extension; nil for a file it cannot read.
    public convenience init?(contentsOf fileURL: URL) {
        guard let type = UTType(filenameExtension: fileURL.pathExtension), (try? fileURL.checkResourceIsReachable()) == true else { return nil }
        self.init()
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
        registerDataRepresentation(forTypeIdentifier: type.identifier) { completion in
            do { completion(try Data(contentsOf: fileURL), nil) } catch { completion(nil, error) }
            return nil
        }
    }

    /// Registers a representation whose bytes `loadHandler` gives (it may answer at once).
    open func registerDataRepresentation(forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility = .all,
                                         loadHandler: @escaping (@escaping (Data?, Error?) -> Void) -> Progress?) {
        representations.append(Representation(typeIdentifier: typeIdentifier, load: {
            var result: (Data?, Error?) = (nil, nil)
            _ = loadHandler { data, error in result = (data, error) }
            if let data = result.0 { return data }
            throw result.1 ?? Self.unavailable(typeIdentifier)
        }))
    }

    /// A representation made by the SDK (a picker's asset); `load` nil makes every load fail.
    package func register(typeIdentifier: String, load: (() throws -> Data)?) {
        representations.append(Representation(typeIdentifier: typeIdentifier, load: load))
    }

    /// The registered types, in the order of fidelity they were registered in (a HEIC photo:
    /// `public.heic`, then `public.jpeg`).
    open var registeredTypeIdentifiers: [String] { representations.map(\.typeIdentifier) }

    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representation(conformingTo: typeIdentifier) != nil
    }

    open func hasRepresentationConforming(toTypeIdentifier typeIdentifier: String, fileOptions: NSItemProviderFileOptions = []) -> Bool {
        hasItemConformingToTypeIdentifier(typeIdentifier)
    }

    open func canLoadObject(ofClass aClass: NSItemProviderReading.Type) -> Bool {
        aClass.readableTypeIdentifiersForItemProvider.contains { hasItemConformingToTypeIdentifier($0) }
    }

    /// Loads an object of `aClass` from the first representation it reads; `completionHandler`
    /// runs on the SDK's background queue.
    @discardableResult
    open func loadObject(ofClass aClass: NSItemProviderReading.Type,
                         completionHandler: @escaping (NSItemProviderReading?, Error?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let chosen = aClass.readableTypeIdentifiersForItemProvider.lazy.compactMap { self.representation(conformingTo: $0) }.first
        SDKWork.async {
            guard let chosen else {
                completionHandler(nil, Self.error(.unavailableCoercionError,
                                                  "Cannot load representation of type \(aClass.readableTypeIdentifiersForItemProvider.first ?? "")"))
                return
            }
            do {
                let data = try Self.bytes(of: chosen)
                let object = try aClass.object(withItemProviderData: data, typeIdentifier: chosen.typeIdentifier)
                progress.completedUnitCount = 1
                completionHandler(object, nil)
            } catch {
                completionHandler(nil, error)
            }
        }
        return progress
    }

    /// The bytes of the first representation conforming to `typeIdentifier`, on the SDK's queue.
    @discardableResult
    open func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping (Data?, Error?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let chosen = representation(conformingTo: typeIdentifier)
        SDKWork.async {
            guard let chosen else { completionHandler(nil, Self.unavailable(typeIdentifier)); return }
            do {
                let data = try Self.bytes(of: chosen)
                progress.completedUnitCount = 1
                completionHandler(data, nil)
            } catch {
                completionHandler(nil, error)
            }
        }
        return progress
    }

    /// A temporary file with the representation's bytes, named after `suggestedName` with the
    /// type's extension; it is deleted once `completionHandler` returns, as Apple documents.
    @discardableResult
    open func loadFileRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping (URL?, Error?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let chosen = representation(conformingTo: typeIdentifier)
        let name = suggestedName ?? "file"
        SDKWork.async {
            guard let chosen else { completionHandler(nil, Self.unavailable(typeIdentifier)); return }
            do {
                let data = try Self.bytes(of: chosen)
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("NSIRD_\(name)", isDirectory: true)
                var url = folder.appendingPathComponent(name)
                if let fileExtension = UTType(chosen.typeIdentifier)?.preferredFilenameExtension { url.appendPathExtension(fileExtension) }
                try SystemFiles.work {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try data.write(to: url)
                }
                progress.completedUnitCount = 1
                completionHandler(url, nil)
                SystemFiles.work { try? FileManager.default.removeItem(at: folder) }
            } catch {
                completionHandler(nil, error)
            }
        }
        return progress
    }

    /// The representation of exactly `typeIdentifier`, else the preferred one when it conforms,
    /// else the first that conforms.
    private func representation(conformingTo typeIdentifier: String) -> Representation? {
        if let exact = representations.first(where: { $0.typeIdentifier == typeIdentifier }) { return exact }
        let conforming = representations.filter { representation in
            UTType(representation.typeIdentifier).flatMap { own in UTType(typeIdentifier).map { own.conforms(to: $0) } } ?? false
        }
        return conforming.first { $0.typeIdentifier == preferredTypeIdentifier } ?? conforming.first
    }

    private static func bytes(of representation: Representation) throws -> Data {
        guard let load = representation.load else { throw unavailable(representation.typeIdentifier) }
        return try load()
    }

    /// `NSItemProviderErrorDomain` -1000, "Cannot load representation of type <type>", the error
    /// the Simulator gives for a photo it cannot hand over (IOS-FACTS §6, FB9622498).
    package static func unavailable(_ typeIdentifier: String) -> NSError {
        error(.itemUnavailableError, "Cannot load representation of type \(typeIdentifier)")
    }

    private static func error(_ code: ErrorCode, _ description: String) -> NSError {
        NSError(domain: NSItemProviderErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: description])
    }
}

/// Apple: `NSItemProviderRepresentationVisibility` (all 0, team 1, group 2, ownProcess 3).
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    case all = 0, team = 1, group = 2, ownProcess = 3
}

/// Apple: `NSItemProviderFileOptions` (openInPlace 1).
public struct NSItemProviderFileOptions: OptionSet, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let openInPlace = NSItemProviderFileOptions(rawValue: 1)
}

extension UIImage: NSItemProviderReading {
    /// The image types UIImage reads (Apple lists the system's image types; these are the
    /// ones PhotoSim decodes).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.image.identifier, UTType.jpeg.identifier, UTType.png.identifier, UTType.heic.identifier, UTType.gif.identifier]
    }

    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let image = UIImage(data: data) as? Self else {
            throw NSError(domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.unexpectedValueClassError.rawValue,
                          userInfo: [NSLocalizedDescriptionKey: "Cannot load representation of type \(typeIdentifier)"])
        }
        return image
    }
}
