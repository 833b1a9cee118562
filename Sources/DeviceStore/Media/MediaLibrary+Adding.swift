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
        let counter = try database.nextNumber()
        let numbers = try freeNumbers(sources.count, from: counter)
        let nextNumber = numbers[numbers.count - 1] + 1
        let now = clock.now
        var rows: [AssetRow] = []
        rows.reserveCapacity(sources.count)
        var used = Set<AssetIdentifier>()
        var written: [String] = []
        var movedAside = false
        defer { if movedAside { try? trimOrphans() } }
        do throws(MediaLibraryError) {
            try ImportPipeline.run(sources, fileSystem: fileSystem) { (index, photo) throws(MediaLibraryError) in
                let name = CameraRollName(number: numbers[index], format: photo.info.format)
                if try store(photo, as: name) { movedAside = true }
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
            try database.insert(rows, expectedNumber: counter, nextNumber: nextNumber)
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
            originalFilename: AssetDatabase.isPlainFileName(photo.source.originalFilename) ? photo.source.originalFilename : name.fileName,
            uniformTypeIdentifier: CameraRollName.uniformTypeIdentifier(info.format),
            pixelWidth: info.displayWidth, pixelHeight: info.displayHeight,
            creationDate: photo.creationDate ?? now,
            latitude: location?.latitude, longitude: location?.longitude, fileSize: photo.data.count)
        return AssetRow(identifier: identifier, name: name, asset: asset,
                        orientation: info.orientation.rawValue, addedDate: now)
    }

    /// The first `count` camera-roll numbers from the counter on that no row uses (any
    /// extension). The counter only grows, so this is the counter's own run unless the database
    /// was rolled back under its photos (a restored copy): then a taken name moves the counter
    /// on instead of being handed out again.
    ///
    /// - Throws: ``MediaLibraryError/libraryFull(lastFileName:)`` when fewer than `count` are
    ///   left below `IMG_9999`.
    private func freeNumbers(_ count: Int, from counter: Int) throws(MediaLibraryError) -> [Int] {
        let taken = Set(try database.fileNames(inDirectory: CameraRollName.directory).compactMap {
            CameraRollName(fileName: $0)?.number
        })
        var numbers: [Int] = []
        numbers.reserveCapacity(count)
        var candidate = max(counter, CameraRollName.numbers.lowerBound)
        while numbers.count < count {
            guard candidate <= CameraRollName.numbers.upperBound else {
                throw .libraryFull(lastFileName: CameraRollName(number: CameraRollName.numbers.upperBound, format: .jpeg).fileName)
            }
            if !taken.contains(candidate) { numbers.append(candidate) }
            candidate += 1
        }
        return numbers
    }

    /// A UUID from the random source that no row and no earlier photo of this call has.
    ///
    /// Drawing on past a taken one is deterministic for a given library: the same seed against
    /// the same rows gives the same identifiers, and a library that keeps its rows across runs
    /// of one seed (a scenario device reused with `--device`) gets the next unused draws. Every
    /// taken draw is a distinct row or photo, so a source that does not repeat itself finds a
    /// free one within `rows + count` draws; one that keeps repeating is reported, not trapped on.
    private func freshIdentifier(avoiding used: Set<AssetIdentifier>) throws(MediaLibraryError) -> AssetIdentifier {
        let maximumAttempts = try database.rowCount() + used.count + 16
        for _ in 0..<maximumAttempts {
            let candidate = AssetIdentifier(uuid: random.makeUUID())
            if used.contains(candidate) { continue }
            if try !database.contains(candidate) { return candidate }
        }
        throw .identifiersExhausted(attempts: maximumAttempts)
    }

    /// Stores one photo's checked bytes under its final name (atomically; synced with the others
    /// before the commit), after moving aside anything under that number (any extension).
    /// - Returns: true when something was moved aside.
    private func store(_ photo: ProbedPhoto, as name: CameraRollName) throws(MediaLibraryError) -> Bool {
        var moved = false
        for candidate in CameraRollName.allNames(number: name.number) where try moveAside(absolutePath(candidate.relativePath)) {
            moved = true
        }
        do throws(FileSystemError) {
            try fileSystem.writeAtomicallyDeferred(photo.data, to: absolutePath(name.relativePath))
        } catch {
            throw .writing(error)
        }
        return moved
    }
}
