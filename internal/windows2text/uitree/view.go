package uitree

// Fate is what a view does with one element.
type Fate int

const (
	// Keep puts the element in the snapshot.
	Keep Fate = iota
	// Hoist leaves the element out but keeps its children, which take its
	// place under its parent.
	Hoist
	// Drop leaves the element and its whole subtree out.
	Drop
)

// layoutRoles are containers that only arrange other elements.
var layoutRoles = map[Role]bool{RolePane: true, RoleGroup: true, RoleCustom: true}

// decorationRoles carry no content of their own in the content view.
var decorationRoles = map[Role]bool{
	RoleScrollBar: true, RoleSeparator: true, RoleThumb: true, RoleTitleBar: true, RoleToolTip: true,
}

// FateIn decides the fate of el in view. Backends call it during the walk,
// once el's role, name, value, states and actions are known, so that maxDepth
// and maxNodes count the elements of the chosen view. Windows are always
// kept: they are the roots clients ask for.
func FateIn(view View, el *Element) Fate {
	if view == ViewRaw || el.Role == RoleWindow {
		return Keep
	}
	unnamed := el.Name == "" && el.Value == ""
	interactive := el.Actions&^ActionSet(0).Add(ActionClick) != 0
	if view == ViewContent {
		if decorationRoles[el.Role] {
			return Drop
		}
		if unnamed && !interactive && (el.Role == RoleImage || el.Role == RoleText) {
			return Drop
		}
		if unnamed && !interactive && (el.Role == RoleList || el.Role == RoleTree ||
			el.Role == RoleTable || el.Role == RoleDataGrid || el.Role == RoleToolBar ||
			el.Role == RoleMenuBar) {
			return Hoist
		}
	}
	if layoutRoles[el.Role] && unnamed && !interactive {
		return Hoist
	}
	return Keep
}

// Interactive reports whether a client can do more with el than click it.
func Interactive(el *Element) bool {
	return el.Actions&^ActionSet(0).Add(ActionClick) != 0
}

// Area is the part of the screen an element's ancestors leave visible. The
// zero Area is unknown: nothing clips.
type Area struct {
	Rect  Rect
	Known bool
}

// Clip computes el's visibility within area, the intersection of its
// ancestors' bounds. It sets States.Offscreen when el is hidden by its
// platform (showing is false), has no area, or lies outside area, and
// returns the area left for el's children.
func Clip(el *Element, showing bool, area Area) Area {
	visible := el.Bounds
	if area.Known {
		visible = el.Bounds.Intersect(area.Rect)
	}
	el.States.Offscreen = !showing || el.Bounds.Empty() || visible.Empty()
	if el.Bounds.Empty() {
		// No bounds (no geometry at all): the element does not clip.
		return area
	}
	return Area{Rect: visible, Known: true}
}

// Clickable reports whether el has a point that a physical click can hit.
func Clickable(el *Element) bool {
	return !el.States.Offscreen && !el.Bounds.Empty()
}
