// The tutorial's dummy data (`DummySection.getDumies(10)`), fixed here so
// the example prints the same table every run.
struct DummyData {
    var title: String
    var body: String
}

struct DummySection {
    var title: String
    var rows: [DummyData]

    static func getDumies(_ count: Int) -> [DummySection] {
        let samples = [
            DummyData(title: "오늘도 코딩", body: "바디부분"),
            DummyData(
                title: "타이틀 라벨타이틀 라벨타이틀 라벨타이틀 라벨",
                body: "바디 라벨바디 라벨바디 라벨바디 라벨바디 라벨바디 라벨바디 라벨"),
            DummyData(title: "셀 재사용 ♻️", body: "prepareForReuse() keeps no row's text for the next"),
        ]
        let names = ["첫번째", "두번째", "세번째"]
        return (0..<min(count, names.count)).map { section in
            DummySection(
                title: names[section] + " 섹션",
                rows: (0...section).map { samples[($0 + section) % samples.count] })
        }
    }
}
