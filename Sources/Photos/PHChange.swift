import AppChannel
import Foundation
import UIKit

/// Told of changes to the photo library (Apple: Photos › PHPhotoLibraryChangeObserver).
public protocol PHPhotoLibraryChangeObserver: NSObjectProtocol {
    /// Called on Photos' background queue, never the main thread: hand what the app shows to
    /// the main queue, as Apple's documentation asks.
    func photoLibraryDidChange(_ changeInstance: PHChange)
}

/// One change of the library, as the app sees it (Apple: Photos › PHChange): the library's
/// assets just after it, from which each fetch result's details are made.
open class PHChange: NSObject {
    /// The assets the app may see after the change, in the library's order.
    private let after: [LibraryAsset]

    init(after: [LibraryAsset]) {
        self.after = after
        super.init()
    }

    /// What changed in the objects of `object`: nil when the change leaves the result as it was.
    open func changeDetails<T: AnyObject>(for object: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
        guard let query = object.query else { return nil }
        let details = PHFetchResultChangeDetails(before: object, after: PHFetchResult(query(after), query: query))
        return details.removedObjects.isEmpty && details.insertedObjects.isEmpty ? nil : details
    }

    /// What changed of one asset: nil when the change leaves it as it was. The library does not
    /// edit photos, so an asset either stays as it is or is gone.
    open func changeDetails<T: PHObject>(for object: T) -> PHObjectChangeDetails<T>? {
        guard !after.contains(where: { $0.localIdentifier == object.localIdentifier }) else { return nil }
        return PHObjectChangeDetails(before: object, after: nil)
    }
}

/// How a fetch result changed (Apple: Photos › PHFetchResultChangeDetails): removed indexes are
/// positions in the result before the change, inserted ones positions in the result after it.
/// Photos in the library never change or move relative to each other here (the library keeps
/// no edits, and orders by what does not change), so `changedIndexes` is empty and `hasMoves`
/// is false.
open class PHFetchResultChangeDetails<ObjectType: AnyObject>: NSObject {
    public let fetchResultBeforeChanges: PHFetchResult<ObjectType>
    public let fetchResultAfterChanges: PHFetchResult<ObjectType>
    public let removedIndexes: IndexSet?
    public let removedObjects: [ObjectType]
    public let insertedIndexes: IndexSet?
    public let insertedObjects: [ObjectType]
    public let changedIndexes: IndexSet?
    public let changedObjects: [ObjectType]

    init(before: PHFetchResult<ObjectType>, after: PHFetchResult<ObjectType>) {
        fetchResultBeforeChanges = before
        fetchResultAfterChanges = after
        func identifier(_ object: ObjectType) -> String? { (object as? PHObject)?.localIdentifier }
        let kept = Set(after.objects.compactMap(identifier))
        let earlier = Set(before.objects.compactMap(identifier))
        let removed = IndexSet(before.objects.indices.filter { identifier(before.objects[$0]).map { !kept.contains($0) } ?? false })
        let inserted = IndexSet(after.objects.indices.filter { identifier(after.objects[$0]).map { !earlier.contains($0) } ?? false })
        removedIndexes = removed
        removedObjects = removed.map { before.objects[$0] }
        insertedIndexes = inserted
        insertedObjects = inserted.map { after.objects[$0] }
        changedIndexes = IndexSet()
        changedObjects = []
        super.init()
    }

    /// Always true: the details above say exactly what changed.
    open var hasIncrementalChanges: Bool { true }
    open var hasMoves: Bool { false }

    /// Calls `handler` with each move's old and new index: there are none.
    open func enumerateMoves(_ handler: @escaping (Int, Int) -> Void) {}
}

/// How one object changed (Apple: Photos › PHObjectChangeDetails).
open class PHObjectChangeDetails<ObjectType: PHObject>: NSObject {
    public let objectBeforeChanges: ObjectType
    public let objectAfterChanges: ObjectType?

    init(before: ObjectType, after: ObjectType?) {
        objectBeforeChanges = before
        objectAfterChanges = after
        super.init()
    }

    open var assetContentChanged: Bool { false }
    open var objectWasDeleted: Bool { objectAfterChanges == nil }
}

/// The registered observers, held weakly, in registration order.
enum ChangeObservers {
    private final class Entry {
        weak var observer: PHPhotoLibraryChangeObserver?
        init(_ observer: PHPhotoLibraryChangeObserver) { self.observer = observer }
    }

    nonisolated(unsafe) private static var entries: [Entry] = []

    static func register(_ observer: PHPhotoLibraryChangeObserver) {
        entries.removeAll { $0.observer == nil }
        guard !entries.contains(where: { $0.observer === observer }) else { return }
        entries.append(Entry(observer))
        DeviceAnswers.libraryDidChange = { libraryChanged() }
    }

    static func unregister(_ observer: PHPhotoLibraryChangeObserver) {
        entries.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// The library changed: each observer living now is told, on Photos' background queue, with
    /// the library as the app sees it after the change.
    static func libraryChanged() {
        let observers = entries.compactMap(\.observer)
        guard !observers.isEmpty else { return }
        let change = PHChange(after: PHPhotoLibrary.mayReadWithoutAsking() ? PHPhotoLibrary.visibleAssets() : [])
        SDKEvents.record("PHPhotoLibrary change to \(observers.count) observer\(observers.count == 1 ? "" : "s")")
        nonisolated(unsafe) let told = observers
        SDKWork.async {
            for observer in told { observer.photoLibraryDidChange(change) }
        }
    }
}
