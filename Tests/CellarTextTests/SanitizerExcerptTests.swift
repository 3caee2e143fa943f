import Testing

@testable import CellarText

/// `Sanitizer.excerpt` is how every message quotes input text: sanitised
/// and bounded, with short clean text unchanged.
@Suite struct SanitizerExcerptTests {
    let limit = Sanitizer.excerptLength

    @Test func shortCleanTextIsUnchanged() {
        #expect(Sanitizer.excerpt("header_title") == "header_title")
        #expect(Sanitizer.excerpt("") == "")
        let exact = String(repeating: "가", count: limit)
        #expect(Sanitizer.excerpt(exact) == exact)
    }

    @Test func longTextIsCutToTheLimitWithAnEllipsis() {
        let long = String(repeating: "x", count: 5_000)
        let e = Sanitizer.excerpt(long)
        #expect(e.count == limit)
        #expect(e == String(repeating: "x", count: limit - 1) + "…")
        let oneOver = String(repeating: "한", count: limit + 1)
        #expect(Sanitizer.excerpt(oneOver) == String(repeating: "한", count: limit - 1) + "…")
    }

    @Test func controlsAreSanitisedAndCountAfterwards() {
        #expect(Sanitizer.excerpt("a\u{1B}[31mb") == "a␛[31mb")
        // Each C1 control becomes six characters: the excerpt is bounded after sanitising.
        let c1 = String(repeating: "\u{9B}", count: limit)
        let e = Sanitizer.excerpt(c1)
        #expect(e.count == limit && e.hasSuffix("…") && Sanitizer.isClean(e))
    }

    @Test func clustersStayWholeAndHugeClustersAreNotCopied() {
        let family = "👨‍👩‍👧"
        let e = Sanitizer.excerpt(String(repeating: family, count: limit + 5))
        #expect(e == String(repeating: family, count: limit - 1) + "…")
        let zalgo = "a" + String(repeating: "\u{301}", count: 10_000)
        #expect(Sanitizer.excerpt(zalgo) == "…")
    }
}
