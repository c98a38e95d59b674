package kind

import (
	"fmt"
	"io/fs"
)

// Corpus is what a kind brings to the tests and benchmarks that run every
// kind of a registry (the suite every kind passes, bench, the generation
// tests), so that a new kind is covered by adding it, and left out by
// nothing. Paths are globs relative to the corpus root (the repository's
// testdata folder, which internal/testcorpus and bench's --corpus find);
// a glob may end in #SEL to take one puzzle of a file. (A kind whose
// puzzles live in its own folder names them from there:
// "../kinds/<kind>/testdata/...".)
type Corpus struct {
	// Suite are the puzzles the suite every kind passes runs
	// (crosscheck/kindtest), in order.
	Suite []string
	// NotUnique names the puzzles of Suite's files with more than one
	// solution on purpose, which the suite leaves out.
	NotUnique []string
	// Readings are the options the suite runs the puzzles under, each
	// in turn, named (Juosan's two clue readings); none: the defaults
	// once.
	Readings []Reading
	// Bench is what the benchmarks measure of the kind; nil: nothing.
	Bench *Bench
	// Generate are the difficulty bands the generation tests make a
	// few puzzles of, each at a small size.
	Generate []GenCase
	// Labelled are the corpus's sets whose publisher labelled each
	// puzzle's difficulty: what the rating's calibration (answer/rating)
	// fits the kind's grades to.
	Labelled []LabelledSet
	// Sample are a few puzzles of the corpus (FILE or FILE#SEL), unique
	// and not, with and without a solution of their own, that the tests
	// sweeping every kind through every back-end run (crosscheck.Sweep).
	Sample []string
	// Rules is what the kind's human rules are held to on its corpus;
	// nil: nothing beyond the suite.
	Rules *RulesCorpus
	// Drafts are the generation methods whose drafts the tests check
	// (Generation.Start's promises), each in a band at a size (Method
	// "": the default).
	Drafts []GenCase
	// Example names the bundled example (Kind.Examples, by its file's
	// name) the tests of the playground open of the kind first: small,
	// unique and, for a kind that generates, in a band.
	Example string
	// Pictures are the pictures render's golden test draws of the kind,
	// each compared with render's golden file of its name.
	Pictures []Picture
	// BadGenFlags are values of the kind's generation flags that
	// generation refuses before any attempt (Shinro's stones, too many
	// or not a count), each at a size (Rows, Cols: 0 the default).
	BadGenFlags []BadFlag
}

// Picture is a puzzle (File, a corpus path) drawn in a mode ("plain",
// "solution", "second", "backbone" or "hint"; a kind played by moves:
// "plain" or "solution"), whose drawing is render's golden file Name.
type Picture struct {
	Name, File, Mode string
}

// RulesCorpus is what a kind's human rules must do on its corpus.
type RulesCorpus struct {
	// Finish are puzzles (globs, a folder standing for its puzzle) the
	// rules with trials finish under each of Corpus.Readings, and Count
	// how many puzzles they hold (so that a glob matching nothing fails).
	Finish []string
	Count  int
	// Nested are puzzles the default rules finish only with a trial
	// inside a trial, and are stuck on without one.
	Nested []string
	// Reasonless says a terse solve (human.Engine.Terse) writes no
	// reasons: the kind's rules leave them out when told, as Arrows'
	// do, whose sentences cost most.
	Reasonless bool
}

// BadFlag is a value of a flag the kind refuses, at Rows×Cols.
type BadFlag struct {
	Flag, Value string
	Rows, Cols  int
}

// LabelledSet is a set of the corpus's puzzles with published difficulty
// labels.
type LabelledSet struct {
	// Name names the set in the calibration ("playshinro").
	Name string
	// Files are the set's files below testdata/, as globs (a puzzle
	// folder's puzzle file stands for it).
	Files []string
	// Levels are the set's labels, easiest first.
	Levels []string
	// Label is a puzzle's label, one of Levels, and its rank in the set:
	// the label's index, or a finer published grade when the set has one
	// (playshinro's difficulty fraction); ok is false for a puzzle that
	// carries no label.
	Label func(Instance) (level string, rank float64, ok bool)
	// MinRho is the least Spearman ρ of the rating against the set's
	// labels that the calibration's test accepts: a little under what
	// the committed calibration measures (docs/rating.md).
	MinRho float64
}

// LevelRank is the rank of level among levels (its index), for a set
// whose labels are its only grade; ok is false for a level not listed.
func LevelRank(levels []string, level string) (rank float64, ok bool) {
	for i, l := range levels {
		if l == level {
			return float64(i), true
		}
	}
	return 0, false
}

// Reading is a value of one of the kind's flags its puzzles are read
// under, named. (A flag and a value, not Options: a kind's declarations
// are built with no work at start-up.)
type Reading struct {
	Name, Flag, Value string
}

// Options are the options of the reading.
func (r Reading) Options() Options {
	if r.Flag == "" {
		return Options{}
	}
	return Options{}.With(r.Flag, r.Value)
}

// Bench is what the benchmarks measure of a kind: the puzzles of its files
// and of its random builder, grouped into sets.
type Bench struct {
	// Files are the files whose puzzles are measured, in order (a
	// puzzle folder stands for its puzzle file).
	Files []string
	// Random are puzzles the kind's random builder (Kind.Random) draws
	// beside them.
	Random []RandomCase
	// Item names a puzzle within its set from the puzzle's name (nil:
	// the name of its file, or of its folder, or the first word of the
	// puzzle's own name when the file holds several).
	Item func(puzzle string) string
	// Set is the set an item belongs to, "" for none (nil: every item in
	// one set named after the kind).
	Set func(item string) string
	// Quick are the items of the quick run's set (bench --quick): a few
	// small puzzles, named by item or by the puzzle's own name.
	Quick []string
	// Generate are the generation benchmarks' cells beside every band of
	// the kind at its default size: a band at a larger size (Rows, Cols),
	// or one measured before all others (First: the slow ones).
	Generate []GenCell
	// Scrambles are a moves kind's puzzles: scrambles of its built-ins
	// (Moves.Scramble) from fixed seeds, measured under its encodings.
	Scrambles []ScrambleSet
}

// ScrambleSet is a bench set of a moves kind: Count scrambles of the
// built-in Builtin by Moves moves each, drawn from fixed seeds. Quick
// marks the quick run's set (named "quick" there), the others are the
// full run's.
type ScrambleSet struct {
	Set          string
	Builtin      string
	Count, Moves int
	Quick        bool
}

// GenCell is a cell of the generation benchmarks: a band, at Rows×Cols
// (0: the band's default size); First puts it before the others.
type GenCell struct {
	Band       string
	Rows, Cols int
	First      bool
}

// RandomCase is Seeds puzzles of Rows×Cols from the kind's random builder,
// named "randomRxC-SEED" (seeds 1 to Seeds).
type RandomCase struct {
	Rows, Cols, Seeds int
}

// GenCase is a band the generation tests make puzzles of, at Rows×Cols.
// Slow marks a band whose puzzles take minutes, left to the long
// acceptance run.
type GenCase struct {
	Band       string
	Rows, Cols int
	Slow       bool
	// Method names a generation method (Generation.Methods; "": the
	// default), for Corpus.Drafts.
	Method string
}

// SetOf is the bench set of an item of the kind: Bench.Set's, or the
// kind's name.
func (b *Bench) SetOf(kind, item string) string {
	if b.Set == nil {
		return kind
	}
	return b.Set(item)
}

// ExampleFile reads the kind's example for the tests (Corpus.Example) from
// Kind.Examples: its name there and its text; name is "" when the kind
// names none.
func (k *Kind) ExampleFile() (name string, data []byte, err error) {
	if k.Corpus == nil || k.Corpus.Example == "" {
		return "", nil, nil
	}
	name = "examples/" + k.Corpus.Example + ".txt"
	data, err = fs.ReadFile(k.Examples, name)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", k.Name, err)
	}
	return name, data, nil
}
