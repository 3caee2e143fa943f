import Testing

@testable import CellarText

/// How wide VS16 draws is the terminal's to say: the setting's own
/// environment variable first, then tmux before 3.4 (which draws it one
/// column wide) when the output is a terminal, else two columns.
@Suite struct EmojiVariationTests {
    func widens(_ env: [String: String], terminal: Bool = true) -> Bool {
        EmojiVariation.setting(environment: env, outputIsTerminal: terminal)
    }

    @Test func theVariableSaysFirst() {
        #expect(!widens(["CELLAR_EMOJI_VS16": "narrow"], terminal: false))
        #expect(widens(["CELLAR_EMOJI_VS16": "wide", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"]))
    }

    @Test func tmuxBeforeThreePointFourDrawsItNarrow() {
        for (version, wide) in [
            ("3.3a", false), ("3.2", false), ("2.9", false), ("3.4", true), ("3.5a", true), ("", true),
        ] {
            #expect(widens(["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": version]) == wide, "\(version)")
        }
        // Only what a person sees in that terminal: not a file or a pipe.
        #expect(widens(["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"], terminal: false))
        #expect(widens(["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.3"]))
        #expect(widens([:]))
    }
}
