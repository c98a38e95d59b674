package kind

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/human"
)

// RuleFiles is what a kind whose human rules are data, written in a rules
// file (Japanese Arrows' first-order rule language), offers the rules
// commands: `rules check` reads and type-checks files, `rules audit` solves
// puzzles with a file's rules and certifies every deduction with SAT. The
// commands know no kind: they find the kinds that have RuleFiles in the
// registry.
type RuleFiles struct {
	// Language names the files' language, for help texts.
	Language string
	// Flag is the kind's flag (Kind.Flags) that names a rules file.
	Flag string
	// Parse reads and type-checks a rules file; Default is the kind's own
	// rules.
	Parse   func(name string, data []byte) (RuleSet, error)
	Default func() RuleSet
	// Generate makes a rows×cols puzzle that rules solve, for audits
	// (diagonal: the kind's diagonal variant, where it has one); Layout a
	// random layout with no clue values, whose many solutions show an
	// unsound rule fast. Both give instances read with opt.
	Generate func(ctx context.Context, rng *rand.Rand, rules []*human.Rule, rows, cols int, diagonal bool, opt Options) (Instance, error)
	Layout   func(rng *rand.Rand, rows, cols int, diagonal bool, opt Options) (Instance, error)
	// State draws candidates of inst as text rows, for the state an
	// unsound step was made in.
	State func(inst Instance, cands []human.Cands) []string
}

// RuleSet is one rules file's rules.
type RuleSet interface {
	// Rules are the human rules, less those named.
	Rules(without ...string) ([]*human.Rule, error)
	// Has reports whether the file has a rule called name (the audit drops
	// only the file's own rules, never the engine's consistency checks).
	Has(name string) bool
	// Summary says what the file holds: "12 rules, levels 1..4, trial
	// depth 2".
	Summary() string
}
