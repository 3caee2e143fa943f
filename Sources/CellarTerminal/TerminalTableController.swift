import Cellar

/// An app's own `TableView`, live in the app's terminal: the loop of
/// `cellar browse` (`BrowseLoop`) with the app's data source and delegate.
/// `run()` takes the terminal (raw mode, the alternate screen, mouse and
/// focus reports), draws, and turns keys, clicks, the wheel, resizes and
/// the window's focus into the table's user actions, so the delegate is
/// called as UIKit calls it: `willSelectRowAt` then `didSelectRowAt` on
/// Enter or a click, `accessoryButtonTappedForRowWith` on `i` or a click
/// on ⓘ, `trailingSwipeActionsConfigurationForRowAt` on `l` (`h`: leading)
/// and the chosen action's handler on Enter, and the editing calls when
/// `allowsEditing` lets `e` begin editing. `q`, Esc or Ctrl-C end it, as
/// does `stop()`; the terminal is given back however `run` returns, and
/// when a signal ends the process.
///
/// Threads: the table, its data source and delegate, and `owner` belong to
/// the loop, that is to the thread that called `run()`, until `run`
/// returns; every delegate call is made there. Another thread or task
/// never touches them: it hands the loop a change with `update`, which
/// runs it on the loop's thread between two keys, with the owner and the
/// table, and then draws. Only the screen lines that changed are written
/// (`Frame.diff`). `update` and `stop` are safe from any thread, the
/// delegate's own calls included.
///
/// A process has one terminal: one controller (or `cellar browse`'s loop)
/// runs at a time.
///
/// Invariant (why the class may be `@unchecked Sendable`): `owner`, the
/// session and the loop are used only on the loop's thread (`run` and what
/// it calls); other threads reach the controller only through the inbox,
/// which locks.
public final class TerminalTableController<Owner: AnyObject>: @unchecked Sendable {
    /// A change to the table and what the app keeps beside it (its model,
    /// its data source), run on the loop's thread. An error it throws shows
    /// in the status line and the table goes on.
    public typealias Change = @Sendable (_ owner: Owner, _ tableView: TableView) throws -> Void

    private enum Message: Sendable {
        case change(Change)
        case stop
    }

    private let owner: Owner
    private let session: BrowseSession
    private let loop: BrowseLoop
    private let inbox: LoopInbox<Message>

    /// Shows `tableView` (whose data source and delegate the app has set)
    /// on `terminal`, with `title` on the status line. `owner` is handed
    /// to every `update`. With `allowsEditing`, `e` begins and ends
    /// editing (the data source's `commit` and `moveRowAt` are called).
    public init(
        tableView: TableView, owner: Owner, title: String, useColor: Bool = true, allowsEditing: Bool = false,
        terminal: any TerminalDevice = SystemTerminal()
    ) throws {
        self.owner = owner
        inbox = try LoopInbox()
        session = BrowseSession(table: tableView)
        session.allowsEditing = allowsEditing
        session.followsTerminalFocus = true
        loop = BrowseLoop(
            session: session, screen: BrowseScreen(fileName: title, useColor: useColor), terminal: terminal)
        loop.watches.append((inbox.descriptor, { [unowned self] in applyPosted() }))
    }

    /// Runs the table until the user quits or `stop()` is called, on the
    /// calling thread (the loop's thread). Throws when the terminal cannot
    /// be taken (standard input is no terminal); the terminal is restored
    /// however this returns.
    public func run() throws {
        session.wantsQuit = false
        try loop.run()
    }

    /// Runs `change` on the loop's thread, before the next frame, after
    /// every change posted before it. Safe from any thread.
    public func update(_ change: @escaping Change) {
        inbox.post(.change(change))
    }

    /// Ends `run()` after the changes posted before. Safe from any thread.
    public func stop() {
        inbox.post(.stop)
    }

    private func applyPosted() {
        let wanted = session.focus
        for message in inbox.take() {
            switch message {
            case .stop: session.wantsQuit = true
            case .change(let change):
                do { try change(owner, session.table) } catch { session.report(error) }
            }
        }
        session.tableChanged(focusWas: wanted)
    }
}
