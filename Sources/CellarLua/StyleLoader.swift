import CLua
import CLuaShim
import Cellar
import CellarText
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds and loads Lua style files into a registry.
///
/// Which files are styles: every `*.lua` file under a styles directory
/// (recursively, in sorted path order), except
/// - files ending in `.d.lua` (LuaLS definition files such as `cellar.d.lua`), and
/// - anything whose name or any directory on its path starts with `.` or `_`.
public enum StyleLoader {
    /// Top-level keys a style table may have (besides `_private` ones).
    public static let styleKeys = [
        "identifier", "description", "kind", "fields", "configure", "update", "layout", "height",
        "prepare_for_reuse", "accessory", "editing_accessory",
        "on_accessory_tap", "will_select", "on_select", "on_deselect", "editing_style",
        "selection_style", "background", "swipe_actions", "on_swipe_action", "independent_rows", "samples",
    ]
    /// The keys a `kind = "header_footer"` style may use: header/footer views
    /// are configured and laid out, never selected, tapped or edited.
    public static let headerFooterKeys = [
        "identifier", "description", "kind", "fields", "configure", "layout", "height", "prepare_for_reuse",
        "independent_rows", "samples",
    ]
    /// Rows a style's `samples` may hold: a gallery shows each in nine states, two widths and two themes.
    public static let maxSamples = 8
    static let hookKeys = [
        "configure", "update", "layout", "height", "prepare_for_reuse",
        "on_accessory_tap", "will_select", "on_select", "on_deselect", "editing_style", "background",
        "swipe_actions", "on_swipe_action",
    ]

    /// The style files under `directory`, sorted. A missing directory is an error.
    public static func styleFiles(in directory: String) throws -> [String] {
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw styleError("--styles \(directory): no such directory")
        }
        let top = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var files: [String] = []
        guard collectStyleFiles(in: top, into: &files) else {
            throw styleError("--styles \(directory): cannot read the directory")
        }
        return files.sorted()
    }

    /// Adds the style files under `directory` to `files`; false when it cannot be read.
    /// A linked directory is not entered (a link cannot make the walk loop); a linked file is a file.
    private static func collectStyleFiles(in directory: String, into files: inout [String]) -> Bool {
        PathName.forEachEntry(in: directory) { bytes, entryType in
            // A name is made only for a style file, a directory or an entry of unknown type
            // (a walk meets many more files, such as a case tree's tables, than styles).
            guard let first = bytes.first, first != UInt8(ascii: "."), first != UInt8(ascii: "_") else { return }
            let isStyle =
                bytes.reversed().starts(with: ".lua".utf8.reversed())
                && !bytes.reversed().starts(with: ".d.lua".utf8.reversed())
            guard isStyle || entryType == UInt8(DT_DIR) || entryType == UInt8(DT_UNKNOWN) else { return }
            let path = directory + "/" + String(decoding: bytes, as: UTF8.self)
            var type = entryType
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { return }
                type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                _ = collectStyleFiles(in: path, into: &files)
            } else if isStyle {
                files.append(path)
            }
        }
    }

    /// Loads every style file under `directories` into `registry` through one
    /// engine (one Lua state). Returns the styles in load order.
    @discardableResult
    public static func load(
        directories: [String], into registry: Registry,
        limits: LuaLimits = LuaLimits()
    ) throws -> [LuaCellStyle] {
        var files: [String] = []
        for d in directories { files += try styleFiles(in: d) }
        return try load(files: files, into: registry, limits: limits)
    }

    /// Loads style files into `registry` through one engine (one Lua state); returns the styles in load order.
    @discardableResult
    public static func load(
        files: [String], into registry: Registry,
        limits: LuaLimits = LuaLimits()
    ) throws -> [LuaCellStyle] {
        guard !files.isEmpty else { return [] }
        let engine: LuaStyleEngine
        do { engine = try LuaStyleEngine(limits: limits) } catch {
            throw styleError("cannot start Lua: \(error.userMessage)")
        }
        var styles: [LuaCellStyle] = []
        var seen: [String: String] = [:]
        for file in files {
            let style = try engine.loadStyle(path: file)
            try register(style, from: file, into: registry, seen: &seen)
            styles.append(style)
        }
        return styles
    }

    /// Registers `style`, loaded from `file`, unless another file (`seen`: identifier to file)
    /// or the registry already has its identifier.
    static func register(
        _ style: LuaCellStyle, from file: String, into registry: Registry, seen: inout [String: String]
    ) throws {
        let id = style.reuseIdentifier
        if let other = seen[id] {
            throw styleError(
                "\(file): identifier '\(Sanitizer.excerpt(id))' is already defined by \(other); each identifier may be defined by one file only"
            )
        }
        if style.isHeaderFooter, registry.headerFooterRegistration(for: id).registered {
            throw styleError("\(file): header/footer identifier '\(Sanitizer.excerpt(id))' is already registered")
        }
        if !style.isHeaderFooter, let existing = registry.style(for: id) {
            if existing.source == "built-in" {
                throw styleError(
                    "\(file): identifier '\(id)' belongs to a built-in style; a Lua style may not shadow it (choose another, e.g. '\(id)Lua')"
                )
            }
            throw styleError(
                "\(file): identifier '\(Sanitizer.excerpt(id))' is already registered by \(existing.source)")
        }
        seen[id] = file
        if style.isHeaderFooter {
            try registry.register(style, forHeaderFooterViewReuseIdentifier: id)
        } else {
            try registry.register(style, forCellReuseIdentifier: id)
        }
    }
}

extension LuaError {
    /// This error as the CLI's located error.
    func cellarError(fallbackFile: String) -> CellarError {
        if let line { return styleError(message, at: SourceLocation(file: file ?? fallbackFile, line: line)) }
        return styleError("\(file ?? fallbackFile): \(message)")
    }
}

extension LuaStyleEngine {
    /// Compiles and runs one style file (with `ui` in its environment) and
    /// checks the table it returns.
    public func loadStyle(path: String) throws -> LuaCellStyle {
        let rt = runtime
        let base = rt.top
        defer { rt.setTop(base) }
        try pushStyleTable(path: path)
        let t = rt.top
        var declared = StyleDeclaration()
        lua_pushnil(rt.L)
        while lua_next(rt.L, t) != 0 {
            try readStyleEntry(into: &declared, path: path)
            rt.pop(1)
        }
        return try makeStyle(declared, tableAt: t, path: path)
    }

    /// Runs the style file and leaves the table it returned on the stack.
    private func pushStyleTable(path: String) throws {
        let rt = runtime
        let before = rt.memoryInUse
        do {
            let env = rt.newEnvironment()
            env.set(rt.key("ui"), try makeUITable())
            let chunk = try rt.compile(path: path, environment: env)
            rt.push(chunk)
            try rt.pcall(arguments: 0, results: 1)
        } catch {
            throw error.cellarError(fallbackFile: path)
        }
        try checkKeptMemory(since: before, path: path)
        guard let table = rt.table(at: -1) else {
            let got =
                rt.type(at: -1) == .nil ? "nothing" : "a \(String(cString: lua_typename(rt.L, lua_type(rt.L, -1))))"
            throw styleError(
                "\(path): a style file must return a table with an 'identifier' and hooks (configure, layout, …); it returned \(got)"
            )
        }
        rt.push(table)
    }

    /// A style's file may keep at most a quarter of the memory the styles
    /// loaded with it share, so that one holding the rest at load is named
    /// there, not the style whose next call then runs out. Collected (and
    /// measured again) only when the heap grew past that, as loading rarely does.
    private func checkKeptMemory(since before: Int, path: String) throws {
        let rt = runtime
        let allowed = rt.limits.memoryLimit / 4
        guard rt.memoryInUse - before > allowed else { return }
        cellar_lua_full_gc(rt.L)
        let kept = rt.memoryInUse - before
        guard kept > allowed else { return }
        let size = LuaLimits.describe(bytes:)
        throw styleError(
            "\(path): the style keeps \(size(kept)) once loaded; a style may keep at most \(size(allowed)), a quarter "
                + "of the \(size(rt.limits.memoryLimit)) the styles loaded with it share")
    }

    /// Reads the key–value pair on top of the stack into `d`.
    private func readStyleEntry(into d: inout StyleDeclaration, path: String) throws {
        let rt = runtime
        guard let key = rt.string(at: -2) else {
            throw styleError(
                "\(path): a style table's keys must be names (identifier, layout, …); found a \(typeName(-2)) key")
        }
        if key.hasPrefix("_") {
            return
        }
        d.keys.insert(key)
        switch key {
        case "identifier":
            guard let s = rt.string(at: -1), !s.isEmpty, rt.type(at: -1) == .string else {
                throw styleError(
                    "\(path): identifier must be a non-empty string, got \(rt.type(at: -1) == .string ? "an empty string" : "a \(typeName(-1))")"
                )
            }
            d.identifier = s
        case "description":
            guard rt.type(at: -1) == .string else {
                throw styleError("\(path): description must be a string, got a \(typeName(-1))")
            }
            d.summary = rt.string(at: -1)
        case "selection_style":
            guard rt.type(at: -1) == .string, let name = rt.string(at: -1), let st = SelectionStyle(rawValue: name)
            else {
                throw CellarError("\(path): selection_style must be \"none\" or \"default\"")
            }
            d.selectionStyle = st
        case "independent_rows":
            guard let independent = rt.bool(at: -1) else {
                throw styleError("\(path): independent_rows must be true or false, got a \(typeName(-1))")
            }
            d.independentRows = independent
        case "fields": d.fields = try rowFields(path)
        case "samples": d.samples = try sampleRows(path)
        case "kind":
            guard rt.type(at: -1) == .string, let kind = rt.string(at: -1), StyleDeclaration.kinds.contains(kind) else {
                throw styleError(
                    "\(path): kind must be \(StyleDeclaration.kinds.map { "\"\($0)\"" }.joined(separator: " or ")), got \(rt.type(at: -1) == .string ? "'\(Sanitizer.excerpt(rt.string(at: -1) ?? ""))'" : "a \(typeName(-1))")"
                )
            }
            d.isHeaderFooter = kind == "header_footer"
        case "accessory", "editing_accessory":
            if let f = rt.function(at: -1) {
                d.lines[key] = definitionLine(-1)
                if key == "accessory" { d.accessory = .function(f) } else { d.editing = .function(f) }
            } else {
                d.fixedAccessoryKeys.append(key)
            }
            d.names.insert(key)
        default:
            guard StyleLoader.hookKeys.contains(key) else {
                d.unknownKeys.append(key)
                return
            }
            guard let f = rt.function(at: -1) else {
                throw styleError("\(path): \(key) must be a function, got a \(typeName(-1))")
            }
            d.lines[key] = definitionLine(-1)
            d.names.insert(key)
            switch key {
            case "configure": d.hooks.configure = f
            case "update": d.hooks.update = f
            case "layout": d.hooks.layout = f
            case "height": d.hooks.height = f
            case "prepare_for_reuse": d.hooks.prepareForReuse = f
            case "on_accessory_tap": d.hooks.onAccessoryTap = f
            case "on_select": d.hooks.onSelect = f
            case "will_select": d.hooks.willSelect = f
            case "editing_style": d.hooks.editingStyle = f
            case "background": d.hooks.background = f
            case "swipe_actions": d.hooks.swipeActions = f
            case "on_swipe_action": d.hooks.onSwipeAction = f
            default: d.hooks.onDeselect = f
            }
        }
    }

    /// The style `d` declares, its fixed accessories converted once.
    private func makeStyle(_ d: StyleDeclaration, tableAt t: Int32, path: String) throws -> LuaCellStyle {
        let rt = runtime
        if let e = unknownStyleKeys(d.unknownKeys, path: path) { throw e }
        if d.isHeaderFooter { try checkHeaderFooterKeys(d, path: path) }
        guard let identifier = d.identifier else {
            throw styleError(
                "\(path): the style table has no 'identifier' (the reuse identifier rows name in 'cell:')")
        }
        let order = [
            "configure", "update", "layout", "height", "prepare_for_reuse", "accessory",
            "editing_accessory", "editing_style", "background", "swipe_actions", "on_accessory_tap", "will_select",
            "on_select", "on_deselect", "on_swipe_action",
        ]
        let style = LuaCellStyle(
            identifier: identifier, source: path, summary: d.summary, engine: self, hooks: d.hooks,
            accessory: d.accessory, editingAccessory: d.editing, hookLines: d.lines,
            hookNames: order.filter(d.names.contains))
        style.selectionStyle = d.selectionStyle
        style.rowKeys = d.fields
        style.isHeaderFooter = d.isHeaderFooter
        style.drawsRowsIndependently = d.independentRows
        style.samples = d.samples
        // Fixed accessories (a name or a node) are converted once, here.
        for key in d.fixedAccessoryKeys {
            rt.rawGet(rt.key(key), fromTableAt: t)
            let a: Accessory
            do { a = try style.accessoryValue(at: -1, key, nil) } catch let e as CellarError {
                throw styleError("\(path): \(e.message)")
            }
            style.setFixedAccessory(key == "accessory", a)
            rt.pop(1)
        }
        return style
    }

    func typeName(_ index: Int32) -> String {
        String(cString: lua_typename(runtime.L, lua_type(runtime.L, index)))
    }

    /// The line a Lua function is defined on (for errors about what it returned).
    func definitionLine(_ index: Int32) -> Int {
        var ar = lua_Debug()
        lua_pushvalue(runtime.L, index)
        guard lua_getinfo(runtime.L, ">S", &ar) != 0 else { return 1 }
        return max(1, Int(ar.linedefined))
    }
}

/// What a style table declares, read key by key.
struct StyleDeclaration {
    var identifier: String?
    var summary: String?
    var hooks = LuaCellStyle.Hooks()
    var lines: [String: Int] = [:]
    var names: Set<String> = []
    var accessory = LuaCellStyle.AccessorySpec.unset
    var editing = LuaCellStyle.AccessorySpec.unset
    var fixedAccessoryKeys: [String] = []
    var selectionStyle = SelectionStyle.default
    var fields: [String]?
    /// `samples`: rows (or header/footer view data) the gallery draws the style with.
    var samples: [Value] = []
    var unknownKeys: [String] = []
    /// `kind = "header_footer"`: a header/footer view style, registered apart from cells.
    var isHeaderFooter = false
    /// `independent_rows = true`: no hook keeps anything between rows (`CellStyle.drawsRowsIndependently`).
    var independentRows = false
    static let kinds = ["cell", "header_footer"]
    /// Every key the table set, hooks and the rest.
    var keys: Set<String> = []
}
