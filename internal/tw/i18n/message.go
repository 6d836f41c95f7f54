package i18n

import "fmt"

// Message is a message kept as its key and arguments, to be formatted
// later in the language of whoever shows or says it: the settings store
// and the speech engine produce messages that the terminal reader says in
// the interface language while JSON-RPC (whose texts the spec fixes) and
// the log give them in English.
type Message struct {
	Key  string
	Args []any
}

// Msg is a message to be formatted later; key is a constant English
// format, as for Printer.Sprintf.
func Msg(key string, args ...any) Message { return Message{Key: key, Args: args} }

// String is the message in English, byte for byte what fmt.Sprintf makes.
func (m Message) String() string { return m.In(For("en")) }

// Error is the message in English, so a Message is an error too.
func (m Message) Error() string { return m.String() }

// In formats the message in p's language; arguments that are messages
// themselves (a reason inside a warning) are formatted in it too.
func (m Message) In(p *Printer) string {
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		switch a := a.(type) {
		case Message:
			args[i] = a.In(p)
		case *Message:
			args[i] = a.In(p)
		default:
			args[i] = a
		}
	}
	if p == nil {
		return fmt.Sprintf(m.Key, args...)
	}
	return p.Sprintf(m.Key, args...)
}

// Unwrap is the first argument that is an error (the cause of a message
// such as "cannot save the settings: %v"), for errors.Is and errors.As.
func (m Message) Unwrap() error {
	for _, a := range m.Args {
		if err, ok := a.(error); ok {
			if _, nested := a.(Message); !nested {
				return err
			}
		}
	}
	return nil
}

// Localized is an error, or a value, that can say itself in a language.
type Localized interface {
	In(p *Printer) string
}
