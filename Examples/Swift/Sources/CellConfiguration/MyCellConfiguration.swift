import Cellar
import Foundation

// 커스텀 셀에 대한 설정
struct MyCellConfiguration: ContentConfiguration, Hashable {

    var title: String = ""
    var body: String = ""

    // 보여줄 화면
    func makeContentView() -> any ContentView {
        return CellConfigurationView(config: self)
    }

    /// 셀 상태가 변경되면 발동
    /// - Parameter state: 셀 상태
    /// - Returns: 셀 설정 자체
    func updated(for state: any ConfigurationState) -> MyCellConfiguration {
        if let state = state as? CellConfigurationState {
            var updatedConfig = self

            if state.isSelected {
                updatedConfig.title = "선택됨: " + updatedConfig.title
            }
            return updatedConfig
        }
        return self
    }
}
