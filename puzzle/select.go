package puzzle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Selection is the SEL of FILE#SEL: which one puzzle of a file to read.
// One rule holds for every kind and every format:
//
//   - An integer N selects the file's N-th entry, counting from 1 in file
//     order and counting every entry: malformed ones, and ones that hold
//     no puzzle (a Linjat tutorial message) too. When entry N is malformed
//     the answer is its own errors, which name it ("entry N (name): ...");
//     N below 1 or past the last entry gives "no puzzle N (the file holds
//     K entries)". A file holding one puzzle has one entry, #1.
//   - Anything else selects by name: the first entry whose name is SEL,
//     or, when none is, the first that answers to SEL by one of the kind's
//     aliases (Juosan: "4x4_1" for "4x4_1 (easy).in"; Linjat: "easy-3" for
//     "easy/3"; Shinro: "playshinro-13" for "playshinro 13"). A malformed
//     entry is found by name too, when its name can be read, and answers
//     with its errors. An integer is always an entry number, so a puzzle
//     whose name is an integer is selected as "name=13": the prefix
//     "name=" always means a name.
//
// A selection reads the file only as far as it needs where the format
// allows (Format.Select: the JSON formats stream to the entry): the
// answer and the entry's errors are the same as after reading the whole
// file, but a fault of the file itself after the selected entry (broken
// JSON, data after the end) goes unseen.
type Selection struct {
	// Entry is N of "#N" when ByName is false.
	Entry int
	// Name is the name asked for when ByName is true.
	Name   string
	ByName bool
	// Aliases gives the other names a puzzle called name answers to; nil
	// when the kind has none.
	Aliases func(name string) []string
}

// namePrefix marks a selection by name that would otherwise read as an
// entry number.
const namePrefix = "name="

// ParseSelection reads sel by the rule of Selection; aliases are the
// kind's (nil: none).
func ParseSelection(sel string, aliases func(name string) []string) Selection {
	if name, ok := strings.CutPrefix(sel, namePrefix); ok {
		return Selection{Name: name, ByName: true, Aliases: aliases}
	}
	if n, err := strconv.Atoi(sel); err == nil {
		return Selection{Entry: n, Aliases: aliases}
	}
	return Selection{Name: sel, ByName: true, Aliases: aliases}
}

// String is the selection as FILE#SEL writes it.
func (s Selection) String() string {
	if !s.ByName {
		return strconv.Itoa(s.Entry)
	}
	if _, err := strconv.Atoi(s.Name); err == nil || strings.HasPrefix(s.Name, namePrefix) {
		return namePrefix + s.Name
	}
	return s.Name
}

// exact reports whether an entry called name is selected by its name.
func (s Selection) exact(name string) bool { return s.ByName && name == s.Name }

// alias reports whether an entry called name answers to the selection by
// one of its aliases.
func (s Selection) alias(name string) bool {
	return s.ByName && s.Aliases != nil && name != "" && slices.Contains(s.Aliases(name), s.Name)
}

// missing is the error for a selection no entry of file answers, the file
// holding entries entries.
func (s Selection) missing(file string, entries int) error {
	held := fmt.Sprintf("the file holds %d entries", entries)
	if entries == 1 {
		held = "the file holds 1 entry"
	}
	if s.ByName {
		return &Error{File: file, Msg: fmt.Sprintf("no puzzle named %q (%s)", s.Name, held)}
	}
	return &Error{File: file, Msg: fmt.Sprintf("no puzzle %d (%s)", s.Entry, held)}
}

// Headed is a model puzzle as the selection sees it: its header, and a
// zero value (nil) that is no puzzle.
type Headed interface {
	comparable
	Head() *Header
}

// Pick applies sel to the result of reading file whole (ps, err from a
// Format.Parse), for the formats that have no Select: those holding one
// puzzle. An error is returned as it is, whatever sel; otherwise ps are
// the file's entries, in order.
func Pick[P Headed](file string, ps []P, err error, sel Selection) (P, error) {
	var zero P
	if err != nil {
		return zero, err
	}
	if !sel.ByName {
		if sel.Entry < 1 || sel.Entry > len(ps) {
			return zero, sel.missing(file, len(ps))
		}
		return ps[sel.Entry-1], nil
	}
	for _, match := range []func(string) bool{sel.exact, sel.alias} {
		for _, p := range ps {
			if match(p.Head().Title) {
				return p, nil
			}
		}
	}
	return zero, sel.missing(file, len(ps))
}
