import Cellar
import CellarDocuments
import CellarLua
import FuzzSupport
import Glibc

/// The Lua value bridge and node reader: a style whose hooks return values
/// chosen by the fuzzer (see `LuaValueWriter`) renders a small table, is
/// selected, tapped and edited, and renders again, so values go Lua → Swift
/// (layout nodes, heights, accessories, row data) and back (row data the
/// style wrote, fed to `configure`). Each input gets a fresh Lua state.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLua(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        var input = FuzzInput(raw)
        let width = input.int(in: 1...90)
        let source = styleSource(&input)
        play(source, width: width)
    }
}

/// Every hook is present or not by one bit of the first byte.
func styleSource(_ input: inout FuzzInput) -> String {
    let present = input.byte()
    var writer = LuaValueWriter(input)
    var hooks: [String] = []
    func hook(_ bit: Int, _ arguments: [String], _ body: (inout LuaValueWriter) -> String) {
        guard present & (1 << bit) != 0 else { return }
        writer.argumentNames = arguments
        hooks.append(body(&writer))
    }
    hook(0, ["cell", "row"]) {
        let indentation = $0.input.bool() ? "cell.indentation = \($0.value()) " : ""
        return "configure = function(cell, row) for k, v in pairs(row) do cell[k] = v end "
            + "cell.extra = \($0.value()) \(indentation)end"
    }
    hook(1, ["config", "state"]) {
        "update = function(config, state) config.extra = \($0.value()) return \($0.value()) end"
    }
    hook(2, ["config", "ctx"]) { "layout = function(config, ctx) return \($0.value()) end" }
    hook(3, ["config", "width"]) { "height = function(config, width) return \($0.value()) end" }
    hook(4, ["config", "state"]) { "accessory = function(config, state) return \($0.value()) end" }
    hook(5, []) { "editing_accessory = \($0.value())" }
    hook(6, ["cell", "row", "event"]) {
        "on_select = function(cell, row, event) row.data = \($0.value()) event.state.mark = \($0.value()) end"
    }
    hook(7, ["cell", "row", "event"]) { "on_accessory_tap = function(cell, row, event) row.data = \($0.value()) end" }
    return "return {\n  identifier = \"fuzz\",\n  " + hooks.joined(separator: ",\n  ") + "\n}\n"
}

private let stylePath: String = {
    let dir = "/tmp/cellar-fuzz-lua-\(getpid())"
    mkdir(dir, 0o700)
    return dir + "/fuzz.lua"
}()

private let documentText = """
    sections:
      - header: fuzz
        rows:
          - {cell: fuzz, text: plain, count: 3, nested: {list: [1, 2.5, "x"], flag: true}}
          - {cell: fuzz, text: "wide ｗｉｄｅ 👩‍👩‍👧", big: 9223372036854775807, small: -9223372036854775808}
          - {cell: fuzz, selected: true}
    """

private func play(_ source: String, width: Int) {
    guard writeFile(stylePath, source) else { fatalError("fuzz-lua: cannot write \(stylePath)") }
    // CELLAR_FUZZ_VERBOSE=1 shows each style and what it did (to triage a reproducer).
    let verbose = getenv("CELLAR_FUZZ_VERBOSE") != nil
    if verbose { print(source) }
    func note(_ what: () throws -> Void) {
        do { try what() } catch { if verbose { print("error: \(error)") } }
    }
    let style: LuaCellStyle
    let engine: LuaStyleEngine
    do {
        engine = try LuaStyleEngine()
        style = try engine.loadStyle(path: stylePath)
    } catch {
        if verbose { print("load error: \(error)") }
        return
    }
    let registry = Registry()
    guard (try? registry.register(style, forCellReuseIdentifier: style.reuseIdentifier)) != nil,
        let document = try? LoadedTable.load(
            DocumentInput(path: "fuzz.yaml", bytes: Array(documentText.utf8), format: .yaml))
    else { return }
    let table = document.makeTableView(registry: registry)
    table.width = width
    table.viewportHeight = 40
    note { if verbose { print(try table.renderText()) } else { _ = try table.renderText() } }
    for row in 0..<3 {
        note { try table.userSelectRow(at: IndexPath(0, row)) }
        note { _ = try table.tapAccessory(at: IndexPath(0, row)) }
    }
    note { _ = try table.renderText() }
    table.setEditing(true)
    note { if verbose { print(try table.renderText()) } else { _ = try table.renderText() } }
    withExtendedLifetime(engine) {}
}

private func writeFile(_ path: String, _ text: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    return fwrite(bytes, 1, bytes.count, file) == bytes.count
}
