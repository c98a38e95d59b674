package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/solve"
)

// Set is one instance set of one kind, benchmarked under every encoding
// choice of its axis on every back-end.
type Set struct {
	// Kind is a kinds name, or "shift".
	Kind string
	// Name names the set within its kind ("janko", "expert", "quick").
	Name string
	// Axis is the encoding choice varied: "card" (encode/card, the
	// cardinality encoding) or "shift" (kinds/shift/cnf).
	Axis string
	// Encodings are the choices measured, by name; "native" is measured
	// only on back-ends with native cardinality constraints.
	Encodings []string
	Items     []Item
}

// Item is one instance of a set.
type Item struct {
	Name string
	Size string // "RxC"
	// Prepare readies the instance for encoding enc (parsing is not part
	// of what is measured) and returns the check.
	Prepare func(enc string) (Checker, error)
}

// Checker does the measured work once with solvers from f: it encodes the
// instance and answers the set's question (uniqueness for puzzles, the
// optimum for shift puzzles).
type Checker func(ctx context.Context, f sat.Factory) (Measure, error)

// Measure is what one check found besides its time: the encoding's size,
// the back-end's effort, and the answer, which every encoding and back-end
// must agree on.
type Measure struct {
	Vars, Clauses int
	Stats         sat.Stats
	Answer        string
}

// PuzzleItem is the item that checks a puzzle's uniqueness, as `check`
// does: encode the instance parse returns for a cardinality encoding into
// a fresh solver, find two solutions or prove there is one, and verify the
// solutions found. Vars and Clauses are the encoding's, before any
// blocking clause; a native cardinality constraint (gophersat's) counts as
// one clause.
func PuzzleItem(name, size string, parse func(card string) (kinds.Instance, error)) Item {
	return Item{Name: name, Size: size, Prepare: func(enc string) (Checker, error) {
		inst, err := parse(enc)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, f sat.Factory) (Measure, error) { return checkUnique(ctx, inst, f) }, nil
	}}
}

// checkUnique is the work of `check` on inst.
func checkUnique(ctx context.Context, inst kinds.Instance, f sat.Factory) (Measure, error) {
	e, err := solve.Encode(ctx, inst, f)
	if err != nil {
		return Measure{}, err
	}
	m := Measure{Vars: e.Solver.NumVars(), Clauses: e.Builder.Clauses()}
	if g, ok := e.Solver.(*gophersat.Solver); ok {
		m.Clauses += len(g.Cards())
	}
	u, err := sat.Unique(ctx, e.Solver, e.Primary())
	if err != nil {
		return m, err
	}
	for _, model := range [][]bool{u.First, u.Second} {
		if model != nil {
			if _, err := e.Decode(model); err != nil {
				return m, err
			}
		}
	}
	m.Stats = sat.StatsOf(e.Solver)
	m.Answer = u.Status.String()
	return m, nil
}

// ShiftItem is the item that finds a shift puzzle's optimum by deepening,
// one part at a time (so that the effort is deterministic). Vars and
// Clauses are the encoding's at the last depth; the effort is summed over
// every solver the run made.
func ShiftItem(name string, k *kinds.Kind, p kind.MovesPuzzle, maxSteps int) Item {
	layout := p.Layout()
	size := fmt.Sprintf("%dx%d", len(layout), len(layout[0]))
	return Item{Name: name, Size: size, Prepare: func(enc string) (Checker, error) {
		if !slices.Contains(k.Moves.Encodings, enc) {
			return nil, fmt.Errorf("unknown %s encoding %q (have %s)", k.Name, enc, strings.Join(k.Moves.Encodings, ", "))
		}
		return func(ctx context.Context, f sat.Factory) (Measure, error) { return optimum(ctx, k, p, enc, maxSteps, f) }, nil
	}}
}

// optimum is the work of `shift solve --method sat` on p, one part at a
// time.
func optimum(ctx context.Context, k *kinds.Kind, p kind.MovesPuzzle, enc string, maxSteps int, f sat.Factory) (Measure, error) {
	tally := sat.NewTally(f)
	res, err := k.Moves.Shortest(ctx, p, kind.ShortestOptions{Method: kind.MethodSAT, Encoding: enc, MaxSteps: maxSteps, NewSolver: tally.Factory(), Jobs: 1})
	if err != nil {
		return Measure{}, err
	}
	var m Measure
	if n := len(res.Depths); n > 0 {
		m.Vars, m.Clauses = res.Depths[n-1].Vars, res.Depths[n-1].Clauses
	}
	m.Stats = tally.Stats()
	m.Answer = string(res.Status)
	if res.Status == kind.Optimal {
		m.Answer = fmt.Sprintf("optimal %d moves", len(res.Moves))
	}
	return m, nil
}

// cardEncodings are the cardinality encodings a puzzle set is measured
// under: every one (native only where the back-end has it).
func cardEncodings() []string { return card.Names() }

// quickPicks are the puzzles of the quick sets, by kind: a fixed small
// subset of the corpus, for CI.
var quickPicks = map[string][]string{
	"juosan": {"6x6_1", "10x10_1", "12x12_1"},
	"shinro": {"playshinro 1", "playshinro 4", "playshinro 7"},
	"arrows": {"2026-02-02", "2026-01-24"},
	"linjat": {"easy/1", "medium/1", "hard/1", "expert/1"},
}

// Sets returns the benchmark's instance sets from the corpus under root
// (the repository's testdata folder). The full run: Juosan's janko puzzles
// and two generated 30×45 ones, the playshinro set, the Arrows folders,
// the Linjat levels by difficulty, and Loopover scrambles for the shift
// encodings. quick: one set per kind of a few fixed small puzzles (the
// picks above) and two small Loopover scrambles, for CI.
func Sets(root string, quick bool) ([]Set, error) {
	cases, err := Corpus(root)
	if err != nil {
		return nil, err
	}
	var sets []Set
	index := map[[2]string]int{}
	add := func(kind, set string, it Item) {
		k := [2]string{kind, set}
		i, ok := index[k]
		if !ok {
			i = len(sets)
			index[k] = i
			sets = append(sets, Set{Kind: kind, Name: set, Axis: "card", Encodings: cardEncodings()})
		}
		sets[i].Items = append(sets[i].Items, it)
	}
	for _, c := range cases {
		name := itemName(c)
		set := setOf(c.Kind, name)
		if set == "" {
			continue
		}
		if quick {
			if !slices.Contains(quickPicks[c.Kind], c.Inst.Name()) && !slices.Contains(quickPicks[c.Kind], name) {
				continue
			}
			set = "quick"
		}
		add(c.Kind, set, PuzzleItem(name, c.Size, func(enc string) (kinds.Instance, error) {
			return c.parse(kinds.Options{Card: enc})
		}))
	}
	if quick {
		for kind, picks := range quickPicks {
			if i, ok := index[[2]string{kind, "quick"}]; !ok || len(sets[i].Items) != len(picks) {
				return nil, fmt.Errorf("bench: the quick %s set should hold %v; the corpus under %s lacks some", kind, picks, root)
			}
		}
	}
	sh, err := shiftSet(quick)
	if err != nil {
		return nil, err
	}
	sets = append(sets, sh)
	sort.SliceStable(sets, func(i, j int) bool { return sets[i].Kind < sets[j].Kind })
	return sets, nil
}

// itemName is a case's name within its set: the file's or folder's name,
// or the puzzle's number in a playshinro file.
func itemName(c Case) string {
	if c.Kind == "shinro" {
		return strings.TrimPrefix(c.Inst.Name(), "playshinro ")
	}
	return c.Name
}

// setOf is the set a corpus case belongs to ("" for none: Linjat's
// tutorial levels are too small to measure anything).
func setOf(kind, name string) string {
	switch kind {
	case "juosan":
		if strings.HasPrefix(name, "random") {
			return "big"
		}
		return "janko"
	case "shinro":
		return "playshinro"
	case "arrows":
		return "vanhavel"
	case "linjat":
		level, _, _ := strings.Cut(name, "/")
		if level == "tutorial" {
			return ""
		}
		return level
	}
	return kind
}

// shiftSet is the shift encodings' set: Loopover scrambles drawn from
// fixed seeds (3×3 for the full run, 2×3 for the quick one).
func shiftSet(quick bool) (Set, error) {
	rows, cols, n, moves := 3, 3, 6, 7
	name := "loopover3x3"
	if quick {
		rows, cols, n, moves = 2, 3, 2, 5
		name = "quick"
	}
	k, err := kinds.Find("shift")
	if err != nil {
		return Set{}, err
	}
	lo, err := k.Moves.Builtin(fmt.Sprintf("loopover:%dx%d", rows, cols))
	if err != nil {
		return Set{}, err
	}
	set := Set{Kind: k.Name, Name: name, Axis: "shift", Encodings: k.Moves.Encodings}
	for i := range n {
		p, _, err := k.Moves.Scramble(lo, moves, rand.New(rand.NewPCG(uint64(100+i), 0xbe4c)))
		if err != nil {
			return Set{}, err
		}
		set.Items = append(set.Items, ShiftItem(fmt.Sprintf("scramble-%d", i+1), k, p, 3*moves))
	}
	return set, nil
}

// Result is one benchmark: an instance set under one encoding on one
// back-end (Instance empty, every figure summed over the set), or one
// instance of it. Counters a back-end does not keep are -1
// (sat.NotCounted).
type Result struct {
	Kind     string `json:"kind"`
	Set      string `json:"set"`
	Axis     string `json:"axis"`
	Encoding string `json:"encoding"`
	Solver   string `json:"solver"`
	Instance string `json:"instance,omitempty"`
	Size     string `json:"size,omitempty"`
	// N is the number of instances.
	N       int   `json:"n"`
	Vars    int64 `json:"vars"`
	Clauses int64 `json:"clauses"`
	sat.Stats
	Answer string `json:"answer,omitempty"`
	// Times are the wall times of the repeats (a set's: summed over its
	// instances repeat by repeat), Median their median.
	Times    []time.Duration `json:"-"`
	TimesMS  []float64       `json:"times_ms"`
	Median   time.Duration   `json:"-"`
	MedianMS float64         `json:"median_ms"`
	// Varied: the counters differed between repeats (they should not:
	// the first repeat's are reported).
	Varied bool `json:"counters_varied,omitempty"`
}

// Report is a benchmark run.
type Report struct {
	Solvers []string `json:"solvers"`
	Reps    int      `json:"reps"`
	Quick   bool     `json:"quick"`
	// Sets are the instance sets' results, Instances the instances'.
	Sets      []Result `json:"sets"`
	Instances []Result `json:"instances"`
	// Startup are the whole-process runs of the puzzlesat binary (the
	// quick run's, when the binary is beside the bench command's).
	Startup []StartupResult `json:"startup,omitempty"`
}

// RunOptions tune Run.
type RunOptions struct {
	// Reps is the number of repeats of every check (≥ 1); the time
	// reported is their median.
	Reps int
	// Quick marks the report as a quick run.
	Quick bool
	// Progress, when set, is called after every check with the number
	// done and the total.
	Progress func(done, total int)
}

// Run checks every item of every set under every encoding with every
// back-end (sat/solvers names, each resolved once), opt.Reps times, one
// check at a time. It fails when two checks of one item disagree on the
// answer.
func Run(ctx context.Context, sets []Set, solverNames []string, opt RunOptions) (*Report, error) {
	reps := max(opt.Reps, 1)
	type backend struct {
		name   string
		f      sat.Factory
		native bool
	}
	var bes []backend
	for _, name := range solverNames {
		f, err := solvers.Factory(name)
		if err != nil {
			return nil, err
		}
		s, err := f()
		if err != nil {
			return nil, err
		}
		bes = append(bes, backend{name: name, f: f, native: s.Capabilities().NativeCard})
	}
	uses := func(s Set, enc string, be backend) bool {
		return s.Axis != "card" || enc != card.Native.Name || be.native
	}
	total, done := 0, 0
	for _, s := range sets {
		for _, enc := range s.Encodings {
			for _, be := range bes {
				if uses(s, enc, be) {
					total += len(s.Items) * reps
				}
			}
		}
	}
	rep := &Report{Solvers: solverNames, Reps: reps, Quick: opt.Quick}
	for _, s := range sets {
		answers := make([]string, len(s.Items))
		for _, enc := range s.Encodings {
			for _, be := range bes {
				if !uses(s, enc, be) {
					continue
				}
				agg := Result{Kind: s.Kind, Set: s.Name, Axis: s.Axis, Encoding: enc, Solver: be.name, N: len(s.Items),
					Times: make([]time.Duration, reps), Stats: sat.Stats{}}
				for i, it := range s.Items {
					r := Result{Kind: s.Kind, Set: s.Name, Axis: s.Axis, Encoding: enc, Solver: be.name, Instance: it.Name, Size: it.Size, N: 1}
					check, err := it.Prepare(enc)
					if err != nil {
						return rep, fmt.Errorf("%s %s/%s, %s %s: %w", s.Kind, s.Name, it.Name, s.Axis, enc, err)
					}
					for k := range reps {
						start := time.Now()
						m, err := check(ctx, be.f)
						d := time.Since(start)
						if err != nil {
							return rep, fmt.Errorf("%s %s/%s, %s %s on %s: %w", s.Kind, s.Name, it.Name, s.Axis, enc, be.name, err)
						}
						if k == 0 {
							r.Vars, r.Clauses, r.Stats, r.Answer = int64(m.Vars), int64(m.Clauses), m.Stats, m.Answer
						} else if m.Stats != r.Stats {
							r.Varied = true
						}
						r.Times = append(r.Times, d)
						agg.Times[k] += d
						done++
						if opt.Progress != nil {
							opt.Progress(done, total)
						}
					}
					switch {
					case answers[i] == "":
						answers[i] = r.Answer
					case answers[i] != r.Answer:
						return rep, fmt.Errorf("%s %s/%s: %s %s on %s answers %q, an earlier check %q", s.Kind, s.Name, it.Name, s.Axis, enc, be.name, r.Answer, answers[i])
					}
					r.finish()
					rep.Instances = append(rep.Instances, r)
					agg.Vars += r.Vars
					agg.Clauses += r.Clauses
					agg.Stats = agg.Stats.Add(r.Stats)
					agg.Varied = agg.Varied || r.Varied
				}
				agg.finish()
				rep.Sets = append(rep.Sets, agg)
			}
		}
	}
	return rep, nil
}

// finish sets the median and the millisecond fields from Times.
func (r *Result) finish() {
	r.TimesMS = make([]float64, len(r.Times))
	for i, d := range r.Times {
		r.TimesMS[i] = millis(d)
	}
	r.Median = median(r.Times)
	r.MedianMS = millis(r.Median)
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
