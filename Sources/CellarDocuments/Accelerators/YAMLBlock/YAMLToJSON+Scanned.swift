import Cellar

extension YAMLToJSON {
    /// The converter holding the JSON form of `yaml` read by `YAMLBlockScanner`
    /// (written to `spool` but for its last piece), or nil when the
    /// text is outside its subset or the form ends in an error (a repeated
    /// key): the caller then converts the whole text again by libfyaml, so
    /// every error, its words and its location, is the plain path's. Pages
    /// `behind` dropped here are only read again by that second pass.
    /// From `aheadFrom` bytes the scanner reads on a second thread (`YAMLEventsAhead`).
    static func scanned(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind?, titles: Bool,
        spool: JSONFormSpool? = nil, aheadFrom minimumBytes: Int = YAMLEventsAhead.minimumBytes
    ) -> YAMLToJSON? {
        var c = YAMLToJSON(path: path, capacity: yaml.count, spool: spool)
        c.behind = behind
        c.readsTitles = titles
        do {
            if var ahead = YAMLEventsAhead(
                yaml, path: path, minimumBytes: minimumBytes, dropping: behind, scanning: true)
            {
                try c.consume(&ahead, target: nil)
            } else {
                guard YAMLBlockText.accepts(yaml, dropping: behind) else { return nil }
                var scanner = YAMLBlockScanner(yaml, path: path)
                try c.consume(&scanner, target: nil)
            }
        } catch { return nil }
        c.behind?.finish()
        return c
    }
}
