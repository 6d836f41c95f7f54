package atspi

import (
	"fmt"
	"math"

	"github.com/godbus/dbus/v5"
)

// The reply types the backend decodes. Each has a fixed D-Bus signature;
// both the direct client and godbus fill them.
type (
	// actionInfo is one entry of Action.GetActions: a(sss).
	actionInfo struct{ Name, Description, Key string }
	// variantValue is Properties.Get's answer: v.
	variantValue struct{ v any }
	// relation is one entry of Accessible.GetRelationSet: a(ua(so)).
	relation struct {
		Type    uint32
		Targets []objRef
	}
)

// relationLabelledBy is ATSPI_RELATION_LABELLED_BY.
const relationLabelledBy = 2

// decodeReply decodes a direct reply body of signature sig into out.
func decodeReply(sig string, body []byte, out any) error {
	r := wireReader{buf: body}
	want := ""
	switch o := out.(type) {
	case *uint32:
		want = "u"
		*o = r.u32()
	case *int32:
		want = "i"
		*o = int32(r.u32())
	case *bool:
		want = "b"
		*o = r.u32() != 0
	case *string:
		want = "s"
		*o = r.str()
	case *[]uint32:
		want = "au"
		end := r.arrayEnd(4)
		for r.pos < end && r.err == nil {
			*o = append(*o, r.u32())
		}
	case *[]string:
		want = "as"
		end := r.arrayEnd(4)
		for r.pos < end && r.err == nil {
			*o = append(*o, r.str())
		}
	case *extents:
		want = "(iiii)"
		r.align(8)
		o.X, o.Y, o.W, o.H = int32(r.u32()), int32(r.u32()), int32(r.u32()), int32(r.u32())
	case *objRef:
		want = "(so)"
		*o = r.objRef()
	case *[]objRef:
		want = "a(so)"
		end := r.arrayEnd(8)
		for r.pos < end && r.err == nil {
			*o = append(*o, r.objRef())
		}
	case *[]relation:
		want = "a(ua(so))"
		end := r.arrayEnd(8)
		for r.pos < end && r.err == nil {
			r.align(8)
			rel := relation{Type: r.u32()}
			tend := r.arrayEnd(8)
			for r.pos < tend && r.err == nil {
				rel.Targets = append(rel.Targets, r.objRef())
			}
			*o = append(*o, rel)
		}
	case *[]actionInfo:
		want = "a(sss)"
		end := r.arrayEnd(8)
		for r.pos < end && r.err == nil {
			r.align(8)
			*o = append(*o, actionInfo{Name: r.str(), Description: r.str(), Key: r.str()})
		}
	case *[]cacheEntry:
		want = "a((so)(so)(so)iiassusau)"
		end := r.arrayEnd(8)
		for r.pos < end && r.err == nil {
			*o = append(*o, r.cacheEntry())
		}
	case *variantValue:
		want = "v"
		vsig := r.signature()
		switch vsig {
		case "s", "o":
			o.v = r.str()
		case "i":
			o.v = int32(r.u32())
		case "u":
			o.v = r.u32()
		case "b":
			o.v = r.u32() != 0
		case "d":
			o.v = math.Float64frombits(r.u64())
		case "(so)":
			o.v = r.objRef()
		default:
			r.skip(vsig)
		}
	default:
		return fmt.Errorf("atspi: cannot decode into %T", out)
	}
	if sig != want {
		return fmt.Errorf("atspi: reply has signature %q, want %q", sig, want)
	}
	return r.err
}

// objRef reads one (so).
func (r *wireReader) objRef() objRef {
	r.align(8)
	bus := r.str()
	return objRef{Bus: bus, Path: dbus.ObjectPath(r.str())}
}

// cacheEntry reads one ((so)(so)(so)iiassusau).
func (r *wireReader) cacheEntry() cacheEntry {
	r.align(8)
	e := cacheEntry{Obj: r.objRef(), App: r.objRef(), Parent: r.objRef()}
	e.Index, e.Count = int32(r.u32()), int32(r.u32())
	end := r.arrayEnd(4)
	for r.pos < end && r.err == nil {
		e.Interfaces = append(e.Interfaces, r.str())
	}
	e.Name, e.Role, e.Description = r.str(), r.u32(), r.str()
	end = r.arrayEnd(4)
	for r.pos < end && r.err == nil {
		e.States = append(e.States, r.u32())
	}
	return e
}

// dict walks an a{sv}, calling f with each key and the value's signature;
// f must consume the value.
func (r *wireReader) dict(f func(key, vsig string)) {
	end := r.arrayEnd(8)
	for r.pos < end && r.err == nil {
		r.align(8)
		key := r.str()
		f(key, r.signature())
	}
}

// storeGodbus fills out from a godbus reply.
func storeGodbus(c *dbus.Call, out any) error {
	switch o := out.(type) {
	case *variantValue:
		var v dbus.Variant
		if err := c.Store(&v); err != nil {
			return err
		}
		o.v = v.Value()
		if parts, ok := o.v.([]any); ok && len(parts) == 2 {
			bus, _ := parts[0].(string)
			path, _ := parts[1].(dbus.ObjectPath)
			o.v = objRef{Bus: bus, Path: path}
		}
		return nil
	}
	return c.Store(out)
}
