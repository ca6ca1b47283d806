import Testing
import WebDashboard

@Suite("Sign-in's next: a path of this site, never another")
struct SafeNextTests {
    @Test("paths of this site are kept", arguments: ["/", "/goal", "/steps?month=2026-01", "/today?done=logged", "/a/b%2Fc"])
    func kept(next: String) {
        #expect(SafeNext.path(next) == next)
    }

    @Test("anything that could leave the site is refused", arguments: [
        "//evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", "/\n/evil", "/\r\nLocation: x", "https://evil.example",
        "http:/evil", "evil.example", "", " /goal", "/go al", "/gö", "/\u{7F}", String(repeating: "/a", count: 1025),
    ])
    func refused(next: String) {
        #expect(SafeNext.path(next) == nil)
    }
}
