/// UITableViewCell's textLabel, detailTextLabel, imageView and
/// accessoryType, as UIKit apps write them in `cellForRowAt`
/// (`cell.textLabel!.text = "Row \(indexPath.row)"`). They are views over the
/// cell's list content configuration: each reads as a label (image view)
/// holding the configuration's value, and what is written back goes into
/// the configuration, so the cell's style draws it. Only the text (image)
/// is carried; styling goes through `listContentConfiguration`.
extension Cell {
    /// The primary text as a label, as UITableViewCell's textLabel.
    public var textLabel: Label? {
        get { Label(listContentConfiguration?.text ?? "") }
        set { listContentConfiguration = with(listContentConfiguration) { $0.text = newValue?.text } }
    }

    /// The secondary text as a label, as UITableViewCell's detailTextLabel.
    public var detailTextLabel: Label? {
        get { Label(listContentConfiguration?.secondaryText ?? "") }
        set { listContentConfiguration = with(listContentConfiguration) { $0.secondaryText = newValue?.text } }
    }

    /// The image as an image view, as UITableViewCell's imageView.
    public var imageView: ImageView? {
        get { ImageView(image: listContentConfiguration?.image) }
        set { listContentConfiguration = with(listContentConfiguration) { $0.image = newValue?.image } }
    }

    /// The standard accessory, as UITableViewCell's accessoryType; a custom
    /// accessory view reads as `.none`.
    public var accessoryType: AccessoryType {
        get {
            if case .type(let type) = accessory { return type }
            return .none
        }
        set { accessory = .type(newValue) }
    }

    /// The standard accessory while editing, as UITableViewCell's editingAccessoryType.
    public var editingAccessoryType: AccessoryType {
        get {
            if case .type(let type) = editingAccessory { return type }
            return .none
        }
        set { editingAccessory = .type(newValue) }
    }

    /// `configuration` (a default one when nil) changed by `change`.
    private func with(
        _ configuration: ListContentConfiguration?, _ change: (inout ListContentConfiguration) -> Void
    ) -> ListContentConfiguration {
        var configuration = configuration ?? defaultContentConfiguration()
        change(&configuration)
        return configuration
    }
}
