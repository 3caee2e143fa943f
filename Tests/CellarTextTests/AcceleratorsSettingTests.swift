import Testing

@testable import CellarText

/// What `CELLAR_ACCELERATORS` says: `off` turns every accelerator off,
/// `-name,…` only those named, and anything else leaves them all on.
@Suite struct AcceleratorsSettingTests {
    @Test func offTurnsEveryOneOff() {
        #expect(Accelerators.setting("off") == (enabled: false, off: []))
        #expect(Accelerators.setting(nil) == (enabled: true, off: []))
    }

    @Test func namesTurnThoseOffAlone() {
        let s = Accelerators.setting("-prefetch,-load-index,-yaml-scanner")
        #expect(s.enabled && s.off == [.prefetch, .loadIndex, .yamlScanner])
        // Every name can be turned off alone.
        for name in Accelerators.Name.allCases {
            #expect(Accelerators.setting("-" + name.rawValue).off == [name], "\(name)")
        }
    }

    @Test func anythingElseLeavesThemOn() {
        for value in ["", "on", "OFF", "prefetch", "-nothing", "-prefetch-", ",,", "- prefetch"] {
            let s = Accelerators.setting(value)
            #expect(s.enabled && s.off.isEmpty, "\(value)")
        }
    }
}
