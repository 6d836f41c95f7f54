// Code generated from libatspi's AtspiRole enumeration (at-spi2-core 2.46); the
// UI Automation column is this project's mapping. Keep the numbers in step
// with AtspiRole.

package atspi

import "textfirst/internal/windows2text/uitree"

// roleInfo is one AT-SPI role: its name as at-spi2 spells it and the UI
// Automation control type it is shown as.
type roleInfo struct {
	native string
	uia    uitree.Role
}

// roles is indexed by the AT-SPI role number (AtspiRole).
var roles = [...]roleInfo{
	0:   {"invalid", uitree.RoleCustom},
	1:   {"accelerator label", uitree.RoleText},
	2:   {"alert", uitree.RoleWindow},
	3:   {"animation", uitree.RoleImage},
	4:   {"arrow", uitree.RoleButton},
	5:   {"calendar", uitree.RoleCalendar},
	6:   {"canvas", uitree.RolePane},
	7:   {"check box", uitree.RoleCheckBox},
	8:   {"check menu item", uitree.RoleMenuItem},
	9:   {"color chooser", uitree.RolePane},
	10:  {"column header", uitree.RoleHeaderItem},
	11:  {"combo box", uitree.RoleComboBox},
	12:  {"date editor", uitree.RoleEdit},
	13:  {"desktop icon", uitree.RoleListItem},
	14:  {"desktop frame", uitree.RolePane},
	15:  {"dial", uitree.RoleSlider},
	16:  {"dialog", uitree.RoleWindow},
	17:  {"directory pane", uitree.RolePane},
	18:  {"drawing area", uitree.RolePane},
	19:  {"file chooser", uitree.RolePane},
	20:  {"filler", uitree.RolePane},
	21:  {"focus traversable", uitree.RoleCustom},
	22:  {"font chooser", uitree.RolePane},
	23:  {"frame", uitree.RoleWindow},
	24:  {"glass pane", uitree.RolePane},
	25:  {"html container", uitree.RoleDocument},
	26:  {"icon", uitree.RoleImage},
	27:  {"image", uitree.RoleImage},
	28:  {"internal frame", uitree.RolePane},
	29:  {"label", uitree.RoleText},
	30:  {"layered pane", uitree.RolePane},
	31:  {"list", uitree.RoleList},
	32:  {"list item", uitree.RoleListItem},
	33:  {"menu", uitree.RoleMenu},
	34:  {"menu bar", uitree.RoleMenuBar},
	35:  {"menu item", uitree.RoleMenuItem},
	36:  {"option pane", uitree.RolePane},
	37:  {"page tab", uitree.RoleTabItem},
	38:  {"page tab list", uitree.RoleTab},
	39:  {"panel", uitree.RolePane},
	40:  {"password text", uitree.RoleEdit},
	41:  {"popup menu", uitree.RoleMenu},
	42:  {"progress bar", uitree.RoleProgressBar},
	43:  {"push button", uitree.RoleButton},
	44:  {"radio button", uitree.RoleRadioButton},
	45:  {"radio menu item", uitree.RoleMenuItem},
	46:  {"root pane", uitree.RolePane},
	47:  {"row header", uitree.RoleHeaderItem},
	48:  {"scroll bar", uitree.RoleScrollBar},
	49:  {"scroll pane", uitree.RolePane},
	50:  {"separator", uitree.RoleSeparator},
	51:  {"slider", uitree.RoleSlider},
	52:  {"spin button", uitree.RoleSpinner},
	53:  {"split pane", uitree.RolePane},
	54:  {"status bar", uitree.RoleStatusBar},
	55:  {"table", uitree.RoleDataGrid},
	56:  {"table cell", uitree.RoleDataItem},
	57:  {"table column header", uitree.RoleHeaderItem},
	58:  {"table row header", uitree.RoleHeaderItem},
	59:  {"tearoff menu item", uitree.RoleMenuItem},
	60:  {"terminal", uitree.RoleDocument},
	61:  {"text", uitree.RoleEdit},
	62:  {"toggle button", uitree.RoleButton},
	63:  {"tool bar", uitree.RoleToolBar},
	64:  {"tool tip", uitree.RoleToolTip},
	65:  {"tree", uitree.RoleTree},
	66:  {"tree table", uitree.RoleTree},
	67:  {"unknown", uitree.RoleCustom},
	68:  {"viewport", uitree.RolePane},
	69:  {"window", uitree.RoleWindow},
	70:  {"extended", uitree.RoleCustom},
	71:  {"header", uitree.RoleHeader},
	72:  {"footer", uitree.RoleGroup},
	73:  {"paragraph", uitree.RoleText},
	74:  {"ruler", uitree.RolePane},
	75:  {"application", uitree.RolePane},
	76:  {"autocomplete", uitree.RoleComboBox},
	77:  {"editbar", uitree.RoleEdit},
	78:  {"embedded", uitree.RolePane},
	79:  {"entry", uitree.RoleEdit},
	80:  {"chart", uitree.RoleImage},
	81:  {"caption", uitree.RoleText},
	82:  {"document frame", uitree.RoleDocument},
	83:  {"heading", uitree.RoleText},
	84:  {"page", uitree.RolePane},
	85:  {"section", uitree.RoleGroup},
	86:  {"redundant object", uitree.RoleCustom},
	87:  {"form", uitree.RoleGroup},
	88:  {"link", uitree.RoleHyperlink},
	89:  {"input method window", uitree.RoleWindow},
	90:  {"table row", uitree.RoleDataItem},
	91:  {"tree item", uitree.RoleTreeItem},
	92:  {"document spreadsheet", uitree.RoleDocument},
	93:  {"document presentation", uitree.RoleDocument},
	94:  {"document text", uitree.RoleDocument},
	95:  {"document web", uitree.RoleDocument},
	96:  {"document email", uitree.RoleDocument},
	97:  {"comment", uitree.RoleGroup},
	98:  {"list box", uitree.RoleList},
	99:  {"grouping", uitree.RoleGroup},
	100: {"image map", uitree.RoleImage},
	101: {"notification", uitree.RolePane},
	102: {"info bar", uitree.RoleStatusBar},
	103: {"level bar", uitree.RoleProgressBar},
	104: {"title bar", uitree.RoleTitleBar},
	105: {"block quote", uitree.RoleGroup},
	106: {"audio", uitree.RolePane},
	107: {"video", uitree.RolePane},
	108: {"definition", uitree.RoleText},
	109: {"article", uitree.RoleGroup},
	110: {"landmark", uitree.RoleGroup},
	111: {"log", uitree.RolePane},
	112: {"marquee", uitree.RoleText},
	113: {"math", uitree.RoleText},
	114: {"rating", uitree.RoleSlider},
	115: {"timer", uitree.RoleText},
	116: {"static", uitree.RoleText},
	117: {"math fraction", uitree.RoleText},
	118: {"math root", uitree.RoleText},
	119: {"subscript", uitree.RoleText},
	120: {"superscript", uitree.RoleText},
	121: {"description list", uitree.RoleList},
	122: {"description term", uitree.RoleListItem},
	123: {"description value", uitree.RoleText},
	124: {"footnote", uitree.RoleText},
	125: {"content deletion", uitree.RoleText},
	126: {"content insertion", uitree.RoleText},
	127: {"mark", uitree.RoleText},
	128: {"suggestion", uitree.RoleText},
	129: {"push button menu", uitree.RoleSplitButton},
	130: {"last defined", uitree.RoleCustom},
}

// AT-SPI role numbers the backend treats specially.
const (
	roleCheckBox       = 7
	roleCheckMenuItem  = 8
	roleComboBox       = 11
	roleLabel          = 29
	roleList           = 31
	roleListItem       = 32
	roleMenu           = 33
	roleMenuBar        = 34
	roleMenuItem       = 35
	rolePageTab        = 37
	rolePasswordText   = 40
	rolePushButton     = 43
	roleRadioButton    = 44
	roleRadioMenuItem  = 45
	roleScrollBar      = 48
	roleScrollPane     = 49
	roleSlider         = 51
	roleSpinButton     = 52
	roleTable          = 55
	roleTableCell      = 56
	roleText           = 61
	roleToggleButton   = 62
	roleTreeTable      = 66
	roleTreeItem       = 91
	roleEntry          = 79
	roleTerminal       = 60
	roleParagraph      = 73
	roleCaption        = 81
	roleHeading        = 83
	roleSection        = 85
	roleBlockQuote     = 105
	roleStatusBar      = 54
	roleSplitPane      = 53
	roleRating         = 114
	rolePage           = 84
	roleComment        = 97
	roleNotification   = 101
	roleInfoBar        = 102
	roleDefinition     = 108
	roleLog            = 111
	roleMarquee        = 112
	roleTimer          = 115
	roleDescValue      = 123
	roleFootnote       = 124
	roleStatic         = 116
	roleDocumentFrame  = 82
	roleDocumentText   = 94
	roleDocumentWeb    = 95
	roleApplication    = 75
	roleFrame          = 23
	roleWindow         = 69
	roleDialog         = 16
	roleAlert          = 2
	roleLink           = 88
	roleProgressBar    = 42
	roleLevelBar       = 103
	roleViewport       = 68
	roleDial           = 15
	roleTree           = 65
	roleListBox        = 98
	rolePushButtonMenu = 129
	roleToolTip        = 64
	roleFileChooser    = 19
	roleColorChooser   = 9
	roleFontChooser    = 22
)
