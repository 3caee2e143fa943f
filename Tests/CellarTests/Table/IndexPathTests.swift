import Testing

@testable import Cellar

@Test func indexPathOrdersBySectionThenRow() {
    #expect(IndexPath(0, 5) < IndexPath(1, 0))
    #expect(IndexPath(1, 2).description == "1.2")
}
