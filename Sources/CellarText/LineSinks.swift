/// Where `TextLayout` hands the lines it lays out, one by one: each is clean
/// text cut at cluster boundaries of a `String` or its sanitised copy, so
/// valid UTF-8.
protocol LineSink {
    /// Lines handed so far.
    var count: Int { get }
    /// About `n` more lines follow.
    mutating func reserve(_ n: Int)
    mutating func append(_ line: UnsafeBufferPointer<UInt8>)
    mutating func append(_ line: String)
}

/// The lines as strings (`TextLayout.lines`).
struct StringLines: LineSink {
    var strings: [String] = []
    var count: Int { strings.count }
    /// Room is made for the first paragraph's lines only: reserving again
    /// for each later one grows the array to the exact count, copying it
    /// each time (quadratic in paragraphs); appends grow it geometrically.
    mutating func reserve(_ n: Int) { if strings.isEmpty { strings.reserveCapacity(n) } }
    mutating func append(_ line: UnsafeBufferPointer<UInt8>) { strings.append(TextLayout.string(valid: line)) }
    mutating func append(_ line: String) { strings.append(line) }
}

/// The lines joined by line feeds in one buffer (`TextLayout.joinedLines`).
struct JoinedLines: LineSink {
    private var bytes: [UInt8] = []
    /// The only line, when it was handed as a string: kept as it is.
    private var only: String?
    private(set) var count = 0

    /// For lines of a text of about `bytes` bytes.
    init(bytes: Int) { self.bytes.reserveCapacity(bytes) }

    var text: String {
        if let only { return only }
        return bytes.withUnsafeBufferPointer { TextLayout.string(valid: $0) }
    }

    /// The buffer is reserved whole when it is made (`init(bytes:)`).
    mutating func reserve(_ n: Int) {}

    mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
        if let only {
            bytes.append(contentsOf: only.utf8)
            self.only = nil
        }
        if count > 0 { bytes.append(0x0A) }
        bytes.append(contentsOf: line)
        count += 1
    }

    mutating func append(_ line: String) {
        if count == 0 {
            only = line
            count = 1
            return
        }
        withUTF8Bytes(line) { append($0) }
    }
}
