import ArgumentParser

/// `cellar schema`: the table documents' JSON Schema, for an editor's completion and checks.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of table documents (YAML and JSON), for an editor's completion and checks.",
        discussion: """
            Save it beside your tables and name it in a YAML file's first line, \
            `# yaml-language-server: $schema=cellar.schema.json`, or map it to your tables in the editor's \
            settings (VS Code: `json.schemas`, `yaml.schemas`). Made from the keys Cellar reads: a row whose \
            `cell` names a built-in style takes only the keys that style draws; a Lua style's rows are left open.
            """
    )

    func run() throws {
        try Terminal.printOutput(TableJSONSchema.document().json() + "\n")
    }
}
