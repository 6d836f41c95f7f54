package atspi

import "strings"

// visibleMeansShown reports a toolkit that sets SHOWING on its top-level
// windows only: GTK 4 (measured with 4.8) marks its widgets, and its
// dialogs, VISIBLE and never SHOWING, lays out what is hidden (a notebook
// page behind another) at zero size, and gives its notebook and stack
// pages no geometry at all. toolkit and version are the Application
// interface's ToolkitName and Version ("GTK", "4.8.3").
func visibleMeansShown(toolkit, version string) bool {
	return toolkit == "GTK" && strings.HasPrefix(version, "4.")
}

// shown reports whether states say an element is on screen: SHOWING and
// VISIBLE, or VISIBLE alone for a toolkit that never sets SHOWING (see
// visibleMeansShown), whose zero-size bounds then say what is hidden.
func shown(states stateSet, visibleIsShown bool) bool {
	return states.has(stateVisible) && (visibleIsShown || states.has(stateShowing))
}

// cacheUseful reports whether a toolkit's item cache is worth reading: Qt
// (5.15) answers GetItems with an empty list, a round trip for nothing;
// GTK 4 (4.8) answers, but names some elements there otherwise than their
// Name property says (a stack page by its title, where its Name is
// empty). Both are walked.
func cacheUseful(toolkit, version string) bool {
	return toolkit != "Qt" && !(toolkit == "GTK" && strings.HasPrefix(version, "4."))
}
