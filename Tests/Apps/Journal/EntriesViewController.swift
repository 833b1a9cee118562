import PhotosUI
import UIKit

final class EntriesViewController: UIViewController {
    private let countLabel = UILabel()
    private let warningsLabel = UILabel()
    private let titleField = UITextField()
    /// Why the last entry's file could not be written: its error's domain and code, and the
    /// system's error number under it.
    private let saveErrorLabel = UILabel()
    /// The photo picked last.
    private let photoView = UIImageView()
    /// What the photo picker's last load said, and the asset identifiers of its last results.
    private let pickErrorLabel = UILabel()
    private let assetsLabel = UILabel()
    private var pickedCount = 0
    private var warnings = 0
    private var observer: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Journal"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.addEntry()
        })

        countLabel.frame = CGRect(x: 20, y: 120, width: 300, height: 30)
        countLabel.accessibilityIdentifier = "count"
        warningsLabel.frame = CGRect(x: 20, y: 160, width: 300, height: 30)
        warningsLabel.accessibilityIdentifier = "warnings"
        saveErrorLabel.frame = CGRect(x: 20, y: 240, width: 300, height: 20)
        saveErrorLabel.accessibilityIdentifier = "saveError"
        view.addSubview(saveErrorLabel)
        titleField.frame = CGRect(x: 20, y: 200, width: 300, height: 40)
        titleField.placeholder = "Entry"
        titleField.accessibilityIdentifier = "entryField"
        titleField.delegate = self

        let details = UIButton(type: .system, primaryAction: UIAction(title: "Details") { [weak self] _ in
            self?.navigationController?.pushViewController(DetailViewController(), animated: true)
        })
        details.frame = CGRect(x: 20, y: 260, width: 120, height: 44)
        let about = UIButton(type: .system, primaryAction: UIAction(title: "About") { [weak self] _ in
            self?.present(AboutViewController(), animated: true) {
                self?.countLabel.accessibilityHint = "about shown"
            }
        })
        about.frame = CGRect(x: 160, y: 260, width: 120, height: 44)
        let crash = UIButton(type: .system)
        crash.setTitle("Crash", for: .normal)
        crash.addAction(UIAction { _ in fatalError("the journal crashed on purpose") }, for: .touchUpInside)
        crash.frame = CGRect(x: 20, y: 320, width: 120, height: 44)
        let later = UIButton(type: .system, primaryAction: UIAction(title: "Later") { [weak self] _ in
            DispatchQueue.main.async {
                OperationQueue.main.addOperation { Journal.shared.add("Later") }
                DispatchQueue.main.async { self?.refresh() }
            }
        })
        later.frame = CGRect(x: 160, y: 320, width: 120, height: 44)
        let list = UIButton(type: .system, primaryAction: UIAction(title: "List") { [weak self] _ in
            self?.navigationController?.pushViewController(EntryListViewController(style: .plain), animated: true)
        })
        list.frame = CGRect(x: 20, y: 380, width: 120, height: 44)
        let share = UIButton(type: .system, primaryAction: UIAction(title: "Share") { [weak self] _ in
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            sheet.addAction(UIAlertAction(title: "Copy", style: .default))
            self?.present(sheet, animated: true)
        })
        share.frame = CGRect(x: 160, y: 380, width: 120, height: 44)
        let photo = UIButton(type: .system, primaryAction: UIAction(title: "Photo") { [weak self] _ in
            self?.showPicker(.photoLibrary)
        })
        photo.frame = CGRect(x: 20, y: 440, width: 120, height: 44)
        let camera = UIButton(type: .system, primaryAction: UIAction(title: "Camera") { [weak self] _ in
            self?.showPicker(.camera)
        })
        camera.frame = CGRect(x: 160, y: 440, width: 120, height: 44)
        let hog = UIButton(type: .system, primaryAction: UIAction(title: "Hog") { _ in
            // 64 MB written, and kept: a cache that never lets go.
            Journal.shared.hoard.append([UInt8](repeating: 7, count: 64 << 20))
        })
        hog.frame = CGRect(x: 20, y: 500, width: 120, height: 44)
        let spin = UIButton(type: .system, primaryAction: UIAction(title: "Spin") { _ in
            while Journal.shared.entries.count >= 0 {}  // a main thread that never comes back
        })
        spin.frame = CGRect(x: 160, y: 500, width: 120, height: 44)
        let flood = UIButton(type: .system, primaryAction: UIAction(title: "Flood") { _ in
            Journal.shared.flood()  // a main queue that is never empty
        })
        flood.frame = CGRect(x: 20, y: 560, width: 120, height: 44)
        let tabs = UIButton(type: .system, primaryAction: UIAction(title: "Tabs") { [weak self] _ in
            let first = TabPageViewController(name: "First")
            let second = TabPageViewController(name: "Second")
            second.tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 2)
            let controller = UITabBarController()
            controller.setViewControllers([first, second], animated: false)
            controller.modalPresentationStyle = .fullScreen
            self?.present(controller, animated: true)
        })
        tabs.frame = CGRect(x: 160, y: 560, width: 120, height: 44)
        let photoPicker = UIButton(type: .system, primaryAction: UIAction(title: "Picker") { [weak self] _ in
            self?.showPhotoPicker()
        })
        photoPicker.frame = CGRect(x: 200, y: 620, width: 120, height: 44)
        let library = UIButton(type: .system, primaryAction: UIAction(title: "Library") { [weak self] _ in
            self?.navigationController?.pushViewController(LibraryViewController(), animated: true)
        })
        library.frame = CGRect(x: 200, y: 680, width: 120, height: 44)
        let work = UIButton(type: .system, primaryAction: UIAction(title: "Work") { [weak self] _ in
            self?.navigationController?.pushViewController(WorkViewController(), animated: true)
        })
        work.frame = CGRect(x: 290, y: 260, width: 80, height: 44)
        let selfLink = UIButton(type: .system, primaryAction: UIAction(title: "Self link") { [weak self] _ in
            let application = UIApplication.shared
            let asked = "can journal \(application.canOpenURL(URL(string: "journal://x")!)), mailto \(application.canOpenURL(URL(string: "mailto:a@b.c")!))"
            application.open(URL(string: "journal://add?text=From%20itself")!) { opened in
                self?.pickErrorLabel.text = asked + "; opened \(opened)"
            }
        })
        selfLink.frame = CGRect(x: 290, y: 440, width: 80, height: 44)
        let edit = UIButton(type: .system, primaryAction: UIAction(title: "Edit") { [weak self] _ in
            self?.showPicker(.photoLibrary, editing: true)
        })
        edit.frame = CGRect(x: 290, y: 380, width: 80, height: 44)
        let whereButton = UIButton(type: .system, primaryAction: UIAction(title: "Where") { [weak self] _ in
            self?.navigationController?.pushViewController(LocationViewController(), animated: true)
        })
        whereButton.frame = CGRect(x: 290, y: 320, width: 80, height: 44)
        let touch = UIButton(type: .system, primaryAction: UIAction(title: "Touch") { [weak self] _ in
            self?.navigationController?.pushViewController(TouchViewController(), animated: true)
        })
        touch.frame = CGRect(x: 290, y: 500, width: 80, height: 44)
        pickErrorLabel.frame = CGRect(x: 20, y: 750, width: 350, height: 30)
        pickErrorLabel.accessibilityIdentifier = "pickError"
        assetsLabel.frame = CGRect(x: 20, y: 780, width: 350, height: 30)
        assetsLabel.accessibilityIdentifier = "assets"
        photoView.frame = CGRect(x: 20, y: 620, width: 160, height: 120)
        photoView.contentMode = .scaleAspectFit
        photoView.accessibilityIdentifier = "photo"
        for subview in [countLabel, warningsLabel, titleField, details, about, crash, later, list, share, photo, camera, hog,
                        spin, flood, tabs, photoView, photoPicker, library, work, whereButton, edit, selfLink, touch, pickErrorLabel, assetsLabel] {
            view.addSubview(subview)
        }

        observer = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification,
                                                          object: nil, queue: .main) { [weak self] _ in
            self?.warnings += 1
            self?.refresh()
        }
        refresh()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        refresh()
    }

    private func showPicker(_ source: UIImagePickerController.SourceType, editing: Bool = false) {
        let picker = UIImagePickerController()
        picker.sourceType = source
        picker.allowsEditing = editing
        picker.delegate = self
        present(picker, animated: true)
    }

    /// The system's photo picker, with the library (so results carry asset identifiers), the
    /// selection limit and representation mode of the launch arguments `pickerLimit` and
    /// `pickerMode` (current, compatible).
    private func showPhotoPicker() {
        var configuration = PHPickerConfiguration(photoLibrary: .shared())
        configuration.filter = .images
        configuration.selectionLimit = UserDefaults.standard.string(forKey: "pickerLimit").flatMap { Int($0) } ?? 1
        switch UserDefaults.standard.string(forKey: "pickerMode") {
        case "current": configuration.preferredAssetRepresentationMode = .current
        case "compatible": configuration.preferredAssetRepresentationMode = .compatible
        default: break
        }
        let picker = PHPickerViewController(configuration: configuration)
        picker.delegate = self
        present(picker, animated: true)
    }

    /// An entry from a link (`journal://add?text=…`).
    func add(_ text: String) {
        _ = Journal.shared.add(text)
        refresh()
    }

    private func addEntry() {
        let text = titleField.text ?? ""
        let error = Journal.shared.add(text.isEmpty ? "Untitled" : text) as NSError?
        let underlying = error?.userInfo[NSUnderlyingErrorKey] as? NSError
        saveErrorLabel.text = error.map { "not saved: \($0.domain) \($0.code)" + (underlying.map { " (\($0.domain) \($0.code))" } ?? "") } ?? ""
        titleField.text = ""
        refresh()
    }

    private func refresh() {
        let count = Journal.shared.entries.count
        countLabel.text = count == 1 ? "1 entry" : "\(count) entries"
        warningsLabel.text = "Memory warnings: \(warnings)"
    }
}

final class DetailViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Details"
        let label = UILabel(frame: CGRect(x: 20, y: 120, width: 300, height: 30))
        label.text = "Saved in \(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].path)"
        view.addSubview(label)
        // What the app reads of the world: its wall clock and its random source.
        let world = UILabel(frame: CGRect(x: 20, y: 160, width: 300, height: 30))
        world.accessibilityIdentifier = "world"
        world.text = "\(Date().timeIntervalSince1970) \(UUID().uuidString) \(Int.random(in: 0...999_999)) "
            + "\(NSUUID().uuidString) \(arc4random_uniform(1_000_000)) \(CFAbsoluteTimeGetCurrent() + kCFAbsoluteTimeIntervalSince1970)"
        view.addSubview(world)
        // A timed wait lasts what it asks for, though the app's wall clock is the world's.
        let started = DispatchTime.now().uptimeNanoseconds
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.05)
        let condition = NSCondition()
        condition.lock()
        _ = condition.wait(until: Date().addingTimeInterval(0.05))
        condition.unlock()
        let waited = UILabel(frame: CGRect(x: 20, y: 200, width: 300, height: 30))
        waited.accessibilityIdentifier = "waited"
        // In the world the semaphore's wait moves the world's clock on by what it asked (nothing
        // else can run); the condition's is the host's, and takes its time on the host.
        waited.text = (DispatchTime.now().uptimeNanoseconds - started) >= 50_000_000 ? "waited" : "returned early"
        view.addSubview(waited)
        // The reference text's observer bug, asked for with `-LeakyDetails YES`: the block holds
        // the controller strongly, so it outlives its screen.
        if UserDefaults.standard.bool(forKey: "LeakyDetails") {
            observer = NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil,
                                                              queue: .main) { _ in self.view.endEditing(true) }
        }
    }

    private var observer: NSObjectProtocol?
}

final class AboutViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel(frame: CGRect(x: 20, y: 120, width: 300, height: 30))
        label.text = "About the journal"
        let close = UIButton(type: .system, primaryAction: UIAction(title: "Close") { [weak self] _ in
            self?.dismiss(animated: true)
        })
        close.frame = CGRect(x: 20, y: 160, width: 120, height: 44)
        view.addSubview(label)
        view.addSubview(close)
    }
}

/// The entries in a table; a tap asks whether to delete one, a swipe deletes it.
final class EntryListViewController: UITableViewController {
    static let cellIdentifier = "Entry"

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Entries"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        toolbarItems = [
            UIBarButtonItem(systemItem: .flexibleSpace),
            UIBarButtonItem(title: "Delete All", primaryAction: UIAction { [weak self] _ in self?.deleteAll() }),
        ]
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(false, animated: animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setToolbarHidden(true, animated: animated)
    }

    private func deleteAll() {
        while !Journal.shared.entries.isEmpty { Journal.shared.remove(at: 0) }
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Journal.shared.entries.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        cell.textLabel?.text = Journal.shared.entries[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let entry = Journal.shared.entries[indexPath.row]
        let alert = UIAlertController(title: "Delete “\(entry)”?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in
            tableView.deselectRow(at: indexPath, animated: true)
        })
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in
            self?.deleteEntry(at: indexPath)
        })
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete { deleteEntry(at: indexPath) }
    }

    private func deleteEntry(at indexPath: IndexPath) {
        Journal.shared.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
}

/// The keyboard's return key adds the entry and puts the keyboard away.
extension EntriesViewController: UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        addEntry()
        textField.resignFirstResponder()
        return true
    }
}

extension EntriesViewController: UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        photoView.image = info[.originalImage] as? UIImage
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        if let edited = info[.editedImage] as? UIImage, let data = edited.jpegData(compressionQuality: 0.8) {
            // The square the editor framed, kept beside the photo.
            try? data.write(to: documents.appendingPathComponent("Edited.jpg"), options: .atomic)
            let rect = (info[.cropRect] as? NSValue)?.cgRectValue ?? .zero
            pickErrorLabel.text = "crop \(Int(rect.minX)), \(Int(rect.minY)), \(Int(rect.width))x\(Int(rect.height))"
        } else if let image = info[.originalImage] as? UIImage, let data = image.jpegData(compressionQuality: 0.8) {
            let number = UserDefaults.standard.integer(forKey: "PhotoID") + 1
            UserDefaults.standard.set(number, forKey: "PhotoID")
            try? data.write(to: documents.appendingPathComponent("Photo-\(number).jpg"), options: .atomic)
        }
        picker.dismiss(animated: true)
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true)
    }
}

extension EntriesViewController: PHPickerViewControllerDelegate {
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
        picker.dismiss(animated: true)
        assetsLabel.text = results.map { $0.assetIdentifier ?? "none" }.joined(separator: ",")
        for result in results where result.itemProvider.canLoadObject(ofClass: UIImage.self) {
            result.itemProvider.loadObject(ofClass: UIImage.self) { [weak self] object, error in
                DispatchQueue.main.async {
                    guard let self else { return }
                    guard let image = object as? UIImage, let data = image.jpegData(compressionQuality: 0.8) else {
                        self.pickErrorLabel.text = error?.localizedDescription ?? "no image"
                        return
                    }
                    self.pickedCount += 1
                    let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    try? data.write(to: documents.appendingPathComponent("Picked-\(self.pickedCount).jpg"), options: .atomic)
                    self.photoView.image = image
                }
            }
        }
    }
}

final class TabPageViewController: UIViewController {
    let name: String

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel(frame: CGRect(x: 20, y: 120, width: 300, height: 30))
        label.text = "\(name) page"
        let done = UIButton(type: .system, primaryAction: UIAction(title: "Done") { [weak self] _ in
            self?.tabBarController?.dismiss(animated: true)
        })
        done.frame = CGRect(x: 20, y: 160, width: 120, height: 44)
        view.addSubview(label)
        view.addSubview(done)
    }
}
