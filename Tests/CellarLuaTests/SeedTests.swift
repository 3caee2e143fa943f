import Testing
@testable import CellarLua

@Test func runtimeIsLua54() throws {
    let rt = try #require(LuaRuntime())
    #expect(rt.version == 504)
}
