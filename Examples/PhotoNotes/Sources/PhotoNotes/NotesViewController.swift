import PhotosUI
import UIKit

final class NotesViewController: UITableViewController {
    private let store: NoteStore

    init(store: NoteStore) {
        self.store = store
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.askForTitle()
        })
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Photos", primaryAction: UIAction { [weak self] _ in
            self?.navigationController?.pushViewController(RecentPhotosViewController(style: .plain), animated: true)
        })
    }

    private func askForTitle() {
        let alert = UIAlertController(title: "New Note", message: nil, preferredStyle: .alert)
        alert.addTextField { field in
            field.placeholder = "Title"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Save", style: .default) { [weak self, weak alert] _ in
            guard let self, let title = alert?.textFields?.first?.text, !title.isEmpty else { return }
            self.store.add(title: title)
            self.tableView.insertRows(at: [IndexPath(row: self.store.notes.count - 1, section: 0)], with: .automatic)
        })
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        store.notes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Note")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Note")
        let note = store.notes[indexPath.row]
        cell.textLabel?.text = note.title
        cell.detailTextLabel?.text = "Note \(note.id)"
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = NoteViewController(note: store.notes[indexPath.row])
        navigationController?.pushViewController(detail, animated: true)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                            forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        store.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

final class NoteViewController: UIViewController, UIImagePickerControllerDelegate, UINavigationControllerDelegate,
                                PHPickerViewControllerDelegate {
    private let note: Note
    private let titleLabel = UILabel()
    private let photoView = UIImageView()
    private let photoLabel = UILabel()
    private var memoryWarnings = 0
    private let warningsLabel = UILabel()

    init(note: Note) {
        self.note = note
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = note.title
        view.backgroundColor = .systemBackground
        titleLabel.text = note.title
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.frame = CGRect(x: 20, y: 120, width: view.bounds.width - 40, height: 30)
        titleLabel.accessibilityIdentifier = "noteTitle"
        warningsLabel.frame = CGRect(x: 20, y: 160, width: view.bounds.width - 40, height: 30)
        warningsLabel.accessibilityIdentifier = "warnings"
        photoView.frame = CGRect(x: 20, y: 200, width: 100, height: 100)
        photoView.contentMode = .scaleAspectFill
        photoView.accessibilityIdentifier = "thumbnail"
        photoLabel.frame = CGRect(x: 130, y: 200, width: view.bounds.width - 150, height: 30)
        photoLabel.accessibilityIdentifier = "photoStatus"
        let addPhoto = UIButton(type: .system, primaryAction: UIAction(title: "Add Photo") { [weak self] _ in
            self?.choosePhoto()
        })
        addPhoto.frame = CGRect(x: 20, y: 310, width: 140, height: 44)
        let choosePhoto = UIButton(type: .system, primaryAction: UIAction(title: "Choose Photo") { [weak self] _ in
            self?.pickFromLibrary()
        })
        choosePhoto.frame = CGRect(x: 170, y: 310, width: 150, height: 44)
        view.addSubview(choosePhoto)
        view.addSubview(titleLabel)
        view.addSubview(warningsLabel)
        view.addSubview(photoView)
        view.addSubview(photoLabel)
        view.addSubview(addPhoto)
        UserDefaults.standard.set(note.id, forKey: "LastOpenedNote")
        showPhoto()
    }

    private var photoURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("Photo-\(note.id).jpg")
    }

    private func choosePhoto() {
        guard UIImagePickerController.isSourceTypeAvailable(.photoLibrary) else { return }
        let picker = UIImagePickerController()
        picker.sourceType = .photoLibrary
        picker.delegate = self
        present(picker, animated: true)
    }

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        picker.dismiss(animated: true)
        guard let image = info[.originalImage] as? UIImage, let data = image.jpegData(compressionQuality: 0.8) else { return }
        try? data.write(to: photoURL, options: .atomic)
        showPhoto()
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true)
    }

    /// The system photo picker: one image, with its asset identifier remembered for the note.
    private func pickFromLibrary() {
        var configuration = PHPickerConfiguration(photoLibrary: .shared())
        configuration.filter = .images
        configuration.selectionLimit = 1
        let picker = PHPickerViewController(configuration: configuration)
        picker.delegate = self
        present(picker, animated: true)
    }

    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
        picker.dismiss(animated: true)
        guard let result = results.first, result.itemProvider.canLoadObject(ofClass: UIImage.self) else { return }
        let noteID = note.id
        result.itemProvider.loadObject(ofClass: UIImage.self) { [weak self] object, error in
            DispatchQueue.main.async {
                guard let self else { return }
                guard let image = object as? UIImage, let data = image.jpegData(compressionQuality: 0.8) else {
                    self.photoLabel.text = "Could not load the photo"
                    return
                }
                try? data.write(to: self.photoURL, options: .atomic)
                UserDefaults.standard.set(result.assetIdentifier, forKey: "Asset-\(noteID)")
                self.showPhoto()
            }
        }
    }

    /// The saved photo as a 100-point square thumbnail.
    private func showPhoto() {
        guard let photo = UIImage(contentsOfFile: photoURL.path) else {
            photoLabel.text = "No photo"
            return
        }
        let side: CGFloat = 100
        photoView.image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in
            photo.draw(in: CGRect(x: 0, y: 0, width: side, height: side))
        }
        photoLabel.text = "Photo attached"
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        memoryWarnings += 1
        warningsLabel.text = "Memory warnings: \(memoryWarnings)"
    }
}
