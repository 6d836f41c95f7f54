package cli

import (
	"fmt"
	"strings"
)

// args is a parsed command line: flags may come before or after the
// positional arguments, as `tw text FILE --to json` and
// `tw text --to json FILE` both read naturally.
type args struct {
	pos   []string
	flags map[string]string
	bools map[string]bool
}

// usageError is a mistake in how a command was typed (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// parseArgs parses argv. valued names the flags that take a value, boolean
// the ones that do not; short maps short names (-o) to long ones.
func parseArgs(argv []string, valued, boolean []string, short map[string]string) (*args, error) {
	a := &args{flags: map[string]string{}, bools: map[string]bool{}}
	isValued := map[string]bool{}
	for _, v := range valued {
		isValued[v] = true
	}
	isBool := map[string]bool{}
	for _, b := range boolean {
		isBool[b] = true
	}
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			a.pos = append(a.pos, argv[i+1:]...)
			break
		}
		if arg == "-" || !strings.HasPrefix(arg, "-") {
			a.pos = append(a.pos, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "--") {
			if long, ok := short[name]; ok {
				name = long
			}
		}
		switch {
		case isValued[name]:
			if !hasValue {
				if i+1 >= len(argv) {
					return nil, usageError{fmt.Sprintf("--%s needs a value", name)}
				}
				i++
				value = argv[i]
			}
			a.flags[name] = value
		case isBool[name]:
			if hasValue {
				return nil, usageError{fmt.Sprintf("--%s takes no value", name)}
			}
			a.bools[name] = true
		default:
			return nil, usageError{fmt.Sprintf("unknown option %s", arg)}
		}
	}
	return a, nil
}
