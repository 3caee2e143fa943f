#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one switch for every fast path. Each accelerator (a second thread, the
/// load index, the built-in direct layout, the width state machine, a row's
/// fields read straight from its bytes, the quick row check, …) has a plain
/// twin that gives the same bytes and the same errors; with
/// `CELLAR_ACCELERATORS=off` in the environment every one takes its twin, so
/// any run (a test, a golden case, a fuzz input, a benchmark) doubles as a
/// differential test of the two.
///
/// Read once per process, at each accelerator's decision point, never per
/// byte or scalar. It is for tests and measurements, not a user option.
public enum Accelerators {
    /// The environment variable that turns every accelerator off (`off`).
    public static let variable = "CELLAR_ACCELERATORS"

    /// False when `CELLAR_ACCELERATORS` is `off`.
    public static let enabled: Bool = {
        guard let value = getenv(variable) else { return true }
        return String(cString: value) != "off"
    }()
}
