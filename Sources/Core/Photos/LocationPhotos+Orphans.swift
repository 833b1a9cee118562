extension LocationPhotos {
    /// Leftovers in Documents that no location names, sorted: `Photo-<id>.jpg` files whose row
    /// was never committed (a crash between writing the file and committing), and temporary
    /// files of an atomic photo write a crash interrupted (`.Photo-<id>.jpg.XXXXXX`, the
    /// `mkstemp` name ``POSIXFileSystem`` writes before renaming). Folders and files of any other
    /// name are never listed.
    ///
    /// A snapshot for checks and tests: it does not take the store's write lock, so while another
    /// connection saves it may list a file whose row is about to commit. Only
    /// ``removeOrphanedPhotoFiles()`` acts on the list, under the lock.
    public func orphanedPhotoFileNames() throws(LocationPhotosError) -> [String] {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(at: documentsPath)
        } catch .notFound {
            return []
        } catch {
            throw .documentsUnreadable(path: documentsPath, error)
        }
        let locations = try storeCall { () throws(LocationStoreError) in try store.allLocations() }
        let named = Set(locations.compactMap(\.photoID?.fileName))
        return names.filter { name in
            let isLeftover = Self.isPhotoFileName(name) ? !named.contains(name) : Self.isTemporaryPhotoFileName(name)
            return isLeftover && !isFolder(documentsPath.appendingPathComponent(name))
        }
    }

    /// Removes the leftovers ``orphanedPhotoFileNames()`` lists and returns their names.
    ///
    /// Safe because an orphan's ID was saved before its file was written, so the ID is never
    /// handed out again; the app runs this at launch, as a relaunch after a crash would. The
    /// listing, the rows and the removals are all read and made while holding the store's write
    /// lock (`BEGIN IMMEDIATE`), the lock ``add(_:pickedPhoto:)`` and ``save(_:pickedPhoto:)``
    /// hold from before they write a photo until its row commits. So a sweep from another
    /// connection on the same container (a relaunched app while the old one still runs, an
    /// extension) either waits for that commit and then sees the row, or gives up with a busy
    /// ``LocationPhotosError/sweepNotRun(_:)`` error having removed nothing; it never takes a
    /// photo whose row is about to commit. `PhotoRecordStore` sweeps its external files the same way.
    /// - Throws: ``LocationPhotosError/sweepNotRun(_:)`` when the lock or the rows cannot be had
    ///   (busy: try again later), ``LocationPhotosError/documentsUnreadable(path:_:)``,
    ///   ``LocationPhotosError/photoNotRemoved(path:_:)`` (files before it in the list are gone).
    @discardableResult
    public func removeOrphanedPhotoFiles() throws(LocationPhotosError) -> [String] {
        try store.inTransaction(reportingSQLiteErrorsAs: { LocationPhotosError.sweepNotRun(.sqlite($0)) }) {
            () throws(LocationPhotosError) in
            let orphans: [String]
            do throws(LocationPhotosError) {
                orphans = try orphanedPhotoFileNames()
            } catch .store(let error) {
                throw .sweepNotRun(error)
            }
            for name in orphans {
                let path = documentsPath.appendingPathComponent(name)
                do throws(FileSystemError) {
                    try fileSystem.removeItem(at: path)
                } catch {
                    throw .photoNotRemoved(path: path, error)
                }
            }
            return orphans
        }
    }

    /// `Photo-<positive integer>.jpg`, the names this type writes.
    static func isPhotoFileName(_ name: String) -> Bool {
        guard name.hasPrefix("Photo-"), name.hasSuffix(".jpg") else { return false }
        let number = name.dropFirst("Photo-".count).dropLast(".jpg".count)
        return Int(number).flatMap(PhotoID.init(rawValue:))?.fileName == name
    }

    /// `.Photo-<id>.jpg.` and six letters or digits: the temporary file ``POSIXFileSystem``
    /// creates with `mkstemp` beside a photo before renaming it into place.
    static func isTemporaryPhotoFileName(_ name: String) -> Bool {
        let suffixLength = temporarySuffixLength + 1
        guard name.hasPrefix("."), name.count > suffixLength + 1 else { return false }
        let suffix = name.suffix(suffixLength)
        guard suffix.first == ".", suffix.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return false
        }
        return isPhotoFileName(String(name.dropFirst().dropLast(suffixLength)))
    }

    /// The characters `mkstemp` puts in place of `XXXXXX`.
    private static let temporarySuffixLength = 6

    /// True for a folder: listing it succeeds, where listing a file fails (the ``FileSystem`` rule).
    private func isFolder(_ path: String) -> Bool {
        (try? fileSystem.contentsOfDirectory(at: path)) != nil
    }
}
