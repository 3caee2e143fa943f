import CLua
import CLuaShim
import Cellar
import FoundationEssentials

/// A style file compiled and run once: its environment and what it returned.
public final class LuaPlugin {
    /// The style file the plugin was loaded from.
    public let path: String
    /// The plugin's own globals.
    public let environment: LuaTableRef
    /// The compiled chunk (kept so the file is never compiled again).
    public let chunk: LuaFunction
    /// The table the chunk returned, if it returned a table.
    public let module: LuaTableRef?
    /// What the chunk returned first (`.nil` when nothing).
    public let returnedType: LuaType

    init(path: String, environment: LuaTableRef, chunk: LuaFunction, module: LuaTableRef?, returnedType: LuaType) {
        self.path = path
        self.environment = environment
        self.chunk = chunk
        self.module = module
        self.returnedType = returnedType
    }
}
