package doc

// TopHeadingLevel is the highest (smallest) level of the headings that start
// in [from, to), or 0 when none does. The headings of that level over the
// whole document are its chapters: export-audio divides a recording at them,
// and next_chapter moves by them.
func (d *Document) TopHeadingLevel(from, to int) int {
	top := 0
	for _, m := range d.MarkersOf(Heading) {
		if m.Start >= from && m.Start < to && (top == 0 || m.Level < top) {
			top = m.Level
		}
	}
	return top
}
