package doc

import (
	"net/url"
	"strings"

	"textfirst/internal/lazyregexp"
)

// secretParams are the query parameters that obviously carry a credential
// (compared in lower case; a name ending in one of secretSuffixes is one
// too: "X-Amz-Signature", "upload_token").
var secretParams = map[string]bool{
	"access_token": true, "api_key": true, "apikey": true, "auth": true, "authorization": true,
	"client_secret": true, "code": true, "id_token": true, "jwt": true, "key": true,
	"pass": true, "passwd": true, "password": true, "pwd": true, "refresh_token": true,
	"secret": true, "session": true, "sessionid": true, "sid": true, "sig": true,
	"signature": true, "token": true, "x-amz-credential": true,
}

var secretSuffixes = []string{"token", "secret", "password", "signature", "apikey", "api_key"}

// PublicAddress is a web address as tw may keep it (in a state file, a
// log): without its user name and password, and without the query
// parameters that obviously carry a credential (token, key, signature,
// ...); anything else, a file's path included, is returned as it is.
func PublicAddress(addr string) string {
	if !IsWebAddress(addr) {
		return addr
	}
	u, err := url.Parse(addr)
	if err != nil {
		// Not parsed: at least no user information before the host.
		rest := addr[strings.Index(addr, "//")+2:]
		if at := strings.LastIndex(rest[:strings.IndexAny(rest+"/", "/?#")], "@"); at >= 0 {
			return addr[:len(addr)-len(rest)] + rest[at+1:]
		}
		return addr
	}
	u.User = nil
	if u.RawQuery != "" {
		var kept []string
		for _, p := range strings.Split(u.RawQuery, "&") {
			name, _, _ := strings.Cut(p, "=")
			if n, err := url.QueryUnescape(name); err == nil {
				name = n
			}
			if !secretParam(strings.ToLower(name)) {
				kept = append(kept, p)
			}
		}
		u.RawQuery = strings.Join(kept, "&")
		u.ForceQuery = false
	}
	return u.String()
}

func secretParam(name string) bool {
	if secretParams[name] {
		return true
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// webAddressIn finds web addresses in a line of text.
var webAddressIn = lazyregexp.New(`(?i)https?://[^\s"'<>]+`)

// PublicAddresses is s with each web address in it made a PublicAddress:
// for a log line, which may quote an address anywhere.
func PublicAddresses(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	return webAddressIn.ReplaceAllStringFunc(s, func(m string) string {
		addr := strings.TrimRight(m, ".,:;!?)]") // the sentence's, not the address's
		return PublicAddress(addr) + m[len(addr):]
	})
}
