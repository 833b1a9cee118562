import Core
import Foundation

extension MediaLibrary {
    /// The body of ``add(_:)`` once the lock is held: check and store each photo (see
    /// ``ImportPipeline``), make the files durable with one sync, then insert every row in one
    /// transaction. A photo is in the library once its row commits, and by then its file is on
    /// the disk; files written before a failure are removed, and any a crash leaves are strays
    /// the next import moves aside.
    ///
    /// Whatever sits under a name about to be used (a file no row knows) is moved to
    /// `PhotoData/Orphans` first, so a stray is never lost.
    func addLocked(_ sources: [MediaSource],
                   progress: (_ stored: Int, _ total: Int) -> Void = { _, _ in }) throws(MediaLibraryError) -> [MediaAsset] {
        guard !sources.isEmpty else { return [] }
        let firstNumber = try database.nextNumber()
        let nextNumber = firstNumber + sources.count
        guard nextNumber - 1 <= CameraRollName.numbers.upperBound else {
            throw .libraryFull(lastFileName: CameraRollName(number: CameraRollName.numbers.upperBound, format: .jpeg).fileName)
        }
        let now = clock.now
        var rows: [AssetRow] = []
        rows.reserveCapacity(sources.count)
        var used = Set<AssetIdentifier>()
        var written: [String] = []
        do throws(MediaLibraryError) {
            try ImportPipeline.run(sources, fileSystem: fileSystem) { (index, photo) throws(MediaLibraryError) in
                let name = CameraRollName(number: firstNumber + index, format: photo.info.format)
                try store(photo, as: name)
                written.append(absolutePath(name.relativePath))
                let identifier = try freshIdentifier(avoiding: used)
                used.insert(identifier)
                rows.append(row(for: photo, identifier: identifier, name: name, now: now))
                progress(rows.count, sources.count)
            }
            do throws(FileSystemError) {
                try fileSystem.synchronize(written)
            } catch {
                throw .writing(error)
            }
            try database.insert(rows, expectedNumber: firstNumber, nextNumber: nextNumber)
        } catch {
            for path in written { try? fileSystem.removeItem(at: path) }
            throw error
        }
        return rows.map(\.asset)
    }

    private func row(for photo: ProbedPhoto, identifier: AssetIdentifier, name: CameraRollName, now: Date) -> AssetRow {
        let info = photo.info
        let location = info.exif?.location
        let asset = MediaAsset(
            localIdentifier: identifier.localIdentifier, fileName: name.fileName, path: name.relativePath,
            originalFilename: photo.source.originalFilename.isEmpty ? name.fileName : photo.source.originalFilename,
            uniformTypeIdentifier: CameraRollName.uniformTypeIdentifier(info.format),
            pixelWidth: info.displayWidth, pixelHeight: info.displayHeight,
            creationDate: photo.creationDate ?? now,
            latitude: location?.latitude, longitude: location?.longitude, fileSize: photo.data.count)
        return AssetRow(identifier: identifier, name: name, asset: asset,
                        orientation: info.orientation.rawValue, addedDate: now)
    }

    /// A UUID from the random source that no row and no earlier photo of this call has.
    /// A source that keeps repeating itself is a programmer error (traps).
    private func freshIdentifier(avoiding used: Set<AssetIdentifier>) throws(MediaLibraryError) -> AssetIdentifier {
        let maximumAttempts = 16
        for _ in 0..<maximumAttempts {
            let candidate = AssetIdentifier(uuid: random.makeUUID())
            if used.contains(candidate) { continue }
            if try !database.contains(candidate) { return candidate }
        }
        preconditionFailure("the random source gave \(maximumAttempts) identifiers in a row that are already in use")
    }

    /// Stores one photo's checked bytes under its final name (atomically; synced with the others
    /// before the commit), after moving aside anything under that number (any extension).
    private func store(_ photo: ProbedPhoto, as name: CameraRollName) throws(MediaLibraryError) {
        for candidate in CameraRollName.allNames(number: name.number) {
            try moveAside(absolutePath(candidate.relativePath))
        }
        do throws(FileSystemError) {
            try fileSystem.writeAtomicallyDeferred(photo.data, to: absolutePath(name.relativePath))
        } catch {
            throw .writing(error)
        }
    }
}
