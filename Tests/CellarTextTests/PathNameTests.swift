import Testing

@testable import CellarText

/// `PathName` takes paths apart and joins them as `NSString`'s path methods
/// do for relative and absolute paths (trailing and doubled slashes, the
/// root, a bare name).
@Suite struct PathNameTests {
    static let cases: [(path: String, last: String, deleting: String, appending: String)] = [
        ("a/b/c.lua", "c.lua", "a/b", "a/b/c.lua/x"),
        ("c.lua", "c.lua", "", "c.lua/x"),
        ("/a", "a", "/", "/a/x"),
        ("/a/b", "b", "/a", "/a/b/x"),
        ("a/b/", "b", "a", "a/b/x"),
        ("a//b", "b", "a", "a//b/x"),
        ("a//", "a", "", "a//x"),
        ("/", "/", "/", "/x"),
        ("//", "/", "/", "//x"),
        ("", "", "", "x"),
        ("./x.case.yaml", "x.case.yaml", ".", "./x.case.yaml/x"),
        ("../Styles", "Styles", "..", "../Styles/x"),
    ]

    @Test(arguments: cases.indices)
    func takesApartAndJoins(index: Int) {
        let c = Self.cases[index]
        #expect(PathName.lastComponent(c.path) == c.last, "\(c.path)")
        #expect(PathName.deletingLastComponent(c.path) == c.deleting, "\(c.path)")
        #expect(PathName.appending(c.path, "x") == c.appending, "\(c.path)")
    }
}
