// Package kinds is the registry of puzzle kinds: the one list of them
// (each kind is a folder, kinds/<kind>, registered by one line in all),
// looked up by name or detected from an input. Everything generic —
// the puzzle commands, the SAT pipeline (package solve), the cross-check,
// the generator, render and serve — reaches a kind only through this
// package and the interfaces of package kind, which it re-exports under
// the same names.
//
//	parse ──► model ──┬─► encode ─► CNF ─► sat back-end ─► decode ─► Verify
//	                  └─► human rules ─► engine ─► grade
//	                                   └─► crosscheck: every step SAT-certified
package kinds

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/kinds/arrows"
	"github.com/puzzlesat/puzzlesat/kinds/juosan"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/linjat"
	"github.com/puzzlesat/puzzlesat/kinds/shift"
	"github.com/puzzlesat/puzzlesat/kinds/shinro"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// The types of package kind, under the names the rest of puzzlesat has
// always used.
type (
	Kind          = kind.Kind
	Options       = kind.Options
	Instance      = kind.Instance
	RouteReporter = kind.RouteReporter
	HumanSetup    = kind.HumanSetup
	PartialError  = kind.PartialError
	Generation    = kind.Generation
	Band          = kind.Band
	Levels        = kind.Levels
	Flag          = kind.Flag
	TrialRound    = kind.TrialRound
	GenOptions    = kind.GenOptions
	Solver        = kind.Solver
	Draft         = kind.Draft
	GuardedDraft  = kind.GuardedDraft
	Guarded       = kind.Guarded
	Clue          = kind.Clue
	Clued         = kind.Clued
)

// SolveRules runs inst's human rules from its start (kind.SolveRules).
var SolveRules = kind.SolveRules

// EncodeOthers writes a draft's clauses excluding its intended solution
// (kind.EncodeOthers).
func EncodeOthers(s encode.Adder, d GuardedDraft) (*Guarded, error) { return kind.EncodeOthers(s, d) }

// all is the one list of kinds: a new kind is its folder and one line
// here. Validate checks it.
var all = []*Kind{juosan.Kind, shinro.Kind, arrows.Kind, linjat.Kind, shift.Kind}

// Register adds k to the list, for a test that brings a kind of its own
// (kinds/toykind): call it before anything else reads the list (in
// TestMain), never beside running work. It returns what removes k again. A
// kind of puzzlesat's is a line of all, not a call to Register.
func Register(k *Kind) (unregister func()) {
	all = append(all, k)
	return func() {
		for i, x := range all {
			if x == k {
				all = append(all[:i:i], all[i+1:]...)
				return
			}
		}
	}
}

// The kinds by name, for code that means one kind in particular (tests,
// the Arrows rules command).
var (
	Juosan = juosan.Kind
	Shinro = shinro.Kind
	Arrows = arrows.Kind
	Linjat = linjat.Kind
	Shift  = shift.Kind
)

// Flags returns the flags the kinds declare (Kind.Flags), each once, in
// the order of the list.
func Flags() []kind.Flag {
	return flagsOf(func(k *Kind) []kind.Flag { return k.Flags })
}

// flagsOf is the flags of every kind (of), each name once, in the order of
// the list.
func flagsOf(of func(*Kind) []kind.Flag) []kind.Flag {
	var out []kind.Flag
	for _, k := range all {
		for _, f := range of(k) {
			if !slices.ContainsFunc(out, func(o kind.Flag) bool { return o.Name == f.Name }) {
				out = append(out, f)
			}
		}
	}
	return out
}

// GenFlags are the generation flags the kinds declare
// (Generation.Flags), each name once, for the command that generates.
func GenFlags() []kind.Flag {
	return flagsOf(func(k *Kind) []kind.Flag {
		if k.Generate == nil {
			return nil
		}
		return k.Generate.Flags
	})
}

// CheckOptions refuses a value a kind's flag does not take.
func CheckOptions(o Options) error {
	for _, f := range Flags() {
		if err := f.Check(o.Flag(f.Name)); err != nil {
			return err
		}
	}
	return nil
}

// Moves returns the kinds of puzzles played by moves (Kind.Moves), sorted
// by name.
func Moves() []*Kind {
	var out []*Kind
	for _, k := range all {
		if !k.Grid() {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Find returns the kind called name, grid or moves.
func Find(name string) (*Kind, error) { return find(name, all) }

// find returns the kind of among called name, or an error naming those
// there are.
func find(name string, among []*Kind) (*Kind, error) {
	for _, k := range among {
		if k.Name == name {
			return k, nil
		}
	}
	return nil, fmt.Errorf("unknown kind %q (have %s)", name, strings.Join(sortedNames(among), ", "))
}

// DetectMoves returns the kind of puzzle played by moves whose own format
// data is written in, or nil.
func DetectMoves(name string, data []byte) *Kind {
	for _, k := range all {
		if !k.Grid() && k.Moves.Detect(name, data) {
			return k
		}
	}
	return nil
}

// List returns the grid kinds (the puzzle commands' kinds: check, solve,
// grade and the rest) sorted by name; Moves the others.
func List() []*Kind {
	var out []*Kind
	for _, k := range all {
		if k.Grid() {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the grid kind called name (Find finds any kind).
func Lookup(name string) (*Kind, error) { return find(name, List()) }

// Names returns the grid kinds' names, sorted.
func Names() []string { return sortedNames(List()) }

// sortedNames returns the names of ks, sorted.
func sortedNames(ks []*Kind) []string {
	var ns []string
	for _, k := range ks {
		ns = append(ns, k.Name)
	}
	sort.Strings(ns)
	return ns
}

// Detect returns the kind of data, or an error naming the candidates.
func Detect(name string, data []byte) (*Kind, error) { return DetectHead(name, data, true) }

// DetectHead is Detect of an input from its head, its first bytes (up to
// puzzle.DetectWindow, whole lines): whole says the head is all of it. A
// kind that tells its formats from their content answers; when none
// does, a file whose name ends as a kind's own (Kind.Exts) is that kind's,
// so that its reader says what is wrong with it. Input no kind takes is
// an error at the first byte that shows it: binary data, broken JSON, or
// text no kind reads.
func DetectHead(name string, head []byte, whole bool) (*Kind, error) {
	var hits []*Kind
	for _, k := range all {
		if k.Grid() && k.Detect(name, head) {
			hits = append(hits, k)
		}
	}
	// Detection reads the start of the input: errors point there.
	data := srcpos.TrimBOM(head)
	line, col := firstText(data)
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		if line == 0 {
			return nil, &srcpos.Error{File: name, Line: 1, Col: 1, Msg: "empty input: no puzzle"}
		}
		if k := ByExt(name); k != nil {
			return k, nil
		}
		if err := notText(name, data); err != nil {
			return nil, err
		}
		if err := brokenJSON(name, data, whole); err != nil {
			return nil, err
		}
		return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("cannot tell the puzzle kind; give --kind (%s)", strings.Join(Names(), ", "))}
	}
	var ns []string
	for _, k := range hits {
		ns = append(ns, k.Name)
	}
	return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("input could be any of %s; give --kind", strings.Join(ns, ", "))}
}

// ByExt is the grid kind whose own files (Kind.Exts) are named as name
// ends, or nil.
func ByExt(name string) *Kind {
	ext := strings.ToLower(filepath.Ext(name))
	for _, k := range all {
		if k.Grid() && ext != "" && slices.Contains(k.Exts, ext) {
			return k
		}
	}
	return nil
}

// notText is the error at the first byte of data that is no text (a NUL,
// or bytes that are not UTF-8), or nil.
func notText(name string, data []byte) error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == 0 || (r == utf8.RuneError && n <= 1) {
			return &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("binary data (byte 0x%02x), not a puzzle of any kind", data[i])}
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		col++
		i += n
	}
	return nil
}

// brokenJSON is the first syntax error of data when it starts as JSON
// does, or nil; of a head that is not the whole input, an end met early
// is no error.
func brokenJSON(name string, data []byte, whole bool) error {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 || (t[0] != '[' && t[0] != '{') {
		return nil
	}
	r := jsonpos.New(name, data)
	if _, _, err := r.Value(); err == nil {
		r.ExpectEnd()
	}
	errs := r.Errors()
	if len(errs) == 0 || (!whole && strings.HasSuffix(errs[0].Msg, "unexpected end of input")) {
		return nil
	}
	e := *errs[0]
	e.Msg += " (no puzzle kind reads it)"
	return &e
}

// firstText is the line and column (in runes, from 1) of the first
// character of data that is not white space; 0, 0 when there is none.
func firstText(data []byte) (line, col int) {
	line, col = 1, 1
	for _, r := range string(data) {
		switch {
		case r == '\n':
			line, col = line+1, 1
		case unicode.IsSpace(r):
			col++
		default:
			return line, col
		}
	}
	return 0, 0
}

// Validate checks the registry: names unique and non-empty, docs present,
// functions set.
func Validate() error {
	seen := map[string]bool{}
	for _, k := range all {
		switch {
		case k.Name == "":
			return fmt.Errorf("kinds: a kind has no name")
		case seen[k.Name]:
			return fmt.Errorf("kinds: duplicate kind %q", k.Name)
		case k.Doc == "":
			return fmt.Errorf("kinds: %s has no doc", k.Name)
		case !k.Grid() && (k.Moves.Detect == nil || k.Moves.Parse == nil || k.Moves.Builtin == nil || len(k.Moves.Bands) == 0):
			return fmt.Errorf("kinds: moves kind %s lacks Detect, Parse, Builtin or Bands", k.Name)
		case !k.Grid() && (k.Parse != nil || k.Generate != nil || k.Random != nil):
			return fmt.Errorf("kinds: moves kind %s also has a grid kind's Parse, Generate or Random", k.Name)
		case k.Grid() && (k.Detect == nil || k.Parse == nil || k.Select == nil):
			return fmt.Errorf("kinds: %s lacks Detect, Parse or Select", k.Name)
		case len(k.Outputs) == 0:
			return fmt.Errorf("kinds: %s has no output format", k.Name)
		case k.RuleFiles != nil && (k.RuleFiles.Language == "" || k.RuleFiles.Parse == nil || k.RuleFiles.Default == nil):
			return fmt.Errorf("kinds: %s's rules files lack a Language, Parse or Default", k.Name)
		case k.Folder != nil && (k.Folder.File == "" || strings.ContainsAny(k.Folder.File, `/\`)):
			return fmt.Errorf("kinds: %s's puzzle folder names no file of its own (%q)", k.Name, k.Folder.File)
		case k.Generate != nil:
			if err := k.Generate.Validate(); err != nil {
				return fmt.Errorf("kinds: %s: %v", k.Name, err)
			}
		}
		seen[k.Name] = true
	}
	return nil
}
