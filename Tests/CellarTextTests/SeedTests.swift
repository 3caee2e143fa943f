import Testing
@testable import CellarText

@Test func hangulIsTwoColumnsWide() {
    #expect(DisplayWidth.of("한글") == 4)
    #expect(DisplayWidth.of("abc") == 3)
}
