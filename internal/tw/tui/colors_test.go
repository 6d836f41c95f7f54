package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
)

// TestColorSettingsDrawn: colors.status_bar, set while the reader runs,
// colors the status bar at the next draw, and colors.ruler the ruler's
// band; colors.selection and colors.syllables change the theme's
// selection and syllable dots; "theme" puts the theme's colors back.
func TestColorSettingsDrawn(t *testing.T) {
	s := newSim(t, "a.txt", "First line of text.\nSecond line.\nThird line.", 40, 8, defaultCfg)
	st := s.r.cfg.Settings.(*settings.Store)
	for path, value := range map[string]string{"colors.status_bar": "blue", "colors.ruler": "yellow",
		"colors.selection": "green", "colors.syllables": "red", "reading_aids.ruler.mode": "current_line"} {
		s.set(path, value)
	}
	s.r.Draw()
	_, w, h := s.scr.GetContents()
	bar := func() tcell.Color {
		_, _, st, _ := s.scr.GetContent(w-1, h-2)
		_, bg, _ := st.Decompose()
		return bg
	}
	if bg := bar(); bg != rgb(settings.ColorValues["blue"]) {
		t.Errorf("the status bar is drawn on %v, want blue", bg)
	}
	if _, bg, _ := textStyle(s, 2, 0).Decompose(); bg != rgb(settings.ColorValues["yellow"]) {
		t.Errorf("the ruler's row is drawn on %v, want yellow", bg)
	}
	if _, bg, _ := textStyle(s, 2, 1).Decompose(); bg == rgb(settings.ColorValues["yellow"]) {
		t.Error("the row after the ruler's is yellow too")
	}
	if _, bg, _ := s.r.th.selected.Decompose(); bg != rgb(settings.ColorValues["green"]) {
		t.Errorf("the selection is %v, want green", bg)
	}
	if fg, _, _ := s.r.th.dot.Decompose(); fg != rgb(settings.ColorValues["red"]) {
		t.Errorf("the syllable dots are %v, want red", fg)
	}
	s.set("colors.status_bar", "theme")
	s.r.Draw()
	if bar() == rgb(settings.ColorValues["blue"]) {
		t.Error("colors.status_bar = theme left the bar blue")
	}
	if _, err := st.Set("colors.ruler", "#ff0000"); err == nil {
		t.Error("colors.ruler took a color it does not offer")
	}
}

// TestRSVPDrawsTheWordsBeside: with reading_aids.rsvp.show_previous and
// show_next on, the RSVP box holds the word before, the word, and the
// word after.
func TestRSVPDrawsTheWordsBeside(t *testing.T) {
	s := newSim(t, "a.txt", "One fish two fish red fish.", 60, 10, defaultCfg)
	for _, p := range []string{"reading_aids.rsvp.show_previous", "reading_aids.rsvp.show_next"} {
		s.set(p, true)
	}
	s.r.run("rsvp_toggle")
	s.r.run("caret_next_word")
	s.r.Draw()
	if sc := strings.Join(s.screen(), "\n"); !strings.Contains(sc, "│ One fish two │") {
		t.Errorf("no box with One, fish and two:\n%s", sc)
	}
}

// TestNoteAndFocusColors: colors.notes puts its color behind text with a
// note, which stays underlined, and colors.focus behind a list's chosen
// item; "theme" puts the theme's back.
func TestNoteAndFocusColors(t *testing.T) {
	s := newSim(t, "a.txt", "First line of text.\nSecond line.", 40, 8, defaultCfg)
	for path, value := range map[string]string{"colors.notes": "orange", "colors.focus": "magenta"} {
		s.set(path, value)
	}
	s.r.Draw()
	noted := s.r.cellStyle(cell{pos: 2, n: 1}, marks{notes: []core.NoteInfo{{Start: 0, End: 5}}})
	if _, bg, attr := noted.Decompose(); bg != rgb(settings.ColorValues["orange"]) || attr&tcell.AttrUnderline == 0 {
		t.Errorf("a noted cell is drawn on %v (underlined %v), want orange and underlined", bg, attr&tcell.AttrUnderline != 0)
	}
	y := s.r.drawList("Items", []string{"one", "two"}, 1, 40)
	s.scr.Show()
	_, bg, _ := textStyle(s, 1, y).Decompose()
	if bg != rgb(settings.ColorValues["magenta"]) {
		t.Errorf("the chosen item is drawn on %v, want magenta", bg)
	}
	s.set("colors.notes", "theme")
	s.r.Draw()
	noted = s.r.cellStyle(cell{pos: 2, n: 1}, marks{notes: []core.NoteInfo{{Start: 0, End: 5}}})
	if _, bg, _ := noted.Decompose(); bg == rgb(settings.ColorValues["orange"]) {
		t.Error("colors.notes = theme left notes orange")
	}
}

// TestBookmarkColor: with colors.bookmarks set, the word a bookmark is at
// is drawn on its color, bold and underlined, and the words beside it are
// not; left to the theme, bookmarks are not marked.
func TestBookmarkColor(t *testing.T) {
	s := newSim(t, "a.txt", "Alpha bravo charlie.\nSecond line.", 40, 8, defaultCfg)
	st := s.r.cfg.Settings.(*settings.Store)
	s.r.run("caret_next_word") // bravo
	s.r.run("add_bookmark")
	s.r.run("caret_next_line")
	s.r.Draw()
	if _, bg, _ := textStyle(s, 7, 0).Decompose(); bg == rgb(settings.ColorValues["orange"]) {
		t.Fatal("a bookmark is marked before colors.bookmarks is set")
	}
	s.set("colors.bookmarks", "orange")
	s.r.Draw()
	_, bg, attr := textStyle(s, 7, 0).Decompose()
	if bg != rgb(settings.ColorValues["orange"]) || attr&tcell.AttrBold == 0 || attr&tcell.AttrUnderline == 0 {
		t.Errorf("the bookmarked word is drawn on %v, bold %v, underlined %v; want orange, bold, underlined:\n%s",
			bg, attr&tcell.AttrBold != 0, attr&tcell.AttrUnderline != 0, strings.Join(s.screen(), "\n"))
	}
	for _, x := range []int{1, 14} {
		if _, bg, _ := textStyle(s, x, 0).Decompose(); bg == rgb(settings.ColorValues["orange"]) {
			t.Errorf("column %d, outside the bookmarked word, is orange", x)
		}
	}
	if _, err := st.Set("colors.bookmarks", "pink"); err == nil {
		t.Error("colors.bookmarks took a color it does not offer")
	}
}

// TestFindMatchColor: with colors.find_match set, the whole match Find
// moved to is drawn on its color (the cursor's word underlined in it),
// and the text beside it is not; moving away leaves it unmarked, and left
// to the theme a match is not marked beyond the cursor's word.
func TestFindMatchColor(t *testing.T) {
	s := newSim(t, "a.txt", "Intro line.\nThe salt marsh lies north.\n", 60, 8, defaultCfg)
	orange := rgb(settings.ColorValues["orange"])
	find := func() {
		s.r.run("find")
		s.typeText("salt marsh")
		s.press(tcell.KeyEnter, 0, 0)
		s.expectSaid("Match 1 of 1: The salt marsh lies north.")
		s.r.Draw()
	}
	bg := func(x int) tcell.Color { _, bg, _ := textStyle(s, x, 1).Decompose(); return bg }
	find()
	if bg(10) == orange {
		t.Fatal("a match is marked before colors.find_match is set")
	}
	s.set("colors.find_match", "orange")
	find()
	// "The salt marsh": the match is columns 4 to 13; "salt" is the word
	// at the cursor.
	if _, _, attr := textStyle(s, 5, 1).Decompose(); bg(5) != orange || attr&tcell.AttrUnderline == 0 {
		t.Errorf("the cursor's word in the match is on %v, underlined %v; want orange and underlined", bg(5), attr&tcell.AttrUnderline != 0)
	}
	if bg(10) != orange {
		t.Errorf("the rest of the match is on %v, want orange:\n%s", bg(10), strings.Join(s.screen(), "\n"))
	}
	for _, x := range []int{1, 16} {
		if bg(x) == orange {
			t.Errorf("column %d, outside the match, is orange", x)
		}
	}
	s.r.run("caret_previous_line")
	s.r.Draw()
	if bg(10) == orange {
		t.Error("the match stays marked after the cursor left it")
	}
}

// TestDifficultWordColor: colors.difficult_words colors the words the
// difficult words aid underlines, which stay underlined; short words keep
// the page's color.
func TestDifficultWordColor(t *testing.T) {
	s := newSim(t, "words.txt", "The extraordinary cat.\n", 60, 8, defaultCfg)
	s.set("reading_aids.difficult_words", true)
	s.set("colors.difficult_words", "red")
	s.r.Draw()
	red := rgb(settings.ColorValues["red"])
	if fg, _, attr := textStyle(s, 8, 0).Decompose(); fg != red || attr&tcell.AttrUnderline == 0 {
		t.Errorf("extraordinary is drawn in %v, underlined %v; want red and underlined", fg, attr&tcell.AttrUnderline != 0)
	}
	if fg, _, _ := textStyle(s, 19, 0).Decompose(); fg == red {
		t.Error("cat, not a difficult word, is red")
	}
	s.set("reading_aids.difficult_words", false)
	s.r.Draw()
	if fg, _, _ := textStyle(s, 8, 0).Decompose(); fg == red {
		t.Error("with the aid off, extraordinary is still red")
	}
}
