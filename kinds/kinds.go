// Package kinds joins each puzzle kind's model (puzzle/<kind>), encoder
// (encode/<kind>) and human rules (human/<kind>) behind one Instance
// interface, and lists the kinds explicitly. The puzzle commands, the SAT
// pipeline (package solve) and the cross-check (package crosscheck) see
// puzzles only through this package.
//
//	parse ──► model ──┬─► encode ─► CNF ─► sat back-end ─► decode ─► Verify
//	                  └─► human rules ─► engine ─► grade
//	                                   └─► crosscheck: every step SAT-certified
package kinds

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"unicode"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Options are the per-run choices that change a kind's meaning or encoding.
type Options struct {
	// Rule is a kind-specific rule variant (Juosan: "either" or "majority").
	Rule string
	// Card names the cardinality encoding (encode/card); "" is the default.
	Card string
	// Rules is a rules file for kinds whose human rules are data (Arrows).
	Rules string
}

// Kind is one puzzle kind: metadata plus functions, like analysis.Analyzer.
type Kind struct {
	Name string
	Doc  string
	// Formats names the input formats Parse reads, for help texts.
	Formats []string
	// Detect reports whether data (from a file called name) is this kind.
	Detect func(name string, data []byte) bool
	// Parse reads every puzzle in data; a file may hold many. Errors are
	// positioned (*srcpos.Error or srcpos.ErrorList).
	Parse func(name string, data []byte, opt Options) ([]Instance, error)
	// Outputs names the formats Instance.Format writes; the first is the
	// canonical one.
	Outputs []string
	// Select reads the one puzzle of data that sel picks (FILE#SEL on
	// the command line) by the rule every kind shares: #N is the file's
	// N-th entry, counting malformed ones, and any other SEL a name or
	// one of the kind's aliases for it (puzzle.Selection has the rule in
	// full). It reads as little of data as the format allows: the JSON
	// formats stop at the selected entry.
	Select func(name string, data []byte, opt Options, sel string) (Instance, error)
	// Each gives the puzzles Parse reads to yield one at a time, in file
	// order, building each only when its turn comes where the format
	// allows (its puzzle.Format.Each), so that a command working through
	// a file of many puzzles holds one of them: a puzzle, or a malformed
	// entry's positioned errors (with a nil Instance). It stops when yield
	// returns false, and returns what Parse returns with no puzzles (a
	// fault of the input itself).
	Each func(name string, data []byte, opt Options, yield func(Instance, error) bool) error
	// Generate, when set, is how package generate makes new puzzles of
	// this kind (kinds/generate.go).
	Generate *Generation
	// Random, when set, draws a rows×cols puzzle with random clues,
	// unique or not, carrying its planted solution when it has one
	// (kinds/random.go). The same rng state gives the same puzzle.
	Random func(rng *rand.Rand, rows, cols int, opt Options) (Instance, error)
}

// RouteReporter is implemented by instances whose kind has rules that
// assume uniqueness ("cheats", Linjat): Route says whether the sound rules
// reach the answer ("sound"), only the cheats do ("cheat"), or neither
// ("unsolved"). check reports it and flags cheat-only puzzles.
type RouteReporter interface {
	Route(ctx context.Context) (string, error)
}

// Instance is one parsed puzzle of some kind.
type Instance interface {
	puzzle.Problem
	// Encode writes the puzzle's constraints through b and returns the
	// literals of its unknowns. Primary variables are exactly the layout's.
	Encode(b *encode.Builder) (encode.Layout, error)
	// Verify names every rule an assignment breaks (nil when solved).
	// On a partial one (a player's board) each -1 entry is named once,
	// and a rule among the other cells only when no filling of the -1
	// entries could meet it, so what else is named is already wrong.
	Verify(a puzzle.Assignment) []puzzle.Violation
	// Draw renders an assignment as text rows; -1 entries are drawn as
	// unknown. A nil assignment draws the puzzle itself.
	Draw(a puzzle.Assignment) []string
	// Format writes the puzzle in one of the kind's Outputs.
	Format(format string) (string, error)
	// Solution is the solution the input carried, or nil.
	Solution() puzzle.Assignment
	// Head is the puzzle's header: its name, the solution its input
	// carried, and its entry number in that input (what FILE#N selects).
	Head() *puzzle.Header
	// ParseSolution reads a solution for this puzzle in the kind's formats.
	ParseSolution(name string, data []byte) (puzzle.Assignment, error)
	// Human returns what the human solver needs for this puzzle.
	Human() (*HumanSetup, error)
}

// HumanSetup is an instance's input to the human engine.
type HumanSetup struct {
	// Rules are the kind's rules, its trial rules (proofs by
	// contradiction) included.
	Rules []*human.Rule
	// Input is passed to the rules as human.Pass.Puzzle.
	Input any
	// Start are the starting candidates (givens already applied); nil means
	// every value of every unknown's domain.
	Start []human.Cands
	// Weights overrides the engine's default score weights when non-nil.
	Weights *human.Weights
	// Metrics, when set, computes the kind's own difficulty metrics from a
	// finished solve (Shinro: the paper's m and a), reported beside the
	// engine's.
	Metrics func(*human.Result) map[string]any
}

// StartCands returns s.Start, or full domains for p when it is nil.
func (s *HumanSetup) StartCands(p puzzle.Problem) []human.Cands {
	if s.Start != nil {
		return append([]human.Cands(nil), s.Start...)
	}
	vars := p.Vars()
	out := make([]human.Cands, len(vars))
	for i, v := range vars {
		out[i] = human.Cands(1)<<uint(len(v.Domain)) - 1
	}
	return out
}

// all lists the kinds explicitly; Validate checks it.
var all = []*Kind{Juosan, Shinro, Arrows, Linjat}

// List returns the kinds sorted by name.
func List() []*Kind {
	out := append([]*Kind(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the kind called name.
func Lookup(name string) (*Kind, error) {
	for _, k := range all {
		if k.Name == name {
			return k, nil
		}
	}
	return nil, fmt.Errorf("unknown kind %q (have %s)", name, strings.Join(Names(), ", "))
}

// Names returns the kind names, sorted.
func Names() []string {
	var ns []string
	for _, k := range List() {
		ns = append(ns, k.Name)
	}
	return ns
}

// Detect returns the kind of data, or an error naming the candidates.
func Detect(name string, data []byte) (*Kind, error) {
	var hits []*Kind
	for _, k := range all {
		if k.Detect(name, data) {
			hits = append(hits, k)
		}
	}
	// Detection reads the start of the input: errors point there.
	line, col := firstText(srcpos.TrimBOM(data))
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		msg := fmt.Sprintf("cannot tell the puzzle kind; give --kind (%s)", strings.Join(Names(), ", "))
		if line == 0 {
			line, col, msg = 1, 1, "empty input: no puzzle"
		}
		return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: msg}
	}
	var ns []string
	for _, k := range hits {
		ns = append(ns, k.Name)
	}
	return nil, &srcpos.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("input could be any of %s; give --kind", strings.Join(ns, ", "))}
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
		case k.Detect == nil || k.Parse == nil || k.Select == nil:
			return fmt.Errorf("kinds: %s lacks Detect, Parse or Select", k.Name)
		case len(k.Outputs) == 0:
			return fmt.Errorf("kinds: %s has no output format", k.Name)
		case k.Generate != nil:
			if err := k.Generate.validate(); err != nil {
				return fmt.Errorf("kinds: %s: %v", k.Name, err)
			}
		}
		seen[k.Name] = true
	}
	return nil
}

// readerDocs lists, for help texts, the formats fs reads: each one's Doc
// ("playshinro JSON"), or its Name when it has none. --to takes the Name.
func readerDocs[P any](fs puzzle.Formats[P]) []string {
	var out []string
	for _, f := range fs {
		switch {
		case f.Parse == nil:
		case f.Doc != "":
			out = append(out, f.Doc)
		default:
			out = append(out, f.Name)
		}
	}
	return out
}
