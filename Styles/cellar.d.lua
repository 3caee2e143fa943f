---@meta
-- LuaLS (lua-language-server) definitions for Cellar cell styles.
--
-- This file is never loaded as a style: the loader skips files ending in
-- `.d.lua` (and any file or directory whose name starts with `_` or `.`).
-- Point lua-language-server at Styles/ and it completes and checks style files;
-- annotate a style's table with `---@type CellStyle`.
--
-- The sandbox: a style sees only the safe globals and read-only libraries
-- (string, table, math, utf8). Each hook call has a time budget (1 s) and
-- the state a memory cap (32 MB); a library call whose work would exceed the
-- per-call step limit (string.rep, table.move/insert/remove/concat/unpack/sort,
-- string.find/match/gmatch/gsub, load) is refused before it starts with
-- "refused: …". table.sort refuses a table with __len. `setmetatable` refuses
-- __gc (no style code runs outside a hook call). The tables the host hands
-- out to be read (ctx, ctx.state, ctx.margins, state) are read-only views:
-- writing to them is an error. A chunk made by `load` is named after the
-- style file and the line that called load (its own name argument is ignored).
-- Nodes, row tables, ctx, state and the libraries keep protected metatables:
-- getmetatable returns a string, and setmetatable on them fails with
-- "cannot change a protected metatable" (so does handing an existing node or
-- row table to a ui constructor: build a new table, or ui.copy one first).
-- A value handed back to Cellar (a row changed by an event) may expand to at
-- most 100,000 tables and values and 16 MB of text.
--
-- Tables Cellar passes to a hook are valid only during that call: `row`, the
-- config copy `update` receives (and the hooks after it), `ctx`, `state` and
-- `event` are refilled for the next call, so keep their values, not the
-- tables. (The cell table is the exception: it is the cell's own and lives on
-- across calls and reuse.) With CELLAR_DEBUG=1 in the environment, or
-- `--check-styles` on `cellar render` and `cellar test`, a hook that reads or
-- writes a table kept from an earlier call raises an error at that line.

---A colour for a light and a dark theme (UIKit's dynamic colour): the
---variant of the drawn theme (`--theme`, `ctx.theme`) is used. Both are "#rrggbb".
---@class CellarColorPair
---@field light string "#rrggbb" drawn in the light theme
---@field dark string "#rrggbb" drawn in the dark theme

---A colour: a semantic name, "default", a palette index 0–255, "#rrggbb"
---(the same in every theme), or a pair {light = "#rrggbb", dark = "#rrggbb"}.
---@alias CellarColor
---| "label" | "secondaryLabel" | "tertiaryLabel" | "placeholder"
---| "tint" | "separator" | "destructive" | "success" | "warning"
---| "background" | "secondaryBackground" | "selectedBackground" | "highlightedBackground"
---| "default"
---| integer
---| string
---| CellarColorPair

---@alias CellarLineBreak "wordWrap" | "charWrap" | "clipping" | "truncatingHead" | "truncatingMiddle" | "truncatingTail"
---@alias CellarTextAlignment "leading" | "center" | "trailing" | "natural"
---@alias CellarTransform "none" | "uppercase" | "lowercase" | "capitalized"
---@alias CellarStackAlignment "leading" | "center" | "trailing" | "top" | "bottom" | "fill"
---How wide a node is in a horizontal stack: a share of the space left
---("flexible", the default), its content's width ("fit"), or a number of columns.
---@alias CellarSizing "flexible" | "fit" | integer
---@alias CellarAccessoryType "none" | "disclosureIndicator" | "checkmark" | "detailButton" | "detailDisclosureButton"
---An accessory: a type name, a view node (a custom accessory view), or nil/false for none.
---@alias CellarAccessory CellarAccessoryType | CellarNode | false | nil
---@alias CellarTableStyle "plain" | "grouped" | "insetGrouped"

---Text attributes shared by labels and images.
---@class CellarTextStyle
---@field color? CellarColor foreground colour (labels default to "label")
---@field background? CellarColor a label's covers its whole frame (every column it is given), not only its glyphs
---@field bold? boolean
---@field italic? boolean
---@field underline? boolean
---@field dim? boolean
---@field strikethrough? boolean

---Any node of the view tree.
---@alias CellarNode CellarLabel | CellarImage | CellarStack | CellarSpacer | CellarPadding | CellarEmpty

---A run of text (UILabel).
---@class CellarLabel: CellarTextStyle
---@field kind "label"
---@field text? string|number the text ("" when absent)
---@field lines? integer numberOfLines: 0 = unlimited (default 1)
---@field line_break? CellarLineBreak lineBreakMode (default "truncatingTail")
---@field align? CellarTextAlignment (default "leading")
---@field transform? CellarTransform (default "none")
---@field width? CellarSizing (default "flexible")

---A leading image: an emoji or glyph.
---@class CellarImage: CellarTextStyle
---@field kind "image"
---@field glyph string

---A horizontal ("hstack") or vertical ("vstack") stack; children at [1], [2], ….
---@class CellarStack
---@field kind "hstack" | "vstack"
---@field spacing? integer columns (hstack, default 1) or lines (vstack, default 0) between children
---@field align? CellarStackAlignment cross-axis alignment (hstack default "top", vstack default "fill"); an hstack's "fill" stretches every child to its height (a label's background then covers every line)
---@field width? CellarSizing (default "flexible")
---@field [integer] CellarNode

---Flexible space, at least `min` columns (in an hstack) or lines (in a vstack).
---@class CellarSpacer
---@field kind "spacer"
---@field min? integer (default 0)

---Margins around one child at [1].
---@class CellarPadding
---@field kind "padding"
---@field top? integer
---@field leading? integer
---@field bottom? integer
---@field trailing? integer
---@field [1] CellarNode

---Nothing (a `nil` node reads the same).
---@class CellarEmpty
---@field kind "empty"

---Margins in columns (leading/trailing) and lines (top/bottom).
---@class CellarInsets
---@field top integer
---@field leading integer
---@field bottom integer
---@field trailing integer

---A cell's configuration state (UICellConfigurationState). Custom keys set by
---the app (set_state) or by an event's `event.state` appear beside these.
---Read-only, and valid only during the call it is given to.
---@class CellarState
---@field selected boolean
---@field highlighted boolean
---@field disabled boolean
---@field focused boolean
---@field editing boolean
---@field expanded boolean
---@field swiped boolean
---@field reordering boolean the row is lifted by its ≡ to be moved (browse's m key, the begin_reorder step)
---@field [string] any custom keys

---What `layout` is told about where it draws. Read-only (like `state` and
---`margins`): writing a field is an error. Valid only during the call.
---@class CellarContext
---@field width integer columns for the content (margins, indentation and accessory already taken)
---@field table_style CellarTableStyle
---@field margins CellarInsets the cell's layout margins (for ui.margins)
---@field state CellarState the state the configuration was updated for
---@field ambiguous_wide boolean East Asian Ambiguous characters (±, °, α, Ж, ①) take two columns
---@field section? integer the row's section, from 0 (nil in a header or footer view)
---@field row? integer the row in its section, from 0 (nil in a header or footer view)
---@field first? boolean the row is the first of its section
---@field last? boolean the row is the last of its section
---@field rows_in_section? integer how many rows the row's section has
---@field theme "light" | "dark" the background the table is drawn for (cellar render --theme)

---The Lua side of a cell: one table per cell that lives on across reuse. Any
---fields are yours; Cellar reads four after configure and events:
---@class CellarCell
---@field accessory? CellarAccessory overrides the style's `accessory`
---@field editing_accessory? CellarAccessory overrides the style's `editing_accessory`
---@field indentation? integer indentation level (0, 1, …)
---@field alpha? number 0 to 1 (nil = 1): below 1 the row is drawn dimmed (ANSI faint, reduced opacity in HTML/SVG; plain text unchanged). It stays on the cell across reuse: reset it in prepare_for_reuse
---@field [string] any

---The configuration hooks see: the cell table, or (with an `update` hook) a
---shallow copy of it that `update` changed for the state.
---@alias CellarConfig CellarCell

---What on_select / on_deselect / on_accessory_tap / on_swipe_action (and will_select: kind, section, row only) receive about the event.
---@class CellarEvent
---@field kind "select" | "deselect" | "accessory_tap" | "swipe_action" | "will_select"
---@field title? string on_swipe_action only: the title of the action performed
---@field edge? "leading" | "trailing" on_swipe_action only: the edge its row was swiped from
---@field section integer
---@field row integer
---@field state table<string, any> the cell's custom state; change it to set custom keys
---@field deselect? fun() on_select and on_swipe_action only: deselect the row once the selection is done, for rows that act like buttons (UIKit apps call deselectRow(at:animated:) in didSelectRowAt); no on_deselect follows

---What `background` returns (UIKit's background configuration): colours
---drawn behind the row's content across its full width and every line, in
---attribute output only. A selected or highlighted row shows selected_color /
---highlighted_color instead of Cellar's own selection; where that is nil,
---Cellar's own selection shows.
---@class CellarBackground
---@field color? CellarColor the row's background
---@field selected_color? CellarColor
---@field highlighted_color? CellarColor

---A style file returns one of these.
---@class CellStyle
---@field identifier string the reuse identifier rows name in `cell:`
---@field kind? "cell" | "header_footer" "header_footer" makes the file a HeaderFooterStyle (default "cell")
---@field description? string one line for `cellar styles`
---@field fields? string[] the row keys the style reads; a document row with another key is an error
---@field configure? fun(cell: CellarCell, row: table) row data in (cellForRowAt); `row` is refilled for the cell's next row, so copy values, not the table. Default: the row's fields are copied into the cell
---@field update? fun(config: CellarConfig, state: CellarState): CellarConfig? the configuration for a state (updated(for:)); `config` is a copy (refilled per configuration): change it and return it (or nothing)
---@field layout? fun(config: CellarConfig, ctx: CellarContext): CellarNode? the content view. Default: ui.label(config.text)
---@field height? fun(config: CellarConfig, width: integer, ctx: CellarContext): integer? lines; nil = automatic (measured from layout). ctx is the one layout got for the row (ctx.first: the reference's heightForRowAt)
---@field prepare_for_reuse? fun(cell: CellarCell) reset what is not content before the cell shows another row
---@field accessory? CellarAccessory | fun(config: CellarConfig, state: CellarState): CellarAccessory
---@field editing_accessory? CellarAccessory | fun(config: CellarConfig, state: CellarState): CellarAccessory
---@field on_accessory_tap? fun(cell: CellarCell, row: table, event: CellarEvent) the detail buttons only; may change row
---@field will_select? fun(config: CellarConfig, state: CellarState, event: CellarEvent): (boolean | {section: integer, row: integer})? before a tap selects the row (UIKit's willSelectRowAt): nil or true = this row, false = refuse the tap, {section, row} = select that row instead; event.kind = "will_select", event.section, event.row
---@field on_select? fun(cell: CellarCell, row: table, event: CellarEvent) may change row, cell fields, event.state
---@field on_deselect? fun(cell: CellarCell, row: table, event: CellarEvent)
---@field editing_style? fun(config: CellarConfig, state: CellarState): ("delete" | "insert" | "none")? the row's editing control while the table edits (⊖ delete, ⊕ insert, none); nil = the table's delegate (UIKit's default: delete). A document row's `editingStyle` key wins over it
---@field swipe_actions? fun(config: CellarConfig, state: CellarState, edge: "leading" | "trailing"): CellarSwipeAction[]? the buttons a swipe from `edge` reveals (first: outermost); nil = the table's default (a trailing Delete on deletable rows), {} = none. A document row's `leadingSwipeActions` / `trailingSwipeActions` key wins over it
---@field on_swipe_action? fun(cell: CellarCell, row: table, event: CellarEvent) a normal action was performed (tapped, or a full swipe); event.title, event.edge; event.state already holds swipeAction = the title. Destructive actions delete the row instead
---@field background? fun(config: CellarConfig, state: CellarState): CellarBackground? the row's background for a state (UIKit's updateConfiguration(using:) setting backgroundConfiguration); nil = none. Runs after the data source set the cell up, so it wins over a document row's `background` key
---@field selection_style? "default" | "none" "none": selected rows draw no selection (they are still selected); a document row's `selectionStyle` key wins over it
---@field independent_rows? boolean true: each row is drawn from its own data and state alone (no hook keeps anything for a later row, in the style's variables or in cell fields the next configure does not set), so a long `cellar render` may share its rows between two Lua states at once. Default false
---@field samples? table<string, any>[] up to 8 rows of data (without `cell`) that `cellar gallery` draws the style with, in every state; without them the gallery takes the style's rows from its golden cases

---A header/footer view style (`kind = "header_footer"`): registered as a
---header/footer view identifier (UITableViewHeaderFooterView), which a
---document section names with `headerView: {view: ID, …data}` or `footerView`.
---Its hooks see the view's own table (it lives on across reuse, as a cell's
---does) and the section's data: the data keys, the section's `title` and its
---index `section`. Cell keys (on_select, accessory, …) are errors here.
---@class HeaderFooterStyle
---@field identifier string the identifier sections name in `view:`
---@field kind "header_footer"
---@field description? string one line for `cellar styles`
---@field fields? string[] the data keys the view reads; a section's view with another key is an error
---@field configure? fun(view: table, data: table) the section's data in (viewForHeaderInSection). Default: the data's fields are copied into the view
---@field layout? fun(config: table, ctx: CellarContext): CellarNode? the view's content, laid out where section titles go. Default: ui.label(config.text)
---@field height? fun(config: table, width: integer): integer? lines; nil = the table's section height, else measured from layout
---@field prepare_for_reuse? fun(view: table) reset what is not content before the view shows another section
---@field independent_rows? boolean true: each section's view is drawn from that section alone (see CellStyle)
---@field samples? table<string, any>[] up to 8 views' data (without `view`) that `cellar gallery` draws the style with

---One button of a swipe (UIContextualAction).
---@class CellarSwipeAction
---@field title string
---@field style? "normal" | "destructive" destructive deletes the row (commit delete); default normal
---@field color? string | integer orange, blue, green, red, yellow, purple, pink, teal, indigo, gray, a semantic colour, a palette index or "#rrggbb"; default grey (normal) or destructive red

---Node constructors (plain tables with a `kind`; no Swift call per node).
---Each takes a new table: one that is already a node, or a row table, is refused.
---@class CellarUI
ui = {}

---A label: `ui.label "text"` or `ui.label { text = …, bold = true, … }`.
---@param t string|number|CellarLabel
---@return CellarLabel
function ui.label(t) end

---An image glyph: `ui.image "🍎"` or `ui.image { glyph = "🍎", dim = true }`.
---@param t string|CellarImage
---@return CellarImage
function ui.image(t) end

---Children side by side: `ui.hstack { spacing = 1, a, b }`.
---@param t CellarStack
---@return CellarStack
function ui.hstack(t) end

---Children one under another: `ui.vstack { a, b }`.
---@param t CellarStack
---@return CellarStack
function ui.vstack(t) end

---Flexible space: `ui.spacer()`, `ui.spacer(2)` or `ui.spacer { min = 2 }`.
---@param min? integer|CellarSpacer
---@return CellarSpacer
function ui.spacer(min) end

---Margins around one child: `ui.padding { leading = 2, child }`.
---@param t CellarPadding
---@return CellarPadding
function ui.padding(t) end

---Constrain to margins: `ui.margins(ctx.margins, child)`.
---@param m CellarInsets
---@param child CellarNode
---@return CellarPadding
function ui.margins(m, child) end

---Nothing.
---@return CellarEmpty
function ui.empty() end

---UIKit's text properties, as rows give them to the built-in styles
---(`textProperties`, `secondaryTextProperties`).
---@class CellarTextProperties
---@field numberOfLines? integer 0 = unlimited (default 1)
---@field lineBreakMode? CellarLineBreak (default "truncatingTail")
---@field alignment? CellarTextAlignment (default "leading")
---@field color? CellarColor
---@field transform? CellarTransform (default "none")
---@field bold? boolean
---@field italic? boolean
---@field underline? boolean
---@field dim? boolean

---A label as the built-in styles draw one from row data:
---`ui.list_label(config.secondaryText, config.secondaryTextProperties, "secondaryLabel")`.
---`color` stands in when the properties name none; adjust the returned node's fields freely.
---@param text? string|number|boolean
---@param properties? CellarTextProperties
---@param color? CellarColor
---@return CellarLabel
function ui.list_label(text, properties, color) end

---A shallow copy of a table.
---@generic T: table
---@param t T
---@return T
function ui.copy(t) end

---Display width of text in terminal columns (CJK and emoji count two;
---East Asian Ambiguous characters count two when the table is ambiguous-wide).
---@param s string
---@param ambiguous_wide? boolean overrides the table's setting (ctx.ambiguous_wide)
---@return integer
function ui.width(s, ambiguous_wide) end
