package i18n

import (
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/message/catalog"
)

// pl is a message that depends on the count in argument arg (1-based):
// cases are pairs of a CLDR plural category ("zero", "one", "two", "few",
// "many", "other") or an exact "=N", and the format used for it.
func pl(arg int, cases ...any) catalog.Message { return plural.Selectf(arg, "", cases...) }
