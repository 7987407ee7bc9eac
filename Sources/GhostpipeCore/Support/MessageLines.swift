extension Messages {
    /// `message`, said on standard error as lines that each start `ghostpipe: `, broken where its
    /// clauses end (after `; ` and `, `) so that each line fits `width` columns; every line after
    /// the first starts with two spaces. A clause longer than a line (one with a long file name) is
    /// left whole.
    public static func fitted(_ message: String, width: Int = 80) -> [String] {
        var clauses: [Substring] = []
        var start = message.startIndex
        var i = message.startIndex
        while i < message.endIndex {
            let next = message.index(after: i)
            if message[i] == ";" || message[i] == ",", next < message.endIndex, message[next] == " " {
                clauses.append(message[start...i])
                start = message.index(after: next)
                i = start
                continue
            }
            i = next
        }
        clauses.append(message[start...])
        let room = width - "ghostpipe: ".count
        var lines: [String] = []
        var line = ""
        for clause in clauses {
            if line.isEmpty || line.count + 1 + clause.count <= room {
                line += (line.isEmpty ? "" : " ") + clause
            } else {
                lines.append(line)
                line = "  " + clause
            }
        }
        lines.append(line)
        return lines
    }
}
