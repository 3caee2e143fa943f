import Cellar
import CellarDocuments

/// `reload: {table: TEXT, then: [STEPS]}`: the document saved under `cellar
/// browse --record`, written back with the new document's text and the
/// actions browse performed to carry its state over.
extension GoldenCaseParser {
    static let reloadFields = ["table", "then"]

    static func reloadTable(_ a: StepArgument) throws -> GoldenStep.Action {
        let fields = try a.fields(a.node, reloadFields)
        guard let tableNode = fields["table"] else {
            throw a.yaml.error("reload's argument needs 'table': the document's text", at: a.node)
        }
        let text = try a.yaml.string(tableNode, what: "reload's table")
        var then: [TableAction] = []
        if let list = fields["then"] {
            guard case .sequence(let items, _) = list else {
                throw a.yaml.error("reload's 'then' must be a list of steps, found \(a.yaml.kind(list))", at: list)
            }
            for item in items {
                guard case .user(let action) = try step(item, yaml: a.yaml).action else {
                    throw a.yaml.error("reload's 'then' holds a user's actions only", at: item)
                }
                then.append(action)
            }
        }
        return .reloadTable(text: text, then: then)
    }
}
