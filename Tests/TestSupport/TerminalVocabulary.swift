// Plain Swift (no imports): also compiled into the `player` fuzz target by Scripts/fuzz.sh.

/// Checks that `bytes` use nothing but ghostpipe's own vocabulary towards a terminal: printable
/// UTF-8 (no C0 but CR and LF, no C1, no DEL), and exactly these sequences: CSI n A/B/C/D, CSI K, CSI J,
/// CSI ?25l / ?25h, SGR with the parameters the renderer writes, ESC 7 / ESC 8 (save and restore
/// the cursor around clearing the rows below) and ESC E (NEL: a new row). Returns what it rejects.
/// `controls`: C0 controls allowed besides CR and LF (plain text to a terminal keeps tab and
/// backspace, which move as under `cat`).
public func outsideVocabulary(_ bytes: [UInt8], controls: Set<UInt32> = []) -> [String] {
    var problems: [String] = []
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    if String(decoding: bytes, as: UTF8.self).utf8.count != bytes.count || Array(String(decoding: bytes, as: UTF8.self).utf8) != bytes {
        problems.append("invalid UTF-8")
    }
    var i = 0
    while i < scalars.count {
        let v = scalars[i].value
        if v == 0x1B {
            if i + 1 < scalars.count, scalars[i + 1] == "7" || scalars[i + 1] == "8" || scalars[i + 1] == "E" { i += 2; continue }
            guard i + 1 < scalars.count, scalars[i + 1] == "[" else { problems.append("ESC not followed by [ 7 8 E"); i += 1; continue }
            var j = i + 2
            var params = ""
            while j < scalars.count, (0x30...0x3F).contains(scalars[j].value) { params.unicodeScalars.append(scalars[j]); j += 1 }
            guard j < scalars.count else { problems.append("unterminated CSI"); break }
            let final = scalars[j]
            let numeric = params.allSatisfy(\.isNumber)
            switch final {
            case "A", "B", "C", "D": if !numeric { problems.append("CSI \(params)\(final)") }
            case "K", "J": if !params.isEmpty { problems.append("CSI \(params)\(final)") }
            case "l", "h": if params != "?25" { problems.append("CSI \(params)\(final)") }
            case "m":
                let fields = params.split(separator: ";", omittingEmptySubsequences: false)
                if fields.first != "0" || !fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) { problems.append("SGR \(params)") }
            default: problems.append("CSI \(params)\(final)")
            }
            i = j + 1
            continue
        }
        if v < 0x20 && v != 0x0A && v != 0x0D && !controls.contains(v) { problems.append("C0 0x\(String(v, radix: 16))") }
        if (0x7F...0x9F).contains(v) { problems.append("C1/DEL 0x\(String(v, radix: 16))") }
        i += 1
    }
    return problems
}
