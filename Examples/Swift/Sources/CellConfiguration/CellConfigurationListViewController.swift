import Cellar
import Foundation

class CellConfigurationListViewController {

    let myTableView = TableView(style: .plain)
    var dummySections: [DummySection] = DummySection.getDumies(10)

    func viewDidLoad() throws {
        try configureTableView()
    }

    fileprivate func configureTableView() throws {

        // CodeCell에서는 이 줄만 필요
        try self.myTableView.register(CellConfigTableViewCell.self, forCellReuseIdentifier: "CellConfigTableViewCell")

        self.myTableView.dataSource = self
        self.myTableView.delegate = self
    }
}

/// UITableView의 데이터 관리 역할을 담당
extension CellConfigurationListViewController: TableViewDataSource {

    /// 섹션이 여러개일때만 사용
    /// 섹션의 타이틀 설정
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        return "헤더: " + dummySections[section].title
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        return "푸터: " + dummySections[section].title
    }

    /// 섹션이 여러개일때만 사용
    /// 현재 섹션이 몇개인지
    func numberOfSections(in tableView: TableView) -> Int {
        return dummySections.count
    }

    /// 하나의 섹션에 몇개의 rows가 있냐
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return dummySections[section].rows.count
    }

    /// 각 셀에 대한 내용을 구성하여 반환 -> 셀의 종류를 정하기 - 테이블뷰 셀을 만들어서 반환해라
    /// - indexPath: 셀의 위치를 나타내는 인덱스 경로
    /// - returns: 구성된 Cell 객체
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {

        // [guard let] 방식
        guard
            let cell = try tableView.dequeueReusableCell(withIdentifier: "CellConfigTableViewCell", for: indexPath)
                as? CellConfigTableViewCell
        else {
            return Cell()
        }

        let sectionData: DummySection = dummySections[indexPath.section]

        let cellData: DummyData = sectionData.rows[indexPath.row]

        // 여기서는 UI에 접근하는게 아니라 Cell이 가지고 있는 멤버변수 데이터 자체에 접근
        cell.title = cellData.title
        cell.body = cellData.body
        return cell
    }
}

/// 이벤트 관련 부분 - 셀 선택 등 사용자 인터랙션(이벤트) 관련 처리
extension CellConfigurationListViewController: TableViewDelegate {
    /// 사용자가 특정 셀을 선택했을 때 호출되는 메서드
    /// - Parameters:
    ///   - tableView: 이벤트가 발생한 테이블 뷰
    ///   - indexPath: 선택된 셀의 위치
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        print(#fileID, #function, #line, "- indexPath: \(indexPath.row)")
    }
}
