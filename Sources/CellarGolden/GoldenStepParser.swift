import Cellar
import CellarDocuments

/// Reads the steps of a case: the user's actions (parsed into
/// `TableAction`, which `TableView.perform` applies) and the app's own
/// updates (`delete`, `insert`, `move`).
extension GoldenCaseParser {
    static func step(_ node: YAMLNode, yaml: GoldenYAML) throws -> GoldenStep {
        let at = yaml.location(node)
        if case .scalar(let s) = node {
            switch s.string {
            case "render": return GoldenStep(.render, at: at)
            case "reload": return GoldenStep(.user(.reloadData), at: at)
            case "begin_editing": return GoldenStep(.user(.setEditing(true)), at: at)
            case "end_editing": return GoldenStep(.user(.setEditing(false)), at: at)
            case "end_reorder": return GoldenStep(.user(.endReorder), at: at)
            case "end_swipe": return GoldenStep(.user(.endSwipe), at: at)
            case let name where stepNames.contains(name):
                throw yaml.error("step '\(name)' needs an argument, e.g. '\(name): …'", at: node)
            default:
                throw yaml.unknownKey(s.string, at: node, known: stepNames, in: "step")
            }
        }
        let pairs = try yaml.pairs(node, what: "a step")
        guard pairs.count == 1, let (name, nameNode, arg) = pairs.first else {
            throw yaml.error("a step is one name with its argument, e.g. 'select: [0, 1]'", at: node)
        }
        let a = StepArgument(name: name, node: arg, yaml: yaml)
        switch name {
        case "reload":
            return GoldenStep(try reloadTable(a), at: at)
        case "render", "begin_editing", "end_editing", "end_reorder", "end_swipe":
            throw yaml.error("step '\(name)' takes no argument: write '- \(name)'", at: nameNode)
        case "delete", "insert", "move":
            return GoldenStep(try update(a), at: at)
        case "resize":
            return GoldenStep(try resize(a), at: at)
        default:
            guard let action = try userAction(a) else {
                throw yaml.unknownKey(name, at: nameNode, known: stepNames, in: "step")
            }
            return GoldenStep(.user(action), at: at)
        }
    }

    /// A step's argument, with the readers every step shares.
    struct StepArgument {
        let name: String
        let node: YAMLNode
        let yaml: GoldenYAML

        func ip(_ n: YAMLNode) throws -> IndexPath { try yaml.indexPath(n, what: "\(name)'s index path") }
        var ip: IndexPath { get throws { try ip(node) } }

        func fields(_ n: YAMLNode, _ allowed: [String]) throws -> [String: YAMLNode] {
            var out: [String: YAMLNode] = [:]
            for (k, kn, v) in try yaml.pairs(n, what: "\(name)'s argument") {
                guard allowed.contains(k) else { throw yaml.unknownKey(k, at: kn, known: allowed, in: "field") }
                out[k] = v
            }
            return out
        }

        func required(_ f: [String: YAMLNode], _ key: String, in n: YAMLNode) throws -> YAMLNode {
            guard let v = f[key] else { throw yaml.error("\(name) needs '\(key)'", at: n) }
            return v
        }

        /// A row written in the step, read as a document's rows are read
        /// (table keys and built-in styles' keys checked).
        func row(_ n: YAMLNode) throws -> Value {
            guard case .mapping = n else { throw yaml.error("\(name)'s row must be a mapping of row data", at: n) }
            return try NodeReader(path: yaml.file).row(n)
        }

        /// `{from: [s, r], to: [s, r]}`.
        func fromTo() throws -> (IndexPath, IndexPath) {
            let f = try fields(node, ["from", "to"])
            return (try ip(try required(f, "from", in: node)), try ip(try required(f, "to", in: node)))
        }
    }

    /// The user's actions; nil for a name that is not one.
    static func userAction(_ a: StepArgument) throws -> TableAction? {
        let arg = a.node
        let yaml = a.yaml
        switch a.name {
        case "select": return .selectRow(try a.ip)
        case "deselect": return .deselectRow(try a.ip)
        case "highlight": return .highlightRow(try a.ip)
        case "unhighlight": return .unhighlightRow(try a.ip)
        case "tap_accessory": return .tapAccessory(try a.ip)
        case "focus": return .focusRow(try a.ip)
        case "tap_delete_control": return .tapDeleteControl(try a.ip)
        case "confirm_delete": return .confirmDelete(try a.ip)
        case "tap_insert_control":
            // [s, r], or {at: [s, r], row: {...}} for the row the user entered.
            guard case .mapping = arg else { return .tapInsertControl(try a.ip, row: nil) }
            let f = try a.fields(arg, ["at", "row"])
            return .tapInsertControl(try a.ip(try a.required(f, "at", in: arg)), row: try f["row"].map(a.row))
        case "begin_reorder": return .beginReorder(try a.ip)
        case "reorder":
            let (from, to) = try a.fromTo()
            return .reorder(from: from, to: to)
        case "tap_index_title": return .tapIndexTitle(try yaml.string(arg, what: "tap_index_title's title"))
        case "swipe", "tap_swipe_action", "focus_swipe_action": return try swipeAction(a)
        case "scroll":
            if case .scalar = arg {
                return .scrollToOffset(try yaml.int(arg, what: "scroll offset", in: InputLimits.offset))
            }
            let f = try a.fields(arg, ["offset", "row"])
            if f.count != 1 { throw yaml.error("scroll takes one of 'offset' or 'row'", at: arg) }
            if let o = f["offset"] {
                return .scrollToOffset(try yaml.int(o, what: "scroll offset", in: InputLimits.offset))
            }
            return .scrollToRow(try a.ip(try a.required(f, "row", in: arg)))
        case "set_state":
            let f = try a.fields(arg, ["at", "state"])
            let stateNode = try a.required(f, "state", in: arg)
            let pairs = try yaml.pairs(stateNode, what: "set_state's state")
            guard !pairs.isEmpty else { throw yaml.error("set_state needs at least one key", at: stateNode) }
            let values = try pairs.map { CustomStateChange(key: $0.key, value: try yaml.value($0.value)) }
            return .setCustomStates(try a.ip(try a.required(f, "at", in: arg)), values)
        default:
            return nil
        }
    }

    /// `resize: {width: W, height: H}`, bounded as the case's own viewport.
    static func resize(_ a: StepArgument) throws -> GoldenStep.Action {
        let f = try a.fields(a.node, ["width", "height"])
        let widthNode = try a.required(f, "width", in: a.node)
        let width = try a.yaml.int(widthNode, what: "resize's width", in: InputLimits.width)
        let heightNode = try a.required(f, "height", in: a.node)
        let height = try a.yaml.int(heightNode, what: "resize's height", in: InputLimits.height)
        if let problem = InputLimits.viewportProblem(width: width, height: height) {
            throw a.yaml.error(problem, at: heightNode)
        }
        return .resize(width: width, height: height)
    }

    /// `swipe: {row: [s, r], edge: trailing|leading, full: true}`,
    /// `tap_swipe_action: {row: [s, r], title: Flag}`, `focus_swipe_action: {row: [s, r], title: Flag}`.
    static func swipeAction(_ a: StepArgument) throws -> TableAction {
        let arg = a.node
        let yaml = a.yaml
        guard a.name == "swipe" else {
            let f = try a.fields(arg, ["row", "title"])
            let row = try a.ip(try a.required(f, "row", in: arg))
            let title = try yaml.string(try a.required(f, "title", in: arg), what: "\(a.name)'s title")
            return a.name == "tap_swipe_action"
                ? .tapSwipeAction(row, title: title) : .focusSwipeAction(row, title: title)
        }
        let f = try a.fields(arg, ["row", "edge", "full"])
        let row = try a.ip(try a.required(f, "row", in: arg))
        let edgeNode = try a.required(f, "edge", in: arg)
        let edgeName = try yaml.string(edgeNode, what: "swipe's edge")
        guard let edge = SwipeEdge(rawValue: edgeName) else {
            throw yaml.unknownKey(edgeName, at: edgeNode, known: SwipeEdge.allCases.map(\.rawValue), in: "edge")
        }
        return .swipe(row, edge: edge, full: try f["full"].map { try yaml.bool($0, what: "swipe's full") } ?? false)
    }

    /// The app's updates: the data source changes, then the table hears.
    static func update(_ a: StepArgument) throws -> GoldenStep.Action {
        let arg = a.node
        switch a.name {
        case "delete":
            // One index path, or a list of them.
            if case .sequence(let seq, _) = arg, let first = seq.first, case .sequence = first {
                return .delete(try seq.map(a.ip))
            }
            return .delete([try a.ip])
        case "insert":
            // {at: [s, r], row: {...}} or a list of those.
            let items: [YAMLNode]
            if case .sequence(let seq, _) = arg { items = Array(seq) } else { items = [arg] }
            guard !items.isEmpty else { throw a.yaml.error("insert needs at least one row", at: arg) }
            return .insert(
                try items.map { item -> (at: IndexPath, row: Value) in
                    let f = try a.fields(item, ["at", "row"])
                    let row = try a.row(try a.required(f, "row", in: item))
                    return (try a.ip(try a.required(f, "at", in: item)), row)
                })
        default:
            let (from, to) = try a.fromTo()
            return .move(from: from, to: to)
        }
    }
}
