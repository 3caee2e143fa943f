import Cellar
import Testing

@Suite struct RegistrationSnippets {
    @Test func registeredClassesAndStylesAreWhatDequeueReturns() throws {
        let tableView = TableView(style: .plain)
        let indexPath = IndexPath(row: 0, section: 0)
        // article: begin
        try tableView.register(FoodCell.self, forCellReuseIdentifier: "foodCellType")
        try tableView.register(Cell.self, forCellReuseIdentifier: "basicStyleCell")
        try tableView.register(BuiltinCellStyle(.value1), forCellReuseIdentifier: "settingCell")
        let cell = try tableView.dequeueReusableCell(withIdentifier: "foodCellType", for: indexPath) as! FoodCell
        // article: end
        #expect(cell.reuseIdentifier == "foodCellType")
        let basic = try tableView.dequeueReusableCell(withIdentifier: "basicStyleCell", for: indexPath)
        #expect(type(of: basic) == Cell.self)
        let setting = try tableView.dequeueReusableCell(withIdentifier: "settingCell", for: indexPath)
        #expect(setting.style?.reuseIdentifier == "value1")
    }

    @Test func anIdentifierIsTakenOnceAndAnUnknownOneIsNamed() throws {
        let tableView = TableView(style: .plain)
        try tableView.register(FoodCell.self, forCellReuseIdentifier: "foodCellType")
        #expect(throws: (any Error).self) { try tableView.register(Cell.self, forCellReuseIdentifier: "foodCellType") }
        let error = #expect(throws: (any Error).self) {
            _ = try tableView.dequeueReusableCell(withIdentifier: "myCellType", for: IndexPath(row: 0, section: 0))
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("myCellType"))
    }
}
