package doc

// LoaderFunc turns the bytes of a file into a Document. Loaders are pure:
// they do no I/O of their own, so they can be used on edited text without
// touching the disk. path is used for the title fallback and Meta.Path only.
type LoaderFunc func(path string, data []byte) (*Document, error)
