package kinds

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Generation is what package generate needs of a kind to make new puzzles
// of it (the pipeline is in generate's package doc): the default size, the
// difficulty bands, and the kind's part of an attempt, a Draft. Kinds
// without it (Kind.Generate nil) are not generated.
type Generation struct {
	// Rows and Cols are the size made when none is asked for.
	Rows, Cols int
	// Easy and Medium are the bands' ranges of the highest rule level of
	// a solve without trials. A hard puzzle needs trials, for every kind.
	Easy, Medium Levels
	// Check, when set, rejects options this kind cannot generate.
	Check func(GenOptions) error
	// Start plants a random solution and clues it satisfies; it returns
	// nil (and no error) when this attempt found none.
	Start func(ctx context.Context, rng *rand.Rand, opt GenOptions) (Draft, error)
}

// Levels is a range of rule levels, both ends included.
type Levels struct{ Lo, Hi int }

// GenOptions are the choices a Generation sees.
type GenOptions struct {
	// Rows and Cols are the size (the defaults already applied).
	Rows, Cols int
	// Name is the new puzzle's name.
	Name string
	// Stones is the Shinro stone count (0: 3/16 of the cells).
	Stones int
	// Kind are the options the puzzle is parsed back with (Juosan reading,
	// Arrows rules file).
	Kind Options
}

// Draft is a puzzle under construction with its intended solution.
type Draft interface {
	// Text is the canonical text, with the solution block when withSol.
	Text(withSol bool) string
	// Intended is the planted solution as an assignment of the parsed
	// instance's unknowns.
	Intended() puzzle.Assignment
	// Exclude returns a draft with one more clue that the intended
	// solution satisfies and others[0] breaks, preferring clues that break
	// more of others; nil when it finds none.
	Exclude(rng *rand.Rand, others []puzzle.Assignment) (Draft, error)
	// Clues lists the removable clues by stable ids.
	Clues() []int
	// Without returns the draft with clue id removed.
	Without(id int) (Draft, error)
}

// The kinds' generation (levels: see each kind's rules; the bands are
// tabled in generate's package doc).
var (
	// Juosan levels: 1 pair, 2 gap, 3 territory-count, 4 territory-runs,
	// 5 territory-pairs.
	juosanGeneration = &Generation{Rows: 8, Cols: 8, Easy: Levels{0, 4}, Medium: Levels{5, 5}, Start: startJuosan}
	// Shinro levels: 1 fill/clear/arrow-single, 2 arrow-line/pairs,
	// 3 path-count/impossible, 4 pigeonhole.
	shinroGeneration = &Generation{Rows: 8, Cols: 8, Easy: Levels{0, 1}, Medium: Levels{2, 4}, Check: checkShinro, Start: startShinro}
	// Arrows levels are the rules file's; medium is everything above easy.
	arrowsGeneration = &Generation{Rows: 6, Cols: 6, Easy: Levels{0, 2}, Medium: Levels{3, 1 << 30}, Start: startArrows}
)

// validate checks a kind's generation metadata (for Validate).
func (g *Generation) validate() error {
	switch {
	case g.Start == nil:
		return fmt.Errorf("generation has no Start")
	case g.Rows < 2 || g.Cols < 2:
		return fmt.Errorf("generation's default size %dx%d is below 2x2", g.Rows, g.Cols)
	case g.Easy.Lo > g.Easy.Hi || g.Medium.Lo > g.Medium.Hi || g.Easy.Hi >= g.Medium.Lo:
		return fmt.Errorf("generation's bands overlap or are empty: easy %v, medium %v", g.Easy, g.Medium)
	}
	return nil
}

// checkShinro rejects more stones than cells.
func checkShinro(opt GenOptions) error {
	if opt.Stones > opt.Rows*opt.Cols {
		return fmt.Errorf("%d stones do not fit %dx%d", opt.Stones, opt.Rows, opt.Cols)
	}
	return nil
}

// genInternal marks an error that means a bug in a kind's generation.
func genInternal(err error) error { return fmt.Errorf("generate: internal error: %w", err) }

// best picks, among candidates, one that breaks the most of the others
// (each candidate breaks others[0]); ties go to rng.
func best[T any](rng *rand.Rand, cands []T, breaks func(T) int) T {
	var top []T
	hi := -1
	for _, c := range cands {
		switch n := breaks(c); {
		case n > hi:
			hi, top = n, []T{c}
		case n == hi:
			top = append(top, c)
		}
	}
	return top[rng.IntN(len(top))]
}
