import Testing
@testable import GhostpipeCore

/// SGR: attributes, their resets, and colours in every form programs send.
@Suite struct EmulatorGraphicRendition {
    func style(_ sgr: String) -> Style {
        TerminalEmulator.fed("\(csi)\(sgr)mx").cell(0, 0).style
    }

    @Test(arguments: [
        ("1", TextAttributes.bold), ("2", .dim), ("3", .italic), ("4", .underline), ("21", .underline),
        ("4:3", .underline), ("5", .blink), ("6", .blink), ("7", .inverse), ("9", .strikethrough),
        ("1;2;3;4;5;7;9", [.bold, .dim, .italic, .underline, .blink, .inverse, .strikethrough]),
        ("1;2;22", []), ("3;23", []), ("4;24", []), ("4;4:0", []), ("5;25", []), ("7;27", []), ("9;29", []),
        ("1;3;0", []), ("1;3;", []), ("1;2;3;4;5;7;9;22;23;24;25;27;29", []),
    ] as [(String, TextAttributes)])
    func attributes(sgr: String, expected: TextAttributes) {
        #expect(style(sgr).attributes == expected, "\(sgr)")
    }

    @Test(arguments: [
        ("31", Color.palette(1), nil), ("37;40", .palette(7), .palette(0)), ("91;101", .palette(9), .palette(9)),
        ("97;107", .palette(15), .palette(15)), ("38;5;196", .palette(196), nil), ("48;5;17", nil, .palette(17)),
        ("38;2;1;2;3", .rgb(1, 2, 3), nil), ("48;2;255;128;0", nil, .rgb(255, 128, 0)),
        ("38:5:196", .palette(196), nil), ("38:2::1:2:3", .rgb(1, 2, 3), nil), ("38:2:1:2:3", .rgb(1, 2, 3), nil),
        ("38:2:0:1:2:3", .rgb(1, 2, 3), nil), ("48:2::9:8:7", nil, .rgb(9, 8, 7)), ("48:5:4", nil, .palette(4)),
        ("31;39", nil, nil), ("41;49", nil, nil), ("38;5;300", nil, nil), ("38;2;1;2;999", nil, nil),
        ("38;5;1;48;5;2", .palette(1), .palette(2)), ("38;2;1;2;3;1", .rgb(1, 2, 3), nil),
        ("58;5;3;31", .palette(1), nil), ("58:2::1:2:3;32", .palette(2), nil), ("38;5", nil, nil), ("38;2;1;2", nil, nil),
    ] as [(String, Color?, Color?)])
    func colors(sgr: String, foreground: Color?, background: Color?) {
        let s = style(sgr)
        #expect(s.foreground == foreground, "\(sgr)")
        #expect(s.background == background, "\(sgr)")
    }

    @Test func colorsAndAttributesCombineAndPersist() {
        let t = TerminalEmulator.fed("\(csi)1;38;2;10;20;30;48;5;200mab\(csi)22mc\(csi)mD")
        let full = Style(foreground: .rgb(10, 20, 30), background: .palette(200), attributes: .bold)
        #expect(t.cell(0, 0).style == full)
        #expect(t.cell(0, 1).style == full)
        #expect(t.cell(0, 2).style == Style(foreground: .rgb(10, 20, 30), background: .palette(200)))
        #expect(t.cell(0, 3).style == .plain)
    }

    @Test func boldAndSemicolonAfterAnRGBColour() {
        #expect(style("38;2;1;2;3;1").attributes == .bold)
    }

    @Test func concealedTextReadsAsBlanks() {
        let t = TerminalEmulator.fed("\(csi)8;31msecret\(csi)28mok")
        #expect(t.lines[0] == "      ok")
        #expect(t.cell(0, 0).style.foreground == .palette(1))
    }

    @Test func privateMarkedMIsNotSGR() {
        // vim sends XTMODKEYS (`CSI > 4 ; 2 m`): it must not turn on underline or anything else.
        #expect(style(">4;2").attributes.isEmpty)
        #expect(style("?4").attributes.isEmpty)
    }

    @Test func manyParametersDoNotOverflow() {
        let many = Array(repeating: "1", count: 200).joined(separator: ";") + ";31"
        #expect(style(many).attributes == .bold)
        #expect(style("99999999999;1").attributes == .bold)
    }
}
