import Cellar
import CellarGolden
import FuzzSupport

/// Recorded sessions: random steps with random titles, states and rows
/// (any scalar, noncharacters and separators included) written by the
/// recorder and read back by the case reader. Every session reads back step
/// for step, except, where the case reader drops a leading U+FEFF (Yams
/// did), one holding a text that starts with it (`GoldenRecorder.write`
/// refuses that session, as it does a resize past the viewport limit, which
/// is not generated here).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecorder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        var input = FuzzInput(raw)
        var recorder = GoldenRecorder(
            tablePath: "t.yaml", width: input.int(in: 1...200), height: input.int(in: 1...100))
        var texts: [String] = []
        func text() -> String {
            let t = anyText(&input)
            texts.append(t)
            return t
        }
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
        let keeps = !texts.contains { $0.hasPrefix("\u{FEFF}") }
        invariant(
            !keeps || read == recorder.steps.map(Optional.some), "read back otherwise: \(read) vs \(recorder.steps)")
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
