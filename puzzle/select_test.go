package puzzle_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestParseSelection: an integer is an entry number, "name=" and
// anything else a name; String writes each back as FILE#SEL takes it.
func TestParseSelection(t *testing.T) {
	tests := []struct {
		sel    string
		byName bool
		entry  int
		name   string
		str    string
	}{
		{"3", false, 3, "", "3"},
		{"0", false, 0, "", "0"},
		{"-2", false, -2, "", "-2"},
		{"+4", false, 4, "", "4"},
		{"easy/3", true, 0, "easy/3", "easy/3"},
		{"4x4_1 (easy).in", true, 0, "4x4_1 (easy).in", "4x4_1 (easy).in"},
		{"name=13", true, 0, "13", "name=13"},
		{"name=name=x", true, 0, "name=x", "name=name=x"},
		{"name=easy/3", true, 0, "easy/3", "easy/3"},
	}
	for _, tt := range tests {
		have := puzzle.ParseSelection(tt.sel, nil)
		if have.ByName != tt.byName || have.Entry != tt.entry || have.Name != tt.name || have.String() != tt.str {
			t.Errorf("ParseSelection(%q): have %+v (%s), want by name %v, entry %d, name %q (%s)",
				tt.sel, have, have, tt.byName, tt.entry, tt.name, tt.str)
		}
	}
}

// model is a puzzle of the fake format below: its header alone.
type model struct{ puzzle.Header }

// entry is one entry of the fake format: a puzzle called name, a
// malformed entry (bad), or a message without a puzzle (empty).
type entry struct {
	name       string
	bad, empty bool
}

// fakeEntries walks a list of entries, counting what it reads.
type fakeEntries struct {
	es    []entry
	fault int // the walk breaks down at this entry (0: never)
	i     int
	reads *int
}

func (f *fakeEntries) Next() bool {
	f.i++
	return f.i <= len(f.es) && f.i != f.fault
}

func (f *fakeEntries) Err() error {
	if f.fault > 0 && f.i >= f.fault {
		return puzzle.ErrorList{{File: "f", Line: f.fault, Msg: "broken"}}
	}
	return nil
}

func (f *fakeEntries) Many() bool   { return len(f.es) > 1 }
func (f *fakeEntries) Name() string { return f.es[f.i-1].name }

func (f *fakeEntries) Read() (*model, error) {
	*f.reads++
	e := f.es[f.i-1]
	switch {
	case e.bad:
		return nil, puzzle.ErrorList{{File: "f", Line: f.i, Col: 1, Msg: "bad"}}
	case e.empty:
		return nil, nil
	}
	return &model{puzzle.Header{Title: e.name}}, nil
}

// TestSelectEntries: a selection builds only what it needs, answers as a
// whole read does, and names entries by the number it was given.
func TestSelectEntries(t *testing.T) {
	file := []entry{{name: "a (x)"}, {name: "b", bad: true}, {name: "c", empty: true}, {name: "a"}, {name: "d"}}
	aliases := func(name string) []string { return []string{strings.Fields(name)[0]} }
	tests := []struct {
		sel   string
		fault int
		want  string // the puzzle and its entry, or the error
		reads int    // entries built
	}{
		{"1", 0, "a (x) #1", 1},
		{"4", 0, "a #4", 1},
		{"2", 0, "f:2:1: entry 2 (b): bad", 1},
		{"3", 0, "f: entry 3 (c) holds no puzzle", 1},
		{"0", 0, "f: no puzzle 0 (the file holds 5 entries)", 0},
		{"6", 0, "f: no puzzle 6 (the file holds 5 entries)", 0},
		{"d", 0, "d #5", 1},
		{"a", 0, "a #4", 2}, // the alias of entry 1, then the exact name
		{"b", 0, "f:2:1: entry 2 (b): bad", 1},
		{"zz", 0, `f: no puzzle named "zz" (the file holds 5 entries)`, 0},
		{"2", 5, "f:2:1: entry 2 (b): bad", 1}, // a fault after the entry goes unseen
		{"5", 3, "f:3: broken", 0},
	}
	for _, tt := range tests {
		reads := 0
		open := func(string, io.Reader) puzzle.Entries[*model] {
			return &fakeEntries{es: file, fault: tt.fault, reads: &reads}
		}
		p, err := puzzle.SelectEntries(open)("f", nil, puzzle.ParseSelection(tt.sel, aliases))
		have := fmt.Sprint(err)
		if err == nil {
			have = fmt.Sprintf("%s #%d", p.Title, p.Entry)
		}
		if have != tt.want || reads != tt.reads {
			t.Errorf("#%s (fault at %d): have %s, %d built; want %s, %d built", tt.sel, tt.fault, have, reads, tt.want, tt.reads)
		}
	}
}

// TestParseEntries: a whole read numbers every puzzle by its entry,
// passes over an entry without a puzzle, names each bad entry in its
// errors, and gives nothing but the fault of a broken input.
func TestParseEntries(t *testing.T) {
	file := []entry{{name: "a"}, {name: "b", bad: true}, {name: "c", empty: true}, {name: "d"}}
	reads := 0
	open := func(string, io.Reader) puzzle.Entries[*model] { return &fakeEntries{es: file, reads: &reads} }
	ps, err := puzzle.ParseEntries(open)("f", nil)
	var have []string
	for _, p := range ps {
		have = append(have, fmt.Sprintf("%s #%d", p.Title, p.Entry))
	}
	if fmt.Sprint(have) != "[a #1 d #4]" || fmt.Sprint(err) != "f:2:1: entry 2 (b): bad" {
		t.Errorf("have %v, %v; want [a #1 d #4], entry 2's error", have, err)
	}
	broken := func(string, io.Reader) puzzle.Entries[*model] { return &fakeEntries{es: file, fault: 4, reads: &reads} }
	ps, err = puzzle.ParseEntries(broken)("f", nil)
	var list puzzle.ErrorList
	if len(ps) != 0 || !errors.As(err, &list) || err.Error() != "f:4: broken" {
		t.Errorf("broken input: have %d puzzles, %v; want none and the fault", len(ps), err)
	}
}

// TestPick: a file read whole gives its puzzles as its entries.
func TestPick(t *testing.T) {
	ps := []*model{{puzzle.Header{Title: "x", Entry: 1}}}
	for _, tt := range []struct{ sel, want string }{
		{"1", "x"},
		{"x", "x"},
		{"2", "f: no puzzle 2 (the file holds 1 entry)"},
		{"y", `f: no puzzle named "y" (the file holds 1 entry)`},
	} {
		p, err := puzzle.Pick("f", ps, nil, puzzle.ParseSelection(tt.sel, nil))
		have := fmt.Sprint(err)
		if err == nil {
			have = p.Title
		}
		if have != tt.want {
			t.Errorf("Pick(#%s): have %s, want %s", tt.sel, have, tt.want)
		}
	}
	if _, err := puzzle.Pick[*model]("f", nil, errors.New("unreadable"), puzzle.ParseSelection("1", nil)); err == nil || err.Error() != "unreadable" {
		t.Errorf("Pick after a failed read: have %v, want that error", err)
	}
}

// TestEachEntries: EachEntries gives what ParseEntries returns, one entry
// at a time, each built only when its turn comes (so a file of many
// puzzles is held one puzzle at a time), stops when told, and gives the
// fault of a broken input where the walk meets it, after the entries
// before it.
func TestEachEntries(t *testing.T) {
	file := []entry{{name: "a"}, {name: "b", bad: true}, {name: "c", empty: true}, {name: "d"}, {name: "e"}}
	for _, tt := range []struct {
		fault, stop int
		want        string
	}{
		{0, 0, "[a #1 (1 built) f:2:1: entry 2 (b): bad (2 built) d #4 (4 built) e #5 (5 built)] <nil>"},
		{0, 2, "[a #1 (1 built) f:2:1: entry 2 (b): bad (2 built)] <nil>"},
		{4, 0, "[a #1 (1 built) f:2:1: entry 2 (b): bad (2 built)] f:4: broken"},
	} {
		reads := 0
		open := func(string, io.Reader) puzzle.Entries[*model] {
			return &fakeEntries{es: file, fault: tt.fault, reads: &reads}
		}
		have := []string{}
		err := puzzle.EachEntries(open)("f", nil, func(p *model, err error) bool {
			if err != nil {
				have = append(have, fmt.Sprintf("%v (%d built)", err, reads))
			} else {
				have = append(have, fmt.Sprintf("%s #%d (%d built)", p.Title, p.Entry, reads))
			}
			return len(have) != tt.stop
		})
		if got := fmt.Sprintf("%v %v", have, err); got != tt.want {
			t.Errorf("fault %d, stop %d:\nhave %s\nwant %s", tt.fault, tt.stop, got, tt.want)
		}
	}
}
