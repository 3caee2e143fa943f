import Cellar
import CellarText

/// Every error CellarLua raises is made here: its text may carry what a
/// style file wrote (an `error()` message, a node kind, an identifier, a
/// key), so it is sanitised once, before anything can print it (control
/// characters become visible, e.g. ESC as ␛).
func styleError(_ message: String, at location: SourceLocation? = nil) -> CellarError {
    var place = location
    if let file = location?.file, !Sanitizer.isClean(file) { place?.file = Sanitizer.sanitize(file) }
    return CellarError(Sanitizer.sanitize(message), at: place)
}
