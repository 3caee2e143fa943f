import Cellar
import CellarText

extension JSONBytes {
    /// What a row's key is to a built-in style.
    enum BuiltinKey: Equatable, Sendable {
        case field(RowDataFields.Field)
        case cell, disabled
        /// One of the keys a cell takes (`CellRowKeys.names`, by index).
        case cellKey(Int)
        /// Another table key, or one no built-in style reads (a `--section-by`
        /// column, an extra key): its value is passed over, as `RowDataFields.read` passes it.
        case passedOver

        /// The key named `name` (a JSON row's key, a CSV or TSV column).
        init(_ name: String) {
            var key = name
            self = key.withUTF8 { BuiltinKey(utf8: $0) }
        }

        /// The key whose name is these bytes: compared as bytes, no `String` made.
        init(utf8 name: UnsafeBufferPointer<UInt8>) {
            if let field = RowDataFields.field(named: name) {
                self = .field(field)
            } else if let k = CellRowKeys.names.firstIndex(where: { name.equals($0) }) {
                self = .cellKey(k)
            } else {
                self = name.equals("cell") ? .cell : name.equals("disabled") ? .disabled : .passedOver
            }
        }
    }
}

/// Cases told by patterns, not `==`: the enum's `==` is Cellar's, called from here through its witness.
extension RowDataFields.Field {
    /// `accessory` or `editingAccessory`, the fields `RowDataFields.set(_:toTypeNamed:)`
    /// may hold as a type (here, where the decoders test it inline, not through a call).
    var isAccessory: Bool {
        switch self {
        case .accessory, .editingAccessory: true
        default: false
        }
    }

    /// A label measured ahead (`MeasuredLabels`): its plain columns are found as its text is read.
    var isLabel: Bool {
        switch self {
        case .text, .secondaryText: true
        default: false
        }
    }

    /// A whole number (`indentation`, a `.count` of `TableSchema`; a test holds the two alike): a CSV or
    /// TSV cell's text is read as one.
    var isCount: Bool {
        if case .indentation = self { true } else { false }
    }
}
