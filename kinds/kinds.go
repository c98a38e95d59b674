// Package kinds is the registry of puzzle kinds: a value (Registry) that
// lists them (each kind is a folder, kinds/<kind>, and one line in
// Default), looks them up by name and detects them from an input; each
// front end is handed one. Everything generic —
// the puzzle commands, the SAT pipeline (package solve), the cross-check,
// the generator, render and serve — reaches a kind only through this
// package and the interfaces of package kind.
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
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/kinds/arrows"
	"github.com/puzzlesat/puzzlesat/kinds/juosan"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/linjat"
	"github.com/puzzlesat/puzzlesat/kinds/shift"
	"github.com/puzzlesat/puzzlesat/kinds/shinro"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Registry is a set of kinds, in order: the value every front end is
// handed (as an analysis driver is handed its analyzers), built once by
// New, checked, and read only after. A binary's main builds it
// (Default); a test builds its own, with kinds of its own (toykind).
type Registry struct {
	all []*kind.Kind
}

// New returns the registry of ks, in that order, after Validate: names
// unique, docs present, functions set, and no flag name declared by two
// kinds in two ways (one command line takes the flags of every kind).
func New(ks ...*kind.Kind) (*Registry, error) {
	r := &Registry{all: slices.Clip(ks)}
	if err := r.validate(); err != nil {
		return nil, err
	}
	return r, nil
}

// With is a registry of r's kinds with ks added, each in place of the
// kind of its name when r has one, for a test that brings a kind of its
// own or a changed one.
func (r *Registry) With(ks ...*kind.Kind) (*Registry, error) {
	all := slices.Clone(r.all)
	for _, k := range ks {
		if i := slices.IndexFunc(all, func(x *kind.Kind) bool { return x.Name == k.Name }); i >= 0 {
			all[i] = k
		} else {
			all = append(all, k)
		}
	}
	return New(all...)
}

var (
	defaultOnce sync.Once
	defaultReg  *Registry
)

// Default is puzzlesat's registry, built on first use: a new kind is its
// folder and one line here.
func Default() *Registry {
	defaultOnce.Do(func() {
		r, err := New(juosan.Kind, shinro.Kind, arrows.Kind, linjat.Kind, shift.Kind)
		if err != nil {
			panic(err) // a kind of puzzlesat's is broken: no binary can run
		}
		defaultReg = r
	})
	return defaultReg
}

// All returns every kind, grid or moves, in the registry's order.
func (r *Registry) All() []*kind.Kind { return slices.Clone(r.all) }

// Flags returns the flags the kinds declare (Kind.Flags), each once, in
// the order of the list.
func (r *Registry) Flags() []kind.Flag {
	return r.flagsOf(func(k *kind.Kind) []kind.Flag { return k.Flags })
}

// flagsOf is the flags of every kind (of), each name once, in the order of
// the list.
func (r *Registry) flagsOf(of func(*kind.Kind) []kind.Flag) []kind.Flag {
	var out []kind.Flag
	for _, k := range r.all {
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
func (r *Registry) GenFlags() []kind.Flag {
	return r.flagsOf(func(k *kind.Kind) []kind.Flag {
		if k.Generate == nil {
			return nil
		}
		return k.Generate.Flags
	})
}

// CheckOptions refuses a value a kind's flag does not take.
func (r *Registry) CheckOptions(o kind.Options) error {
	for _, f := range r.Flags() {
		if err := f.Check(o.Flag(f.Name)); err != nil {
			return err
		}
	}
	return nil
}

// Moves returns the kinds of puzzles played by moves (Kind.Moves), sorted
// by name.
func (r *Registry) Moves() []*kind.Kind {
	var out []*kind.Kind
	for _, k := range r.all {
		if !k.Grid() {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// MovesKind returns the kind called name when it is played by moves
// (kind.Kind.Moves: shift puzzles), else nil.
func (r *Registry) MovesKind(name string) *kind.Kind {
	if k, err := r.Find(name); err == nil && !k.Grid() {
		return k
	}
	return nil
}

// MustFind is Find for code that means one kind in particular (a test of
// it): the kind called name, or a panic.
func (r *Registry) MustFind(name string) *kind.Kind {
	k, err := r.Find(name)
	if err != nil {
		panic(err)
	}
	return k
}

// Find returns the kind called name, grid or moves.
func (r *Registry) Find(name string) (*kind.Kind, error) { return find(name, r.all) }

// find returns the kind of among called name, or an error naming those
// there are.
func find(name string, among []*kind.Kind) (*kind.Kind, error) {
	for _, k := range among {
		if k.Name == name {
			return k, nil
		}
	}
	return nil, fmt.Errorf("unknown kind %q (have %s)", name, strings.Join(sortedNames(among), ", "))
}

// DetectMoves returns the kind of puzzle played by moves whose own format
// data is written in, or nil.
func (r *Registry) DetectMoves(name string, data []byte) *kind.Kind {
	for _, k := range r.all {
		if !k.Grid() && k.Moves.Detect(name, data) {
			return k
		}
	}
	return nil
}

// List returns the grid kinds (the puzzle commands' kinds: check, solve,
// grade and the rest) sorted by name; Moves the others.
func (r *Registry) List() []*kind.Kind {
	var out []*kind.Kind
	for _, k := range r.all {
		if k.Grid() {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the grid kind called name (Find finds any kind).
func (r *Registry) Lookup(name string) (*kind.Kind, error) { return find(name, r.List()) }

// Names returns the grid kinds' names, sorted.
func (r *Registry) Names() []string { return sortedNames(r.List()) }

// sortedNames returns the names of ks, sorted.
func sortedNames(ks []*kind.Kind) []string {
	var ns []string
	for _, k := range ks {
		ns = append(ns, k.Name)
	}
	sort.Strings(ns)
	return ns
}

// Detect returns the kind of data, or an error naming the candidates.
func (r *Registry) Detect(name string, data []byte) (*kind.Kind, error) {
	return r.DetectHead(name, data, true)
}

// DetectHead is Detect of an input from its head, its first bytes (up to
// puzzle.DetectWindow, whole lines): whole says the head is all of it. A
// kind that tells its formats from their content answers; when none
// does, a file whose name ends as a kind's own (Kind.Exts) is that kind's,
// so that its reader says what is wrong with it. Input no kind takes is
// an error at the first byte that shows it: binary data, broken JSON, or
// text no kind reads.
func (r *Registry) DetectHead(name string, head []byte, whole bool) (*kind.Kind, error) {
	var hits []*kind.Kind
	for _, k := range r.all {
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
		if k := r.ByExt(name); k != nil {
			return k, nil
		}
		if err := notText(name, data); err != nil {
			return nil, err
		}
		if err := brokenJSON(name, data, whole); err != nil {
			return nil, err
		}
		return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("cannot tell the puzzle kind; give --kind (%s)", strings.Join(r.Names(), ", "))}
	}
	var ns []string
	for _, k := range hits {
		ns = append(ns, k.Name)
	}
	return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("input could be any of %s; give --kind", strings.Join(ns, ", "))}
}

// ByExt is the grid kind whose own files (Kind.Exts) are named as name
// ends, or nil.
func (r *Registry) ByExt(name string) *kind.Kind {
	ext := strings.ToLower(filepath.Ext(name))
	for _, k := range r.all {
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

// validate checks the registry: names unique and non-empty, docs present,
// functions set, flags declared one way (sameFlags).
func (r *Registry) validate() error {
	seen := map[string]bool{}
	for _, k := range r.all {
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
	return r.sameFlags()
}

// sameFlags refuses a flag name two kinds declare differently (usage,
// default, values or labels), their own flags and their generation flags
// alike: the command line and the playground take one flag of a name for
// every kind, so the kinds must mean one thing by it.
func (r *Registry) sameFlags() error {
	type decl struct {
		kind string
		flag kind.Flag
	}
	var seen []decl
	for _, k := range r.all {
		fs := k.Flags
		if k.Generate != nil {
			fs = append(slices.Clip(fs), k.Generate.Flags...)
		}
		for _, f := range fs {
			i := slices.IndexFunc(seen, func(d decl) bool { return d.flag.Name == f.Name })
			switch {
			case f.Name == "":
				return fmt.Errorf("kinds: %s declares a flag with no name", k.Name)
			case i < 0:
				seen = append(seen, decl{k.Name, f})
			case !sameFlag(seen[i].flag, f):
				return fmt.Errorf("kinds: %s and %s declare the flag --%s differently", seen[i].kind, k.Name, f.Name)
			}
		}
	}
	return nil
}

// sameFlag says whether a and b are one flag declared twice.
func sameFlag(a, b kind.Flag) bool {
	return a.Name == b.Name && a.Usage == b.Usage && a.Default == b.Default && a.Label == b.Label &&
		slices.Equal(a.Values, b.Values) && slices.Equal(a.Labels, b.Labels)
}
