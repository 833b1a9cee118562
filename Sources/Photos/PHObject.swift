import Foundation

/// What the photo library holds, named by its `localIdentifier` (Apple: Photos › PHObject):
/// two objects are equal when they name the same one.
open class PHObject: NSObject {
    /// The identifier the library gave the object, the same in every fetch and every launch.
    open var localIdentifier: String { identifier }
    private let identifier: String

    init(localIdentifier: String) {
        identifier = localIdentifier
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? PHObject)?.localIdentifier == localIdentifier }
    open override var hash: Int { localIdentifier.hashValue }
}

/// The object a change request creates, before it exists (Apple: Photos › PHObjectPlaceholder):
/// read its `localIdentifier` once the change is done (in `performChanges`' completion handler)
/// to fetch the new asset. Inside the change block it is still empty here, because the library
/// names the photo when it stores it (docs/photos.md).
open class PHObjectPlaceholder: PHObject {
    private var assigned = ""

    init() {
        super.init(localIdentifier: "")
    }

    open override var localIdentifier: String { assigned }

    func assign(_ localIdentifier: String) { assigned = localIdentifier }
}
