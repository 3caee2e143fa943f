import Cellar
import Foundation

/// The reference's custom cell: a `Cell` subclass whose outlets are the
/// views the row shows ("Configure a Cell with Custom Views").
class FoodCell: Cell {
    var name: Label? = Label("", style: TextStyle(attributes: .bold))
    var plantDescription: Label? = Label(
        "", numberOfLines: 2, lineBreakMode: .wordWrap, style: TextStyle(foreground: .semantic(.secondaryLabel)))
    var picture: ImageView? = ImageView()

    // What the storyboard's prototype cell does in UIKit, where the outlets
    // are connected to views its constraints place: the picture at the
    // leading edge, the name over the description.
    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        let text = ViewNode.stack(.vertical([name, plantDescription].compactMap { $0.map(ViewNode.label) }))
        if let picture, picture.image != nil {
            content = .stack(.horizontal([picture.node, text]))
        } else {
            content = text
        }
    }

    // "Restore Your Cell's Original Appearance Before Reuse": only seasonal
    // foods set the checkmark, so a reused cell must drop it.
    override func prepareForReuse() {
        super.prepareForReuse()
        accessory = .none
    }
}
