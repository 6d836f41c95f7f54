package pdf

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"hash"

	"textfirst/internal/tw/doc"
)

// ErrPasswordRequired is returned for an encrypted PDF that does not open
// with the empty user password, when no password was given. The caller asks
// for one (over RPC the `document_password` prompt) and calls LoadPassword.
var ErrPasswordRequired error = &lockedError{"the PDF is encrypted: a password is required", doc.ErrPasswordRequired}

// ErrPasswordIncorrect is returned when the password given does not open the
// document.
var ErrPasswordIncorrect error = &lockedError{"the password is incorrect", doc.ErrPasswordIncorrect}

// lockedError words a password failure for PDFs while errors.Is still finds
// the format-independent doc error that the reader acts on.
type lockedError struct {
	msg  string
	kind error
}

func (e *lockedError) Error() string { return e.msg }
func (e *lockedError) Unwrap() error { return e.kind }

// ErrEncryption is wrapped by errors for encryption the loader does not know.
var ErrEncryption = errors.New("unsupported PDF encryption")

type cryptMethod int

const (
	cryptNone cryptMethod = iota
	cryptRC4
	cryptAES
	cryptAES256
)

type decrypter struct {
	key       []byte
	stm, str  cryptMethod
	encObject int // the Encrypt dictionary's own object, never decrypted
}

var padding = []byte("\x28\xBF\x4E\x5E\x4E\x75\x8A\x41\x64\x00\x4E\x56\xFF\xFA\x01\x08\x2E\x2E\x00\xB6\xD0\x68\x3E\x80\x2F\x0C\xA9\xFE\x64\x53\x69\x7A")

// setupCrypt reads the Encrypt dictionary and derives the file key from the
// password (tried as user password, then as owner password).
func (f *file) setupCrypt(password string, given bool) error {
	encRef, _ := f.trailer["Encrypt"].(ref)
	enc := f.dictOf(f.trailer["Encrypt"])
	if enc == nil {
		return nil
	}
	if filter := f.nameOf(enc["Filter"]); filter != "Standard" {
		return errors.Join(ErrEncryption, errors.New("security handler "+string(filter)))
	}
	v, _ := f.numOf(enc["V"])
	r, _ := f.numOf(enc["R"])
	o, _ := f.stringOf(enc["O"])
	u, _ := f.stringOf(enc["U"])
	pf, _ := f.numOf(enc["P"])
	p := uint32(int32(int64(pf)))
	length := 40
	if l, ok := f.numOf(enc["Length"]); ok && l >= 40 && l <= 256 {
		length = int(l)
	}
	encMeta := true
	if b, ok := f.resolve(enc["EncryptMetadata"]).(bool); ok {
		encMeta = b
	}
	var id0 string
	if ids := f.arrayOf(f.trailer["ID"]); len(ids) > 0 {
		id0, _ = f.stringOf(ids[0])
	}
	d := &decrypter{encObject: encRef.num, stm: cryptRC4, str: cryptRC4}
	if v >= 4 {
		cf := f.dictOf(enc["CF"])
		method := func(n name) cryptMethod {
			if n == "Identity" || n == "" {
				return cryptNone
			}
			switch f.nameOf(f.dictOf(cf[n])["CFM"]) {
			case "AESV2":
				return cryptAES
			case "AESV3":
				return cryptAES256
			case "None":
				return cryptNone
			}
			return cryptRC4
		}
		d.stm = method(f.nameOf(enc["StmF"]))
		d.str = method(f.nameOf(enc["StrF"]))
		if length == 40 && v == 4 {
			length = 128
		}
	}
	pw := []byte(password)
	switch {
	case r >= 5:
		key, ok := key256(pw, o, u, enc, f, r)
		if !ok {
			return passwordError(given)
		}
		d.key = key
	case r >= 2:
		n := length / 8
		if r == 2 {
			n = 5
		}
		key := key40128(pw, o, p, id0, int(r), n, encMeta)
		if !checkUser(key, u, id0, int(r)) {
			// Try it as the owner password: it decrypts O to the user password.
			ok := false
			if given {
				userPw := ownerToUser(pw, o, int(r), n)
				key = key40128(userPw, o, p, id0, int(r), n, encMeta)
				ok = checkUser(key, u, id0, int(r))
			}
			if !ok {
				return passwordError(given)
			}
		}
		d.key = key
	default:
		return errors.Join(ErrEncryption, errors.New("revision below 2"))
	}
	f.crypt = d
	// Objects read before the key was known must be read again.
	f.cache = map[int]any{}
	f.objStm = map[int]*objStream{}
	return nil
}

func passwordError(given bool) error {
	if given {
		return ErrPasswordIncorrect
	}
	return ErrPasswordRequired
}

func padPassword(pw []byte) []byte {
	out := append([]byte(nil), pw...)
	if len(out) > 32 {
		out = out[:32]
	}
	return append(out, padding[:32-len(out)]...)
}

func key40128(pw []byte, o string, p uint32, id0 string, r, n int, encMeta bool) []byte {
	h := md5.New()
	h.Write(padPassword(pw))
	h.Write([]byte(o))
	h.Write([]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)})
	h.Write([]byte(id0))
	if r >= 4 && !encMeta {
		h.Write([]byte{0xff, 0xff, 0xff, 0xff})
	}
	key := h.Sum(nil)
	if r >= 3 {
		for range 50 {
			s := md5.Sum(key[:n])
			key = s[:]
		}
	}
	return key[:n]
}

func rc4Crypt(key, data []byte) []byte {
	c, err := rc4.NewCipher(key)
	if err != nil {
		return data
	}
	out := make([]byte, len(data))
	c.XORKeyStream(out, data)
	return out
}

func checkUser(key []byte, u, id0 string, r int) bool {
	if r == 2 {
		return bytes.Equal(rc4Crypt(key, padding), []byte(u))
	}
	h := md5.New()
	h.Write(padding)
	h.Write([]byte(id0))
	x := rc4Crypt(key, h.Sum(nil))
	for i := 1; i <= 19; i++ {
		k := make([]byte, len(key))
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		x = rc4Crypt(k, x)
	}
	return len(u) >= 16 && bytes.Equal(x[:16], []byte(u)[:16])
}

func ownerToUser(pw []byte, o string, r, n int) []byte {
	s := md5.Sum(padPassword(pw))
	key := s[:]
	if r >= 3 {
		for range 50 {
			s := md5.Sum(key)
			key = s[:]
		}
	}
	key = key[:n]
	x := []byte(o)
	if r == 2 {
		return rc4Crypt(key, x)
	}
	for i := 19; i >= 0; i-- {
		k := make([]byte, len(key))
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		x = rc4Crypt(k, x)
	}
	return x
}

// key256 checks a password of revision 5 or 6 (AES-256) and returns the
// file key.
func key256(pw []byte, o, u string, enc dict, f *file, r float64) ([]byte, bool) {
	if len(pw) > 127 {
		pw = pw[:127]
	}
	ue, _ := f.stringOf(enc["UE"])
	oe, _ := f.stringOf(enc["OE"])
	if len(u) < 48 || len(o) < 48 {
		return nil, false
	}
	try := func(hashKey string, salt, keySalt string, extra []byte, ekey string) ([]byte, bool) {
		if !bytes.Equal(hash2B(pw, []byte(salt), extra, r), []byte(hashKey)) {
			return nil, false
		}
		k := hash2B(pw, []byte(keySalt), extra, r)
		if len(ekey) < 32 {
			return nil, false
		}
		block, err := aes.NewCipher(k)
		if err != nil {
			return nil, false
		}
		out := make([]byte, 32)
		cipher.NewCBCDecrypter(block, make([]byte, 16)).CryptBlocks(out, []byte(ekey)[:32])
		return out, true
	}
	if key, ok := try(u[:32], u[32:40], u[40:48], nil, ue); ok {
		return key, true
	}
	return try(o[:32], o[32:40], o[40:48], []byte(u[:48]), oe)
}

// hash2B is the hash of ISO 32000-2 7.6.4.3.3 (revision 6), or plain
// SHA-256 for revision 5.
func hash2B(pw, salt, udata []byte, r float64) []byte {
	h := sha256.New()
	h.Write(pw)
	h.Write(salt)
	h.Write(udata)
	k := h.Sum(nil)
	if r < 6 {
		return k
	}
	for i := 0; ; i++ {
		var k1 []byte
		for range 64 {
			k1 = append(k1, pw...)
			k1 = append(k1, k...)
			k1 = append(k1, udata...)
		}
		block, _ := aes.NewCipher(k[:16])
		e := make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, k[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, c := range e[:16] {
			sum += int(c)
		}
		var hh hash.Hash
		switch sum % 3 {
		case 0:
			hh = sha256.New()
		case 1:
			hh = sha512.New384()
		default:
			hh = sha512.New()
		}
		hh.Write(e)
		k = hh.Sum(nil)
		// ISO 32000-2 counts rounds from 1 here: stop after round i+1 when the
		// last byte of E is at most (i+1) - 32.
		if i >= 63 && int(e[len(e)-1]) <= i-31 {
			break
		}
	}
	return k[:32]
}

func (d *decrypter) objectKey(r ref, aesMode bool) []byte {
	if len(d.key) == 32 {
		return d.key
	}
	h := md5.New()
	h.Write(d.key)
	h.Write([]byte{byte(r.num), byte(r.num >> 8), byte(r.num >> 16), byte(r.gen), byte(r.gen >> 8)})
	if aesMode {
		h.Write([]byte("sAlT"))
	}
	return h.Sum(nil)[:min(len(d.key)+5, 16)]
}

func (d *decrypter) crypt(m cryptMethod, r ref, data []byte) []byte {
	switch m {
	case cryptRC4:
		return rc4Crypt(d.objectKey(r, false), data)
	case cryptAES, cryptAES256:
		key := d.objectKey(r, true)
		if len(data) < 32 || len(data)%16 != 0 {
			if len(data) < 16 {
				return nil
			}
			data = data[:len(data)/16*16]
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			return data
		}
		out := make([]byte, len(data)-16)
		cipher.NewCBCDecrypter(block, data[:16]).CryptBlocks(out, data[16:])
		if n := len(out); n > 0 {
			if pad := int(out[n-1]); pad >= 1 && pad <= 16 && pad <= n {
				out = out[:n-pad]
			}
		}
		return out
	}
	return data
}

func (d *decrypter) decryptStream(s *stream, r ref) []byte {
	if r.num == d.encObject && r.num != 0 {
		return s.raw
	}
	return d.crypt(d.stm, r, s.raw)
}

// decryptObject decrypts the strings of an object read from the file.
func (d *decrypter) decryptObject(v any, r ref, depth int) any {
	if r.num == d.encObject || depth > maxDepth {
		return v
	}
	switch x := v.(type) {
	case string:
		return string(d.crypt(d.str, r, []byte(x)))
	case array:
		out := make(array, len(x))
		for i, e := range x {
			out[i] = d.decryptObject(e, r, depth+1)
		}
		return out
	case dict:
		out := make(dict, len(x))
		for k, e := range x {
			out[k] = d.decryptObject(e, r, depth+1)
		}
		return out
	case *stream:
		return &stream{dict: d.decryptObject(x.dict, r, depth+1).(dict), raw: x.raw, ref: x.ref}
	}
	return v
}
