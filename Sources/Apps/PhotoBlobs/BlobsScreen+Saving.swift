import Core
import Foundation
import Platform

/// The seed's pipeline: dismiss at once, take the time, convert on the concurrent queue, save
/// behind a barrier on the save queue; loads run on the save queue and report on main.
extension BlobsScreen: ImagePickerDelegate {
    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: ImagePickerInfo) throws {
        try dismiss(animated: true)
        guard let image = info.originalImage else { return }
        prepareForSaving(image)
    }

    func imagePickerControllerDidCancel(_ picker: ImagePickerController) throws {
        try dismiss(animated: true)
    }

    /// The time is taken now, on main; the conversion runs later on the conversion queue.
    private func prepareForSaving(_ image: Bitmap) {
        let takenAt = environment.clock.now
        conversionQueue.async("convert") { [self] in
            guard let store else { return }
            let prepared: PreparedPhotoRecord
            do {
                prepared = try store.prepare(image)
            } catch {
                return report("The photo could not be converted: \(error)")
            }
            try save(prepared, takenAt: takenAt)
        }
    }

    /// Saves behind a barrier on the save queue: earlier loads finish first, later ones wait.
    private func save(_ prepared: PreparedPhotoRecord, takenAt: Date) throws {
        try saveQueue.syncBarrier("save") {
            guard let store else { return }
            do {
                try store.save(prepared, takenAt: takenAt)
            } catch {
                throw environment.crash(reason: "Failure to save context: \(error)")
            }
        }
    }

    /// Reads the newest thumbnail on the save queue and shows it on main.
    func load() {
        saveQueue.async("load") { [self] in
            guard let store else { return }
            let result = Result { () throws(PhotoRecordError) -> (count: Int, thumbnail: Data?) in
                (try store.recordIDs().count, try store.latestThumbnail())
            }
            environment.mainQueue.async("show thumbnail") { [self] in show(result) }
        }
    }

    private func show(_ result: Result<(count: Int, thumbnail: Data?), PhotoRecordError>) {
        switch result {
        case .success(let found):
            thumbnail = found.thumbnail.flatMap { try? ImageDecoder(meter: environment.memoryMeter).decode($0) }
            status = "\(found.count) saved"
        case .failure(let error):
            status = "The photos could not be loaded: \(error)"
        }
    }

    private func report(_ message: String) {
        environment.mainQueue.async("show error") { [self] in status = message }
    }
}
