/// The fuzzer's bytes read as a stream of choices. Reading past the end
/// yields zeros, so every input, however short, drives a whole run.
public struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var isExhausted: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in `range`, from as many bytes as the range needs.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        var raw: UInt64 = 0
        var need = span
        while need > 0 {
            raw = raw << 8 | UInt64(byte())
            need >>= 8
        }
        let offset = span == UInt64.max ? raw : raw % (span + 1)
        return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }

    /// Any 64-bit integer, edge values often.
    public mutating func anyInt() -> Int {
        switch byte() % 8 {
        case 0: return [0, 1, -1, Int.max, Int.min, Int(Int32.max) + 1, 1 << 53 + 1, -(1 << 62)][Int(byte() % 8)]
        case 1, 2: return Int(Int8(bitPattern: byte()))
        default: return int(in: Int.min...Int.max)
        }
    }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// Up to `maxCount` raw bytes (a length byte first).
    public mutating func bytes(maxCount: Int) -> [UInt8] {
        let n = min(Int(byte()), maxCount)
        var out: [UInt8] = []
        out.reserveCapacity(n)
        for _ in 0..<n where !isExhausted { out.append(byte()) }
        return out
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        guard index < bytes.count else { return [] }
        defer { index = bytes.count }
        return Array(bytes[index...])
    }
}

/// Runs one fuzz iteration over libFuzzer's buffer.
@inline(__always)
public func withFuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: (UnsafeRawBufferPointer) -> Void) -> Int32
{
    body(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

/// A fuzz-found broken invariant: crash loudly so libFuzzer keeps the input.
public func invariant(
    _ holds: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !holds() { fatalError("invariant: \(message())", file: file, line: line) }
}

/// The repository root, found from this file's path (Fuzz/Sources/FuzzSupport/…).
public let repositoryRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()
