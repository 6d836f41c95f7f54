package core

import "sync"

// Group is a keyboard-reference group of actions.
type Group string

const (
	GroupNavigation   Group = "Navigation"
	GroupSpeechCursor Group = "Speech Cursor"
	GroupSearch       Group = "Search"
	GroupBookmarks    Group = "Bookmarks and notes"
	GroupReading      Group = "Reading"
	GroupVoice        Group = "Voice"
	GroupFile         Group = "File"
	GroupEditing      Group = "Editing"
	GroupView         Group = "View and help"
)

// ActionInfo describes one action id, and carries its handler: a front
// end resolves an id once, with LookupAction, and hands the result to
// App.Run.
type ActionInfo struct {
	ID    string
	Group Group
	Name  string // what the command palette shows

	run    actionHandler // set by handle, from the file that implements the action
	inMath actionHandler // set by handleInMath: what the action does while a formula is explored
}

// actionInfos lists every action id of the keyboard reference, by
// group, without handlers.
func actionInfos() []ActionInfo {
	var out []ActionInfo
	add := func(g Group, ids ...string) {
		for _, id := range ids {
			out = append(out, ActionInfo{ID: id, Group: g, Name: humanName(id)})
		}
	}
	add(GroupNavigation,
		"next_sentence", "previous_sentence", "next_paragraph", "previous_paragraph",
		"next_heading", "previous_heading", "skip_next_heading", "skip_previous_heading", "outline",
		"next_heading_level_1", "next_heading_level_2", "next_heading_level_3",
		"next_heading_level_4", "next_heading_level_5", "next_heading_level_6",
		"previous_heading_level_1", "previous_heading_level_2", "previous_heading_level_3",
		"previous_heading_level_4", "previous_heading_level_5", "previous_heading_level_6",
		"next_table", "previous_table", "next_list", "previous_list", "next_list_item", "previous_list_item",
		"next_link", "previous_link", "next_block_quote", "previous_block_quote",
		"next_separator", "previous_separator", "next_graphic", "previous_graphic", "follow_link",
		"table_next_row", "table_previous_row", "table_next_column", "table_previous_column",
		"next_chapter", "previous_chapter", "history_back", "history_forward", "go_to",
		"document_start", "document_end", "caret_next_word", "caret_previous_word",
		"caret_next_line", "caret_previous_line", "select_next_word", "select_previous_word",
		"select_next_line", "select_previous_line", "page_down", "page_up", "scroll_down", "scroll_up")
	add(GroupSpeechCursor,
		"speech_cursor_toggle", "speech_cursor_next_line", "speech_cursor_previous_line",
		"speech_cursor_reread_line", "speech_cursor_exit_and_read")
	add(GroupSearch,
		"find", "find_next", "find_previous", "next_misspelling", "previous_misspelling",
		"spelling_suggestions", "next_grammar_problem", "previous_grammar_problem",
		"next_lint_problem", "previous_lint_problem")
	add(GroupBookmarks,
		"add_bookmark", "list_bookmarks", "next_bookmark", "previous_bookmark", "add_note",
		"list_notes", "next_note", "previous_note", "delete_note", "highlight_selection",
		"toggle_highlight", "list_highlights", "rename_bookmark", "delete_bookmark",
		"export_study_sheet", "note_links", "edit_note")
	add(GroupBookmarks,
		"highlight_as", "highlight_name_1", "highlight_name_2", "highlight_name_3", "highlight_name_4", "highlight_name_5",
		"collect_highlights", "export_study_sheet_by_name", "make_cards", "study_cards", "list_cards",
		"grade_again", "grade_hard", "grade_good", "grade_easy", "self_test")
	add(GroupBookmarks,
		"list_changes", "accept_all_changes", "reject_all_changes", "add_comment", "save_changes_to_word")
	add(GroupReading,
		"play_pause", "stop", "read_from_cursor", "read_document", "read_current_character",
		"read_current_word", "read_current_sentence", "read_current_line", "read_paragraph",
		"read_selection", "say_position", "say_status", "repeat_message", "word_count",
		"link_address", "replay_sentence", "replay_paragraph", "say_all", "summarize", "define_word", "document_overview",
		"reading_level", "toggle_book_audio", "explore_math")
	add(GroupVoice,
		"rate_up", "rate_down", "pitch_up", "pitch_down", "volume_up", "volume_down",
		"cycle_speed_preset", "choose_voice", "restart_speech", "cycle_verbosity", "cycle_punctuation",
		"toggle_favorite_voice", "cycle_favorite_voice")
	add(GroupFile,
		"open", "new_document", "save", "save_as", "export_settings", "import_settings",
		"export_html", "export_pdf", "export_docx", "export_epub", "export_brf", "export_audio", "export_as", "quit")
	add(GroupFile, "open_library", "continue_reading", "browse_files", "edit_document_details", "batch_convert")
	add(GroupFile, "new_from_template", "preview_in_browser", "toggle_preview_auto_reload", "toggle_preview_live",
		"sync_setup", "sync_status", "sync_now", "sync_go_to_place", "sync_replaced_notes", "sync_stop")
	add(GroupEditing,
		"toggle_edit_mode", "undo", "redo", "bold", "italic", "underline", "strikethrough", "inline_code", "code_block",
		"next_table_cell", "previous_table_cell", "add_table_row",
		"insert_link", "heading", "bullet_list", "numbered_list", "block_quote", "horizontal_rule",
		"insert_table", "insert_image", "replace", "copy", "cut", "paste", "paste_plain_text", "select_all",
		"delete_word_before", "delete_word_after", "cycle_typing_echo", "backspace", "delete")
	add(GroupEditing, "insert_citation", "add_reference", "insert_bibliography", "check_citations", "import_references")
	add(GroupView,
		"command_palette", "settings", "settings_profiles", "keyboard_help", "what_does_this_key_do", "help", "menu",
		"toggle_line_numbers", "toggle_character_keys", "next_theme", "cycle_access_mode",
		"search_help", "notice_history", "quiet_screen", "context_menu", "show_original_braille")
	// Reading that adapts, and the reading statistics (issue 26).
	add(GroupReading, "reading_pass", "repeat_sentence_slower", "stop_at",
		"rsvp_toggle", "rsvp_play_pause", "rsvp_faster", "rsvp_slower", "rsvp_position_next", "listen_rendered")
	add(GroupFile, "reading_statistics", "export_knowledge_graph")
	add(GroupView, "bionic_toggle", "ruler_cycle", "syllables_toggle", "color_settings", "about")
	add(GroupFile, "add_library_folder")
	add(GroupView, "reading_form", "ask_first_run_again")
	add(GroupReading, "toggle_citations")
	add(GroupSearch, "search_options")
	add(GroupEditing, "dictate", "download_dictation_model")
	add(GroupView, "difficult_words_toggle", "cycle_interface_announcements", "quick_start", "documentation", "online_documentation",
		"report_problem", "manage_components")
	return out
}

// actionTable is every action of the keyboard reference with its
// handler, and each id's place in the list.
type actionTable struct {
	list  []ActionInfo
	index map[string]int
}

// actions is the action table, built the first time it is asked for
// (a command that runs no action never builds it): the list, then the
// handlers each file registers (see handle).
var actions = sync.OnceValue(func() *actionTable {
	t := &actionTable{list: actionInfos()}
	t.index = make(map[string]int, len(t.list))
	for i, a := range t.list {
		t.index[a.ID] = i
	}
	for _, r := range registrations {
		r(t)
	}
	registrations = nil
	return t
})

// actionList is every action, with its handler, in keyboard-reference
// order; callers do not change it.
func actionList() []ActionInfo { return actions().list }

// Actions returns every action, in keyboard-reference order.
func Actions() []ActionInfo { return append([]ActionInfo(nil), actionList()...) }

// LookupAction returns the action with this id, its handler included.
func LookupAction(id string) (ActionInfo, bool) {
	t := actions()
	i, ok := t.index[id]
	if !ok {
		return ActionInfo{}, false
	}
	return t.list[i], true
}

// Moves reports whether the action is one that App.Navigate runs: one of
// the Navigation, Speech Cursor, Search, and Bookmarks and notes groups.
func (info ActionInfo) Moves() bool {
	switch info.Group {
	case GroupNavigation, GroupSpeechCursor, GroupSearch, GroupBookmarks:
		return true
	}
	return false
}

// IsNavigation reports whether the action with this id is one that
// App.Navigate runs.
func IsNavigation(id string) bool {
	info, ok := LookupAction(id)
	return ok && info.Moves()
}

func humanName(id string) string {
	b := []byte(id)
	for i, c := range b {
		if c == '_' {
			b[i] = ' '
		}
	}
	return string(b)
}
