import Cellar
import CellarText
import FoundationEssentials

/// What `cellar new-style NAME` writes: a working style skeleton using every
/// common hook, and an example table that shows it off.
public enum StyleTemplate {
    /// A name usable as both a reuse identifier and a file name.
    public static func validate(name: String) throws {
        let bytes = Array(name.utf8)
        func ok(_ b: UInt8, first: Bool) -> Bool {
            (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == 95
                || (!first && ((b >= 48 && b <= 57) || b == 45 || b == 46))
        }
        guard let first = bytes.first, ok(first, first: true), bytes.allSatisfy({ ok($0, first: false) }),
            !name.hasSuffix(".d"), bytes.count <= 64
        else {
            throw styleError(
                "new-style: '\(Sanitizer.excerpt(name))' is not a usable style name: use letters, digits, '_', '-' or '.', starting with a letter"
            )
        }
        if name.hasPrefix("_") {
            throw styleError("new-style: '\(name)' starts with '_', and the loader skips such files")
        }
        if BuiltinCellStyle.Kind(rawValue: name) != nil {
            throw styleError("new-style: '\(name)' is a built-in style; choose another name, e.g. '\(name)Lua'")
        }
    }

    /// The Lua source of a new style called `name`, using every common hook.
    public static func style(name: String) -> String {
        """
        -- \(name): a Lua cell style made by `cellar new-style \(name)`.
        --
        -- Row data: title (text), detail (text, wraps), icon (an emoji), done (true/false).
        -- States: selected makes the title bold; disabled dims the detail.
        -- Accessory: a checkmark when the row is done; selecting a row toggles done.
        -- Hooks and nodes are documented in the README ("Writing Lua cell styles"); Styles/cellar.d.lua
        -- gives lua-language-server the types.

        ---@type CellStyle
        return {
          identifier = "\(name)",
          description = "title, wrapping detail and an icon; select toggles a checkmark",
          -- The row keys the style reads: a document row with any other key is an error.
          fields = { "title", "detail", "icon", "done" },
          -- Each row is drawn from its own data and state: no hook keeps anything
          -- for a later row, so a long `cellar render` may draw on both cores.
          independent_rows = true,
          -- Rows `cellar gallery` draws the style with, in every state (normal,
          -- highlighted, selected, disabled, editing, swiped, focused, reordering).
          samples = {
            { title = "Write the style", detail = "A detail long enough to wrap onto a second line.", icon = "📝", done = true },
            { title = "한국어 제목", detail = "긴 설명" },
          },

          -- Row data in (UIKit's cellForRowAt). `cell` lives on across reuse.
          configure = function(cell, row)
            cell.title = row.title or ""
            cell.detail = row.detail
            cell.icon = row.icon
            cell.accessory = row.done and "checkmark" or "none"
          end,

          -- The configuration for a state (a copy of the cell you may change).
          update = function(config, state)
            config.bold = state.selected
            config.dim = state.disabled
            return config
          end,

          -- The content view as a tree of ui nodes.
          layout = function(config, ctx)
            local text = ui.vstack {
              ui.label { text = config.title, bold = config.bold },
              config.detail and ui.label { text = config.detail, lines = 0, line_break = "wordWrap",
                                           color = "secondaryLabel", dim = config.dim } or nil,
            }
            if config.icon then
              return ui.hstack { ui.image(config.icon), text }
            end
            return text
          end,

          -- Fields that are not content go back to their defaults here.
          prepare_for_reuse = function(cell)
            cell.bold = nil
          end,

          -- Taps change row data; the next render shows it.
          on_select = function(cell, row, event)
            row.done = not row.done
          end,
        }

        """
    }

    /// A YAML table document whose rows use the style `name`.
    public static func example(name: String) -> String {
        """
        # An example table for the \(name) style: cellar render Examples/\(name).yaml
        style: insetGrouped
        sections:
          - header: \(name)
            footer: Select a row to toggle its checkmark.
            rows:
              - cell: \(name)
                title: Write the style
                detail: Edit Styles/\(name).lua; the hooks are documented in the README ("Writing Lua cell styles").
                icon: "📝"
                done: true
              - cell: \(name)
                title: Render it
                detail: cellar render Examples/\(name).yaml --width 50
                icon: "🚀"
              - cell: \(name)
                title: 한국어 제목
                detail: 긴 설명은 여러 줄로 줄바꿈됩니다.
                selected: true
              - cell: \(name)
                title: Disabled row
                detail: dimmed detail
                disabled: true

        """
    }

    /// A golden case for the style: its look, then a tap (record it with
    /// `cellar test --update`).
    public static func goldenCase(name: String) -> String {
        """
        description: >
          The \(name) style: a done row with its checkmark, a wrapped detail, a
          selected row; selecting the second row toggles its checkmark.
        style: \(name)
        width: 40
        table:
          sections:
            - rows:
                - {cell: \(name), title: Write the style, detail: Then lock its look with this case., icon: "📝", done: true}
                - {cell: \(name), title: Record the golden, detail: cellar test --update}
                - {cell: \(name), title: 한국어 제목, selected: true}
        steps:
          - select: [0, 1]

        """
    }

    /// Writes `stylesDir/NAME.lua`, `stylesDir/cases/NAME/example.case.yaml`
    /// and `examplesDir/NAME.yaml` (last). Refuses to overwrite any (checked
    /// before anything is written). Returns the paths.
    @discardableResult
    public static func write(name: String, stylesDir: String, examplesDir: String) throws -> [String] {
        try validate(name: name)
        let fm = FileManager.default
        let stylePath = PathName.appending(stylesDir, name + ".lua")
        let examplePath = PathName.appending(examplesDir, name + ".yaml")
        let caseDir = PathName.appending(PathName.appending(stylesDir, "cases"), name)
        let casePath = PathName.appending(caseDir, "example.case.yaml")
        for path in [stylePath, casePath, examplePath] where fm.fileExists(atPath: path) {
            throw styleError("new-style: \(path) already exists; not overwriting it")
        }
        for (dir, what) in [
            (stylesDir, "the --styles-dir directory"), (caseDir, "the case directory"),
            (examplesDir, "the --examples-dir directory"),
        ] {
            do { try Directories.create(dir, what: what) } catch let e as CellarError {
                throw styleError("new-style: " + e.message)
            }
        }
        var written: [String] = []
        for (path, text) in [
            (stylePath, style(name: name)), (casePath, goldenCase(name: name)),
            (examplePath, example(name: name)),
        ] {
            guard fm.createFile(atPath: path, contents: Data(text.utf8)) else {
                for w in written { try? fm.removeItem(atPath: w) }
                throw styleError("new-style: cannot write \(path)")
            }
            written.append(path)
        }
        return written
    }
}
