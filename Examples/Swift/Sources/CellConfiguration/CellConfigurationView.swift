import Cellar
import Foundation

// 뷰 안에 컨텐츠 Config를 가지고 있는 뷰
//
// The tutorial's UIView subclass lays its two labels out with Auto Layout,
// 10 points in from every edge; here the content view answers with Cellar's
// view tree, one column in from either side. Without a UIView there is no
// `super.init(frame:)`, `init?(coder:)` or `layoutSubviews()`.
class CellConfigurationView: ContentView {

    // 여러 데이터를 가진 덩어리
    fileprivate var customConfiguration: MyCellConfiguration!

    // 데이터와 UI를 연결
    fileprivate func applyConfigAndChangeUI(_ newConfiguration: MyCellConfiguration) {
        self.customConfiguration = newConfiguration
        titleLabel.text = newConfiguration.title
        bodyLabel.text = newConfiguration.body
    }

    var configuration: any ContentConfiguration {
        get { customConfiguration }
        set {
            if let newConfiguration = newValue as? MyCellConfiguration {
                applyConfigAndChangeUI(newConfiguration)
            }
        }
    }

    init(config: MyCellConfiguration) {
        applyConfigAndChangeUI(config)
    }

    lazy var titleLabel: Label = {
        var label = Label("타이틀 라벨타이틀 라벨타이틀 라벨타이틀 라벨타이틀 라벨")
        label.numberOfLines = 1
        label.style = TextStyle(attributes: .bold)
        return label
    }()

    lazy var bodyLabel: Label = {
        var label = Label("바디 라벨바디 라벨바디 라벨바디 라벨바디 라벨바디 라벨")
        label.numberOfLines = 0
        label.lineBreakMode = .wordWrap
        return label
    }()

    // configureUI(): the title on top, the body under it, both inside the margins.
    func node(in context: LayoutContext) -> ViewNode {
        return .padding(
            Insets(leading: 1, trailing: 1),
            .stack(.vertical([.label(titleLabel), .label(bodyLabel)])))
    }
}
