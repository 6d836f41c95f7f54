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

// cacheAgrees reports whether a toolkit's item cache says what its
// properties say. GTK 4 (4.8) answers GetItems, but names some elements
// there otherwise (a stack page by its title, where its Name is empty):
// it is walked.
func cacheAgrees(toolkit, version string) bool {
	return !(toolkit == "GTK" && strings.HasPrefix(version, "4."))
}
