#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How wide the terminal draws an emoji made so by VS16 (U+FE0F after a
/// narrow base, as in ✈️): two columns, as Unicode's emoji rules and most
/// terminals have it, or one, as tmux before 3.4 draws it. Cellar's widths
/// follow `vs16Widens`, which a program sets once, before the first width is
/// measured (the width tables are built then and never change); the CLI sets
/// it for `render` and `browse` from `setting(environment:outputIsTerminal:)`,
/// never for golden cases, which are the same on every terminal.
public enum EmojiVariation {
    /// Whether VS16 widens a narrow emoji base to two columns.
    nonisolated(unsafe) public static var vs16Widens = true

    /// The environment variable that says how the terminal draws VS16: `wide` or `narrow`.
    public static let variable = "CELLAR_EMOJI_VS16"

    /// `vs16Widens` for a terminal: `CELLAR_EMOJI_VS16` when it says `wide` or
    /// `narrow`; else, when the output is a terminal inside tmux older than
    /// 3.4 (`TERM_PROGRAM`, `TERM_PROGRAM_VERSION`), narrow; else wide.
    public static func setting(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch environment[variable] {
        case "wide": return true
        case "narrow": return false
        default: break
        }
        guard outputIsTerminal, environment["TERM_PROGRAM"] == "tmux",
            let version = environment["TERM_PROGRAM_VERSION"]
        else { return true }
        // "3.3a" → (3, 3); tmux 3.4 began drawing VS16 sequences two columns wide.
        let numbers = version.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 2 else { return true }
        return (numbers[0], numbers[1]) >= (3, 4)
    }
}
