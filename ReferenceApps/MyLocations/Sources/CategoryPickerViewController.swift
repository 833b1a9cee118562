import UIKit

/// The category list pushed from the details screen; a tap chooses and goes back.
class CategoryPickerViewController: UITableViewController {
    var selectedCategoryName = ""
    var onChoose: ((String) -> Void)?

    let categories = ["No Category", "Apple Store", "Bar", "Bookstore", "Club", "Grocery Store",
                      "Historic Building", "House", "Icecream Vendor", "Landmark", "Park"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Choose Category"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        categories.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let name = categories[indexPath.row]
        cell.textLabel?.text = name
        cell.accessoryType = name == selectedCategoryName ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selectedCategoryName = categories[indexPath.row]
        onChoose?(selectedCategoryName)
        navigationController?.popViewController(animated: true)
    }
}
