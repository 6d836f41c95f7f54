package doc

import "errors"

// LoaderFunc turns the bytes of a file into a Document. Loaders are pure:
// they do no I/O of their own, so they can be used on edited text without
// touching the disk. path is used for the title fallback and Meta.Path only.
type LoaderFunc func(path string, data []byte) (*Document, error)

// ErrPasswordRequired is returned (wrapped) by a loader for an encrypted
// document that does not open without a password. The reader asks for one
// (over JSON-RPC with the document_password prompt) and loads again with it.
var ErrPasswordRequired = errors.New("the document is encrypted: a password is required")

// ErrPasswordIncorrect is returned (wrapped) when the password given does
// not open the document.
var ErrPasswordIncorrect = errors.New("the password is incorrect")
