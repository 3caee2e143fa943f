import Testing

@testable import CellarText

/// The symbols of the generated Unicode tables: each value 0–90 one character
/// as `Scripts/gen-width-tables` writes it, and nothing else read as one.
@Suite struct TableSymbolsTests {
    /// The generator's `symbol(value)`, written again from its rule.
    static func symbol(_ value: Int) -> UInt8 {
        let code = 0x23 + value
        return UInt8(code >= 0x5C ? code + 1 : code)
    }

    @Test func everyValueHasOneSymbolAndReadsBack() {
        let symbols = (0..<TableSymbols.count).map(Self.symbol)
        #expect(Set(symbols).count == TableSymbols.count)
        #expect(symbols.last == UInt8(ascii: "~"))
        for (value, c) in symbols.enumerated() { #expect(TableSymbols.value(c) == value) }
    }

    @Test func lineBreaksIndentationQuotesAndBackslashesAreNoSymbols() {
        for c in [UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F, 0x80, 0] {
            #expect(TableSymbols.value(c) == nil)
        }
    }

    /// `PropertyTable.load` reads a symbol's word 0 as no symbol: no word is 0, VS16's bit cleared or not.
    @Test func noPropertyWordIsZero() {
        #expect(!UnicodeTables.props.contains(0))
        #expect(!UnicodeTables.props.contains { $0 & ~(1 << 9) == 0 })
    }

    /// The tables hold as many values as the generator says.
    @Test func theTablesHaveEverySymbol() {
        func symbols(_ text: StaticString) -> Int {
            text.withUTF8Buffer { $0.filter { TableSymbols.value($0) != nil }.count }
        }
        #expect(symbols(UnicodeTables.stage1Symbols) == 2 * 0x1100)
        #expect(symbols(UnicodeTables.stage2Symbols) == 256 * UnicodeTables.blockCount)
    }
}
