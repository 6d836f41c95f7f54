package rpc

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The method table holds exactly the spec's methods.
func TestMethodTableIsTheSpecsMethods(t *testing.T) {
	var names []string
	for name := range methods {
		names = append(names, name)
	}
	slices.Sort(names)
	want := slices.Sorted(slices.Values(Methods))
	if !slices.Equal(names, want) {
		t.Fatalf("method table %v\nwant %v", names, want)
	}
}

// Every parameter of every method is a param, named by its JSON tag, so
// decodeParams can fill it by its exact name.
func TestEveryParamsTypeIsDecodable(t *testing.T) {
	setter := reflect.TypeFor[rawSetter]()
	for name, m := range methods {
		if m.params.Kind() != reflect.Struct {
			t.Errorf("%s: params %v is not a struct", name, m.params)
			continue
		}
		for f := range m.params.Fields() {
			if f.Tag.Get("json") == "" || !reflect.PointerTo(f.Type).Implements(setter) {
				t.Errorf("%s: parameter %s %v is not a tagged param", name, f.Name, f.Type)
			}
		}
	}
}

// The spec has every object's fields in alphabetical order at every depth.
// Maps are encoded sorted; structs in field order, so every struct that a
// result, an effect or a notification can hold must declare its fields in
// the alphabetical order of their JSON names, each with a JSON name.
func TestEveryResultTypeHasItsFieldsInAlphabeticalOrder(t *testing.T) {
	types := map[string]reflect.Type{}
	for name, m := range methods {
		for i, r := range m.results {
			if r.Kind() == reflect.Interface {
				t.Errorf("%s: result declared %v; name its types with answering", name, r)
			}
			types[name+"#"+string(rune('0'+i))] = r
		}
	}
	// What travels inside any-typed fields and notifications.
	for _, v := range []any{promptEffectParams{}, listEffectParams{}, quitEffectParams{},
		announcementParams{}, playbackParams{}, positionParams{}, response{}, notification{}, Error{}} {
		types[reflect.TypeOf(v).Name()] = reflect.TypeOf(v)
	}
	for where, ty := range types {
		checkFieldOrder(t, where, ty, map[reflect.Type]bool{})
	}
}

func checkFieldOrder(t interface{ Errorf(string, ...any) }, where string, ty reflect.Type, seen map[reflect.Type]bool) {
	if seen[ty] {
		return
	}
	seen[ty] = true
	switch ty.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		checkFieldOrder(t, where, ty.Elem(), seen)
	case reflect.Map:
		if ty.Key().Kind() != reflect.String {
			t.Errorf("%s: %v has keys that are not strings", where, ty)
		}
		checkFieldOrder(t, where, ty.Elem(), seen)
	case reflect.Struct:
		if ty.Implements(reflect.TypeFor[json.Marshaler]()) {
			return // checked by its own case below, if it has one
		}
		prev := ""
		for f := range ty.Fields() {
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				t.Errorf("%s: %v.%s has no JSON name", where, ty, f.Name)
				continue
			}
			if name <= prev {
				t.Errorf("%s: %v field %q comes after %q", where, ty, name, prev)
			}
			prev = name
			checkFieldOrder(t, where+"."+name, f.Type, seen)
		}
	}
}

// The checker itself catches what it must.
func TestFieldOrderCheck(t *testing.T) {
	type inner struct {
		B int `json:"b"`
		A int `json:"a"`
	}
	cases := []struct {
		name string
		v    any
		ok   bool
	}{
		{"sorted", struct {
			A int `json:"a"`
			B int `json:"b"`
		}{}, true},
		{"unsorted", struct {
			B int `json:"b"`
			A int `json:"a"`
		}{}, false},
		{"unsorted inside a slice", struct {
			X []inner `json:"x"`
		}{}, false},
		{"untagged", struct{ A int }{}, false},
		{"pending", actionResult{}, true},
	}
	for _, c := range cases {
		var e errorCount
		checkFieldOrder(&e, c.name, reflect.TypeOf(c.v), map[reflect.Type]bool{})
		if (e == 0) != c.ok {
			t.Errorf("%s: %d errors, want ok=%v", c.name, e, c.ok)
		}
	}
}

// maybePending is absent, null or a question.
func TestActionResultPending(t *testing.T) {
	cases := []struct {
		p    maybePending
		want string
	}{
		{maybePending{}, `{"effects":[],"status":"s"}`},
		{maybePending{shown: true}, `{"effects":[],"pending":null,"status":"s"}`},
		{maybePending{shown: true, p: &pendingResult{"quit", "Quit?"}},
			`{"effects":[],"pending":{"action":"quit","question":"Quit?"},"status":"s"}`},
	}
	for _, c := range cases {
		got := string(marshal(actionResult{Effects: effectsJSON(nil), Pending: c.p, Status: "s"}))
		if got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

type errorCount int

func (e *errorCount) Errorf(string, ...any) { *e++ }

// Parameters are found by their exact names and decode as encoding/json
// decodes them (null is the zero value); a natural is a whole number of
// zero or more, written any way JSON writes one.
func TestDecodeParams(t *testing.T) {
	type params struct {
		Path  param[string]  `json:"path"`
		Index param[natural] `json:"index"`
		Flag  param[bool]    `json:"flag"`
	}
	type want struct {
		path              string
		pathOK, pathGiven bool
		index             natural
		indexOK           bool
	}
	cases := []struct {
		raw  string
		want want
	}{
		{``, want{}},
		{`[1,2]`, want{}},
		{`null`, want{}},
		{`{"PATH":"x","Index":1}`, want{}},
		{`{"path":"notes.md","index":3}`, want{"notes.md", true, true, 3, true}},
		{`{"path":null,"index":null}`, want{"", true, false, 0, true}},
		{`{"path":7,"index":3.0}`, want{"", false, true, 3, true}},
		{`{"index":1e3}`, want{index: 1000, indexOK: true}},
		{`{"index":-1}`, want{}},
		{`{"index":1.5}`, want{}},
		{`{"index":"2"}`, want{}},
		{`{"path":"a","path":"b"}`, want{"b", true, true, 0, false}},
	}
	for _, c := range cases {
		var p params
		decodeParams(json.RawMessage(c.raw), &p)
		path, pathOK := p.Path.Get()
		index, indexOK := p.Index.Get()
		got := want{path, pathOK, p.Path.Given(), index, indexOK}
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.raw, got, c.want)
		}
	}
}
