import Testing

@testable import Cellar
@testable import CellarLua

/// Errors are bounded where they are made (`Sanitizer.bounded`), so no
/// path that prints one can print a style's 8 MB `error()` text.
@Suite struct BoundedErrorTests {
    @Test func errorsAreBoundedWhereTheyAreMade() {
        let long = String(repeating: "x", count: 50_000)
        #expect(CellarError(long).description.utf8.count < 1100)
        var e = CellarError("short")
        e.message += long
        #expect(e.description.utf8.count < 1100)
        #expect(LuaError(kind: .runtime, file: "s.lua", line: 1, message: long).description.utf8.count < 1100)
    }
}
