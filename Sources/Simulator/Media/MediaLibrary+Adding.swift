import Core
import Foundation

extension MediaLibrary {
    /// The body of ``add(_:)`` once the lock is held: name, copy files, then one transaction.
    ///
    /// Whatever sits under a name about to be used (a file no row knows) is moved to
    /// `PhotoData/Orphans` first, and files are never written over, so a stray is never lost.
    func addLocked(_ photos: [ProbedPhoto]) throws(MediaLibraryError) -> [MediaAsset] {
        guard !photos.isEmpty else { return [] }
        let firstNumber = try database.nextNumber()
        let nextNumber = firstNumber + photos.count
        guard nextNumber - 1 <= CameraRollName.numbers.upperBound else {
            throw .libraryFull(lastFileName: CameraRollName(number: CameraRollName.numbers.upperBound, format: .jpeg).fileName)
        }
        let rows = try makeRows(photos, firstNumber: firstNumber)
        var written: [String] = []
        do throws(MediaLibraryError) {
            for (row, photo) in zip(rows, photos) {
                try store(photo, as: row.name)
                written.append(absolutePath(row.name.relativePath))
            }
            try database.insert(rows, expectedNumber: firstNumber, nextNumber: nextNumber)
        } catch {
            for path in written { try? fileSystem.removeItem(at: path) }
            throw error
        }
        return rows.map(\.asset)
    }

    /// The rows for `photos`, numbered from `firstNumber`, with fresh identifiers.
    private func makeRows(_ photos: [ProbedPhoto], firstNumber: Int) throws(MediaLibraryError) -> [AssetRow] {
        let now = clock.now
        var used = Set<AssetIdentifier>()
        var rows: [AssetRow] = []
        rows.reserveCapacity(photos.count)
        for (offset, photo) in photos.enumerated() {
            let identifier = try freshIdentifier(avoiding: used)
            used.insert(identifier)
            let name = CameraRollName(number: firstNumber + offset, format: photo.info.format)
            rows.append(row(for: photo, identifier: identifier, name: name, now: now))
        }
        return rows
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
            latitude: location?.latitude, longitude: location?.longitude, fileSize: photo.sizeBytes)
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

    /// Stores one photo's original bytes under its final name, after moving aside anything
    /// under that number (any extension). A file is copied in bounded chunks, never replacing
    /// what is there; a source changed since its check is refused.
    private func store(_ photo: ProbedPhoto, as name: CameraRollName) throws(MediaLibraryError) {
        for candidate in CameraRollName.allNames(number: name.number) {
            try moveAside(absolutePath(candidate.relativePath))
        }
        let destination = absolutePath(name.relativePath)
        do throws(FileSystemError) {
            switch photo.stored {
            case .bytes(let data):
                try fileSystem.writeAtomically(data, to: destination)
            case .file(let status):
                try fileSystem.copyItem(at: photo.source.path, to: destination, expected: status)
            }
        } catch {
            if case .changedWhileReading = error {
                throw .unreadable(path: photo.source.path, reason: "it changed after it was checked; add it again")
            }
            throw .writing(error)
        }
    }
}
