/// Big generated YAML tables, for what happens to a file past a size.
public enum BigYAML {
    /// One section of `rows` rows, each about `rowBytes` bytes (a long secondary text), then `ending`.
    public static func table(rows: Int, rowBytes: Int, ending: String = "") -> String {
        let pad = String(repeating: "x", count: rowBytes)
        var text = "sections:\n  - header: 헤더\n    rows:\n"
        text.reserveCapacity(rows * (rowBytes + 50))
        for i in 0..<rows { text += "      - {text: Row \(i) 한글, secondaryText: \(pad), cell: subtitle}\n" }
        return text + ending
    }
}
