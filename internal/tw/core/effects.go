package core

// Effect is something the app asks its front end to do besides speaking:
// show a prompt to type into, show a list to choose from, or end the
// session. It is one of PromptEffect, ListEffect and QuitEffect; how each
// travels to a client (the JSON-RPC server's effects arrays) is the front
// end's business.
type Effect interface{ isEffect() }

// PromptEffect opens a prompt: Label is what it asks, Purpose what the
// answer is for ("find", "go_to", "note_text", ...).
type PromptEffect struct {
	Label   string
	Purpose string
}

// ListEffect shows a list to choose from.
type ListEffect struct {
	Title string
	Items []string
}

// QuitEffect ends the session: the quit action was confirmed.
type QuitEffect struct{}

// CopyEffect asks the front end to put Text on the system clipboard (the
// app has put it on its own): copy and cut.
type CopyEffect struct{ Text string }

func (CopyEffect) isEffect() {}

func (PromptEffect) isEffect() {}
func (ListEffect) isEffect()   {}
func (QuitEffect) isEffect()   {}
