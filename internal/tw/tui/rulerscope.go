package tui

// rulerLine is how many rows of the cursor's line are above and below the
// cursor's row, which the reading ruler takes in too when
// reading_aids.ruler.scope is "line" (the whole line, however it wraps);
// 0 and 0 for "row".
func (r *Reader) rulerLine() (above, below int) {
	if r.cfg.Settings.String("reading_aids.ruler.scope") != "line" || r.lo == nil || r.lo.lines() == 0 {
		return 0, 0
	}
	l := r.lo.lineOf(r.lastCursor)
	rw := r.lo.rowOf(l, r.lastCursor)
	return rw, len(r.lo.rowsOf(l)) - 1 - rw
}
