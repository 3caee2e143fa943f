import Cellar
import CellarGolden
import FuzzSupport

/// Recorded sessions: random steps with random titles, states and rows
/// (any scalar, noncharacters, separators and U+FEFF included) written by
/// the recorder and read back by the case reader, step for step. (A resize
/// past the viewport limit, which the reader refuses and so
/// `GoldenRecorder.write` refuses, is not generated.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecorder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        var input = FuzzInput(raw)
        var recorder = GoldenRecorder(
            tablePath: "t.yaml", width: input.int(in: 1...200), height: input.int(in: 1...100))
        func text() -> String { anyText(&input) }
        for _ in 0..<input.int(in: 0...12) {
            let at = Cellar.IndexPath(input.int(in: 0...3), input.int(in: 0...1000))
            switch input.byte() % 8 {
            case 0: recorder.record(.tapSwipeAction(at, title: text()))
            case 1: recorder.record(.focusSwipeAction(at, title: input.bool() ? text() : nil))
            case 2: recorder.record(.tapIndexTitle(text()))
            case 3: recorder.record(.setCustomStates(at, [CustomStateChange(key: text(), value: .string(text()))]))
            case 4:
                recorder.record(
                    .tapInsertControl(at, row: .object([text(): .array([.string(text()), .int(input.anyInt())])])))
            case 5:
                // A terminal past the viewport limit is refused by the reader, so `write` refuses that session.
                let (width, height) = (input.int(in: 1...10_000), input.int(in: 1...1000))
                if InputLimits.viewportProblem(width: width, height: height) == nil {
                    recorder.recordResize(width: width, height: height)
                }
            case 6: recorder.record(.swipe(at, edge: input.bool() ? .leading : .trailing, full: input.bool()))
            default: recorder.record(.selectRow(at))
            }
        }
        let read: [String?]
        do {
            read = try GoldenRecorder.readBack(recorder.caseText(casePath: "s.case.yaml"), casePath: "s.case.yaml")
        } catch {
            invariant(false, "a recorded session does not parse: \(error)")
            return
        }
        invariant(read == recorder.steps.map(Optional.some), "read back otherwise: \(read) vs \(recorder.steps)")
    }
}

/// Up to 6 scalars, each from anywhere in Unicode (3 bytes a scalar).
private func anyText(_ input: inout FuzzInput) -> String {
    var out = String.UnicodeScalarView()
    for _ in 0..<input.int(in: 0...6) {
        let value = UInt32(input.int(in: 0...0x10FFFF))
        if let scalar = Unicode.Scalar(value) { out.append(scalar) }
    }
    return String(out)
}
