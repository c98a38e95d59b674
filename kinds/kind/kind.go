// Package kind is what a puzzle kind is to the rest of puzzlesat: the Kind
// metadata and functions (like analysis.Analyzer), the Instance every
// parsed puzzle is, what the human engine and the generator need of a
// kind, and Models, the glue that turns a kind's model package into a
// Kind the same way for every kind. Each kind's folder (kinds/<kind>)
// builds its Kind with it; package kinds lists them.
package kind

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/display"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Options are the per-run choices that change a kind's meaning or encoding.
type Options struct {
	// Card names the cardinality encoding (encode/card); "" is the default.
	Card string
	// Flags are the values of the kinds' own flags (Kind.Flags) by name;
	// a kind reads its own with Flag.
	Flags map[string]string
}

// String names o's choices, the same for the same choices (a map key).
func (o Options) String() string {
	parts := []string{"card=" + o.Card}
	for _, k := range slices.Sorted(maps.Keys(o.Flags)) {
		parts = append(parts, k+"="+o.Flags[k])
	}
	return strings.Join(parts, " ")
}

// Flag is the value of the kinds' flag called name ("" when unset).
func (o Options) Flag(name string) string { return o.Flags[name] }

// With returns o with flag name set to value (o itself is not changed).
func (o Options) With(name, value string) Options {
	flags := make(map[string]string, len(o.Flags)+1)
	for k, v := range o.Flags {
		flags[k] = v
	}
	flags[name] = value
	o.Flags = flags
	return o
}

// Flag is an option a kind declares for itself, the way an
// analysis.Analyzer carries its own flags: every command that reads
// puzzles offers it (the command line as --NAME, the playground's API by
// its name), and the kind reads its value from Options.
type Flag struct {
	Name    string
	Usage   string
	Default string
	// Values, when set, are the values the flag takes; another is
	// refused before any puzzle is read. Only such a flag may be set by a
	// request to the playground (a file is the server's choice).
	Values []string
	// Label is what the playground calls the flag beside its puzzles, and
	// Labels what it calls each of Values, in order ("": Name and the
	// values themselves).
	Label  string
	Labels []string
}

// Check refuses a value the flag does not take ("" takes the default).
func (f Flag) Check(v string) error {
	if v == "" || len(f.Values) == 0 || slices.Contains(f.Values, v) {
		return nil
	}
	return fmt.Errorf("unknown %s %q (want %s)", f.Name, v, strings.Join(f.Values, " or "))
}

// Folder is a kind's puzzle given as a folder: File is the puzzle (which
// the kind's reader may read the others beside), Beside the folder's
// other files that belong to it (its solution), never puzzles of their own.
type Folder struct {
	File   string
	Beside []string
}

// Kind is one puzzle kind: metadata plus functions, like analysis.Analyzer.
type Kind struct {
	Name string
	Doc  string
	// Exts are the endings of the names of the kind's own files
	// (".juosan", ".in"): such a file is this kind's puzzle, read as
	// this kind when no kind tells it from its content (so that its
	// reader says what is wrong with it), and a folder walk never passes
	// over it.
	Exts []string
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
	// FormatOf names the format data (from a file called name) is in when
	// the kind also writes it, so that an edited puzzle is written back
	// as it came (minimize, repair); "" when it writes none such.
	FormatOf func(name string, data []byte) string
	// Select reads the one puzzle of data that sel picks (FILE#SEL on
	// the command line) by the rule every kind shares: #N is the file's
	// N-th entry, counting malformed ones, and any other SEL a name or
	// one of the kind's aliases for it (puzzle.Selection has the rule in
	// full). It reads as little of data as the format allows: the JSON
	// formats stop at the selected entry.
	Select func(name string, data []byte, opt Options, sel string) (Instance, error)
	// Each gives the puzzles Parse reads to yield one at a time, in file
	// order, reading them from the stream in and building each only when
	// its turn comes where the format allows (its puzzle.Format.Each), so
	// that a command working through a file of many puzzles holds one of
	// them and not the file: a puzzle, or a malformed entry's positioned
	// errors (with a nil Instance). head is in's first bytes (up to
	// puzzle.DetectWindow), peeked, not read: in still gives them; the
	// format is told from it. It stops when yield returns false, and
	// returns a fault of the input itself (what Parse returns with no
	// puzzles) when the stream reaches it, after the puzzles before it.
	Each func(name string, head []byte, in io.Reader, opt Options, yield func(Instance, error) bool) error
	// Examples, when set, holds the kind's bundled examples for the
	// playground: each examples/NAME.txt one puzzle, which the playground
	// lists as KIND-NAME (kinds/examples.md says where each comes from).
	Examples fs.FS
	// Corpus, when set, is the kind's bundled puzzles and what the tests
	// and benchmarks that run every kind do with them.
	Corpus *Corpus
	// Generate, when set, is how package generate makes new puzzles of
	// this kind (kinds/generate.go).
	Generate *Generation
	// Random, when set, draws a rows×cols puzzle with random clues,
	// unique or not, carrying its planted solution when it has one
	// (kinds/random.go). The same rng state gives the same puzzle.
	Random func(rng *rand.Rand, rows, cols int, opt Options) (Instance, error)
	// Flags are the kind's own options (Juosan's clue reading, Arrows'
	// rules file); Options.Flag reads their values.
	Flags []Flag
	// Folder, when set, makes a folder holding its File one puzzle of
	// the kind, read from that file (Arrows' reference folders).
	Folder *Folder
	// RuleFiles, when set, says the kind's human rules are data, in rules
	// files that the rules commands check and audit.
	RuleFiles *RuleFiles
	// Play is how the playground plays and edits the kind's puzzles
	// (kinds/<kind>/play.go); nil: not played there.
	Play *Play
	// Moves, set instead of Detect, Parse, Select, Generate and Random,
	// makes this a kind of puzzle played by moves (shift puzzles).
	Moves *Moves
}

// Grid reports whether k is a grid kind: its puzzles are unknowns to fill
// (read by Parse), not moves to find.
func (k *Kind) Grid() bool { return k.Moves == nil }

// RouteReporter is implemented by instances whose kind has rules that
// assume uniqueness ("cheats", Linjat): Route says whether the sound rules
// reach the answer ("sound"), only the cheats do ("needs-cheat"), or neither
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
	// Display is the puzzle's board as data: its clues, and how each
	// value of each unknown looks, as a value and as a pencil mark.
	Display() *display.Board
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
