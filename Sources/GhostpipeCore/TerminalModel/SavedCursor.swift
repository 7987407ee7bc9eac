/// What DECSC (`ESC 7`, `CSI s`, DECSET 1048/1049) saves and DECRC restores: the cursor position with
/// its pending-wrap state, the pen, the character sets and origin mode (the VT510 list, as xterm keeps
/// it). Each screen buffer has its own, as in xterm.
struct SavedCursor {
    var row = 0
    var column = 0
    var pendingWrap = false
    var pen = Pen.plain
    var charsets = CharsetState()
    var originMode = false
}
