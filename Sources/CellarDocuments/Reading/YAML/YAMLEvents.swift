import CLibYAML
import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libyaml's event parser over bytes the caller keeps alive for its whole
/// life: one event at a time, nothing composed. Its errors are worded as
/// the eager reader words Yams' (`TableDocument.yamlError`), at the same
/// marks, since both sit on the same libyaml.
struct YAMLEvents: YAMLEventSource, ~Copyable {
    // libyaml's state lives at fixed addresses (it is not moved with the struct), freed in deinit.
    private let state = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let current = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    /// The file descriptor libyaml reads from, for a document read from a file.
    private let descriptor = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var holding = false
    /// The parser running on a second thread, when started (`parseAhead`).
    private var ahead: YAMLEventsAhead?
    let path: String

    /// `bytes` must not be empty (libyaml refuses an empty input).
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.path = path
        yaml_parser_initialize(state)
        yaml_parser_set_input_string(state, bytes.baseAddress, bytes.count)
    }

    /// Reads the document from `fd` as libyaml asks for more (the caller closes it).
    init(fd: Int32, path: String) {
        self.path = path
        descriptor.pointee = fd
        yaml_parser_initialize(state)
        yaml_parser_set_input(
            state,
            { data, buffer, size, read in
                guard let data, let buffer, let read else { return 0 }
                let fd = data.load(as: Int32.self)
                while true {
                    let n = Glibc.read(fd, buffer, size)
                    if n < 0 && errno == EINTR { continue }
                    guard n >= 0 else { return 0 }
                    read.pointee = n
                    return 1
                }
            }, descriptor)
    }

    /// Parses on a second thread from here on (when one starts); for a long
    /// document, before the first `next`.
    mutating func parseAhead() {
        if ahead == nil { ahead = YAMLEventsAhead(state, path: path) }
    }

    deinit {
        if holding { yaml_event_delete(current) }
        // The thread is joined before the parser it uses is deleted.
        ahead?.stop()
        yaml_parser_delete(state)
        state.deallocate()
        current.deallocate()
        descriptor.deallocate()
    }

    /// The current event; valid until the next call to `next`.
    var event: yaml_event_t { current.pointee }
    private var parser: yaml_parser_t { state.pointee }

    /// The next event's type, or a located syntax error.
    mutating func next() throws -> yaml_event_type_t {
        if holding {
            yaml_event_delete(current)
            holding = false
        }
        if let ahead {
            // The second thread deletes its events.
            current.pointee = try ahead.take()
            return current.pointee.type
        }
        guard yaml_parser_parse(state, current) == 1 else { throw Self.syntaxError(parser, path: path) }
        holding = true
        return current.pointee.type
    }

    /// Where the current event starts (1-based line and column, columns in characters).
    var startLine: Int { Int(event.start_mark.line) + 1 }
    var startColumn: Int { Int(event.start_mark.column) + 1 }

    /// The current scalar's text, as bytes valid until the next event.
    var scalarBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: event.data.scalar.value, count: Int(event.data.scalar.length))
    }

    /// Whether the current scalar is plain (unquoted, not a block scalar).
    var isPlainScalar: Bool { event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE }

    /// The current scalar's explicit tag (`!!str`), if any.
    var scalarTag: String? { event.data.scalar.tag.map { String(cString: $0) } }

    /// The anchor the current node defines (`&name`), if any; for an alias, the anchor it names.
    var anchor: String? {
        let pointer: UnsafeMutablePointer<yaml_char_t>?
        switch event.type {
        case YAML_SCALAR_EVENT: pointer = event.data.scalar.anchor
        case YAML_SEQUENCE_START_EVENT: pointer = event.data.sequence_start.anchor
        case YAML_MAPPING_START_EVENT: pointer = event.data.mapping_start.anchor
        case YAML_ALIAS_EVENT: pointer = event.data.alias.anchor
        default: pointer = nil
        }
        return pointer.map { String(cString: $0) }
    }

    /// libyaml's error in Cellar's words (as `TableDocument.yamlError` words Yams' report of it).
    static func syntaxError(_ parser: yaml_parser_t, path: String) -> CellarError {
        func text(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
        let problem = text(parser.problem) ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            return CellarError("cannot read: \(problem)", at: SourceLocation(file: path, line: 1, column: 1))
        case YAML_MEMORY_ERROR:
            return CellarError("malformed YAML/JSON: memory", at: SourceLocation(file: path, line: 1, column: 1))
        default:
            let at = SourceLocation(
                file: path, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
            let context = text(parser.context)
            if problem.contains("yaml_set_max_nest_level") || context?.contains("yaml_set_max_nest_level") == true {
                return CellarError("nested more than \(TableDocument.maximumNesting) levels deep", at: at)
            }
            return CellarError("malformed YAML/JSON: \(context.map { "\($0); " } ?? "")\(problem)", at: at)
        }
    }
}
