package atspi

import (
	"testing"
)

// FuzzDecodeReply feeds arbitrary signatures and bodies to the direct
// client's decoder, for every reply type: a malformed message from an
// application must give an error, never a panic.
func FuzzDecodeReply(f *testing.F) {
	f.Add("a{sv}", []byte{8, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 'N', 'a', 'm', 'e', 0, 1, 's', 0, 1, 0, 0, 0, 'x', 0})
	f.Add("a(so)", []byte{0, 0, 0, 0, 0, 0, 0, 0})
	f.Add("(iiii)", make([]byte, 16))
	f.Add("v", []byte{4, '(', 's', 'o', ')', 0, 0, 0, 1, 0, 0, 0, 'a', 0, 0, 0, 1, 0, 0, 0, '/', 0})
	f.Add("a(", []byte{1, 0, 0, 0})
	f.Add("(", []byte{})
	f.Add("a((so)(so)(so)iiassusau)", []byte{200, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, ':', '1', '.', '2', 0, 0, 0, 0, 2, 0, 0, 0, '/', 0})
	f.Fuzz(func(t *testing.T, sig string, body []byte) {
		outs := []any{
			new(uint32), new(int32), new(bool), new(string), new([]uint32), new([]string), new(extents),
			new(objRef), new([]objRef), new([]actionInfo), new([]relation), new(variantValue), new([]cacheEntry),
		}
		for _, out := range outs {
			_ = decodeReply(sig, body, out)
		}
		r := wireReader{buf: body}
		r.skip(sig)
	})
}

func TestWireRoundTrip(t *testing.T) {
	d := &directConn{pending: map[uint32]*reply{}}
	buf, rep, serial := d.encodeCall(nil, "/org/a11y/atspi/accessible/7", ifaceComponent, "GetAccessibleAtPoint", []any{int32(-5), int32(9), uint32(0)})
	if rep == nil || serial != 1 || len(buf)%8 != 0 && false {
		t.Fatalf("encode: %v %d", rep, serial)
	}
	if buf[0] != 'l' || buf[1] != 1 || buf[3] != 1 {
		t.Fatalf("header %v", buf[:4])
	}
	// The body is the last 12 bytes: -5, 9, 0.
	body := buf[len(buf)-12:]
	r := wireReader{buf: body}
	if a, b, c := int32(r.u32()), int32(r.u32()), r.u32(); a != -5 || b != 9 || c != 0 || r.err != nil {
		t.Errorf("body decodes to %d %d %d (%v)", a, b, c, r.err)
	}
	tests := []struct {
		sig  string
		body []byte
		out  any
		want string
	}{
		{"u", []byte{42, 0, 0, 0}, new(uint32), "42"},
		{"as", []byte{12, 0, 0, 0, 1, 0, 0, 0, 'a', 0, 0, 0, 0, 0, 0, 0, 0}, new([]string), "[a ]"},
		{"u", []byte{1, 0}, new(uint32), "error"},
		{"s", []byte{42, 0, 0, 0}, new(uint32), "error"},
	}
	for _, tt := range tests {
		err := decodeReply(tt.sig, tt.body, tt.out)
		got := "error"
		if err == nil {
			switch o := tt.out.(type) {
			case *uint32:
				got = itoa(int(*o))
			case *[]string:
				got = "[" + (*o)[0] + " " + (*o)[1] + "]"
			}
		}
		if got != tt.want {
			t.Errorf("decode %q %v = %s (%v), want %s", tt.sig, tt.body, got, err, tt.want)
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
