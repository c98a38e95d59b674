package answer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// The verdicts of an entry beyond Check's statuses (Unique, Multiple,
// Unsolvable, Timeout): a puzzle that could not be asked, and a puzzle
// played by moves's two settled answers.
const (
	Malformed  = "malformed"                   // no question could be asked of it
	Optimal    = string(kind.Optimal)          // the shortest solution is proven
	NoSolution = string(kind.NoSolutionWithin) // every length up to the bound refuted
)

// EntryOptions are how Entry answers.
type EntryOptions struct {
	// Solver makes the SAT solvers (required).
	Solver sat.Factory
	// Certify attaches a checked RUP certificate to every uniqueness
	// verdict: the puzzle's, and each redundant clue's.
	Certify bool
	// PuzzleTimeout bounds each of the entry's results on its own (0:
	// none): SAT's verdict (with its certificate), then the redundant
	// clues or the conflict, each on a budget of its own, so that a slow
	// part never throws away what another proved; a puzzle played by
	// moves's shortest solution. The whole run's deadline is the
	// context's.
	PuzzleTimeout time.Duration
	// GradeTimeout bounds the human grade, which SAT's verdict is sought
	// beside (0: PuzzleTimeout). A grade that runs out is recorded as
	// timed out (Grade.Status Timeout) and SAT's verdict is then sought
	// alone, on its own budget.
	GradeTimeout time.Duration
	// Kind are the kinds' options the puzzle was read with: those of its
	// kind's own flags that differ from their defaults are kept in the
	// record (Flags), so that it reads back the same way.
	Kind kind.Options
	// Kinds are the registry the puzzle's kind's bands are looked up in
	// (required).
	Kinds *kinds.Registry
}

// EntryRecord is everything a collection's entry says of one puzzle
// (the report's record, without its place in the run): the facts SAT and
// the human engine found, and the inputs of its pictures (the puzzle in
// its kind's canonical format, solutions as assignments), so that they
// are drawn from the record alone. Keys are snake_case, positions
// numbered from 1.
type EntryRecord struct {
	// Entry is the puzzle's entry in its file, from 1 (FILE#N), 0 when
	// not known (a malformed entry).
	Entry int    `json:"entry,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Name  string `json:"name,omitempty"`
	Rows  int    `json:"rows,omitempty"`
	Cols  int    `json:"cols,omitempty"`
	// Verdict is unique, multiple, unsolvable, malformed or timeout; of a
	// puzzle played by moves, optimal or no-solution-within (or timeout).
	Verdict string `json:"verdict"`
	// Error says what is wrong with a malformed entry (file:line:col:
	// message), or what else went wrong (a human step SAT refutes, a part
	// of the work cut short by the time limit).
	Error string `json:"error,omitempty"`
	// TimedOut: some of the work (the verdict, the grade, the redundant
	// clues, the conflict) was cut short by the time limit.
	TimedOut bool `json:"timed_out,omitempty"`
	// Grade is the human engine's solve (nil when it did not run).
	Grade *EntryGrade `json:"grade,omitempty"`
	// Clues counts the puzzle's removable clues (kind.Clued).
	Clues int `json:"clues"`
	// Redundant are the clues whose removal alone leaves the puzzle
	// unique, each proven by SAT (unique puzzles; empty: none).
	Redundant []EntryClue `json:"redundant_clues"`
	// Removable are redundant clues that can all go at once, the puzzle
	// staying unique (Minimize among the redundant clues: greedy in
	// reading order, each removal proven by SAT; maximal: no other clue
	// can go with them; not proven the largest such set). Empty when
	// there is no redundant clue; null when not sought (not unique, or
	// cut short).
	Removable []EntryClue `json:"removable_together"`
	// Conflict, for an unsolvable puzzle, is a set of clues that contradict
	// each other with the puzzle's frame (territories, counts, numbers):
	// no clue of it can go with the puzzle staying unsolvable (a
	// deletion-minimal set, proven by SAT). Empty: the frame alone
	// contradicts.
	Conflict []EntryClue `json:"conflict,omitempty"`
	// Differences are the cells where two solutions differ (multiple;
	// empty otherwise, null without a verdict), as check writes them.
	Differences []DiffRecord `json:"differences"`
	// Shortest, for a puzzle played by moves (a shift puzzle), is its
	// shortest solution and the proof that none is shorter, as `shift
	// solve --format json` writes it (without the states, which the
	// pictures replay).
	Shortest *ShortestRecord `json:"shortest,omitempty"`
	// Certificate is the checked RUP certificate of uniqueness (Certify).
	Certificate *EntryCertificate `json:"certificate,omitempty"`
	// Ms is the time spent on the puzzle.
	Ms float64 `json:"ms"`

	// Puzzle is the puzzle in its kind's canonical format, Flags the
	// kind's own options it was read with that differ from their defaults
	// (Juosan's reading).
	Puzzle string            `json:"puzzle,omitempty"`
	Flags  map[string]string `json:"flags,omitempty"`
	// Solution is the (first) solution, Second another one (multiple),
	// as value indexes of the puzzle's unknowns: check's (the API's)
	// "values" and "second_values".
	Solution puzzle.Assignment `json:"values,omitempty"`
	Second   puzzle.Assignment `json:"second_values,omitempty"`
}

// EntryClue is a removable clue (kind.Clue): its id, cell and label, and,
// for a redundant clue with Certify, the size of the checked certificate
// that the puzzle without it has no second solution.
type EntryClue struct {
	kind.Clue
	Lemmas int `json:"certificate_lemmas,omitempty"`
}

// EntryGrade is the human engine's solve of the puzzle, tabulated.
type EntryGrade struct {
	// Status is solved, stuck or contradiction; timeout when the grade's
	// own budget (EntryOptions.GradeTimeout) ran out after TimedOutAfter
	// seconds, the verdict standing beside it.
	Status        string  `json:"status"`
	TimedOutAfter float64 `json:"timed_out_after_s,omitempty"`
	// Band is the easiest of the kind's generation bands the solve lands
	// in (kind.Band.In), "" when none.
	Band string `json:"band,omitempty"`
	// Rating is the difficulty in stars, 1..10 on the scale every kind
	// shares (answer/rating); 0 (no key) when unrated.
	Rating int     `json:"rating,omitempty"`
	Score  float64 `json:"score"`
	// MaxLevel is the highest level of a plain rule's step (trials left
	// out: the score's and the bands' measure).
	MaxLevel int `json:"max_level"`
	// Hardest is the hardest rule the solve used, trial rules included,
	// HardestLevel its level (0 in records of before it: MaxLevel).
	Hardest      string `json:"hardest_rule,omitempty"`
	HardestLevel int    `json:"hardest_level,omitempty"`
	// StuckAfter, for a stuck solve, is the hardest rule the engine tried
	// on the state it stopped at, StuckLevel its level: no rule up to it
	// made progress there.
	StuckAfter string `json:"stuck_after,omitempty"`
	StuckLevel int    `json:"stuck_level,omitempty"`
	TrialDepth int    `json:"trial_depth"`
	Steps      int    `json:"steps"`
	Layers     int    `json:"layers"`
	// Rules are the rules the solve used, by level then name.
	Rules []RuleUse `json:"rules"`
}

// HardestNote says which rule was the hardest, trials included, and of a
// stuck solve the hardest rule tried where it stopped: "trial-3 (level
// 8)", "clear (level 1); stuck: no rule up to trial-3 (level 8) applies".
func (g *EntryGrade) HardestNote() string {
	s := "—"
	if g.Hardest != "" {
		s = fmt.Sprintf("%s (level %d)", g.Hardest, cmp.Or(g.HardestLevel, g.MaxLevel))
	}
	if g.Status == "stuck" && g.StuckAfter != "" {
		stuck := fmt.Sprintf("stuck: no rule up to %s (level %d) applies", g.StuckAfter, g.StuckLevel)
		if g.Hardest == "" {
			return stuck
		}
		s += "; " + stuck
	}
	return s
}

// TimedOut reports whether the grade's own budget ran out.
func (g *EntryGrade) TimedOut() bool { return g != nil && g.Status == Timeout }

// TimeoutNote says that the grade's budget ran out, and after how long:
// "grade: timed out after 2 s".
func (g *EntryGrade) TimeoutNote() string {
	return "grade: timed out after " + strconv.FormatFloat(g.TimedOutAfter, 'g', 3, 64) + " s"
}

// RuleUse is a rule a solve used and how often.
type RuleUse struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
	Steps int    `json:"steps"`
}

// EntryCertificate is a checked RUP certificate that the puzzle has no
// second solution.
type EntryCertificate struct {
	Lemmas  int     `json:"lemmas"`
	Backend string  `json:"backend"`
	Checked bool    `json:"checked"`
	CheckMs float64 `json:"check_ms"`
}

// Entry asks everything a collection's entry says of the loaded puzzle o
// (the report's question): of a grid kind's puzzle, its verdict and the
// human grade beside it (Examine), then its redundant clues and a set of
// them removable together, or, unsolvable, a minimal set of contradicting
// clues; of a puzzle played by moves, its shortest solution and the proof
// that none is shorter (ShortestSolution), by its kind's default method.
// Each part is on its budget (EntryOptions). The record is always whole
// enough to write: what was cut short is said in it (TimedOut, Error).
// An error is a puzzle no question could be asked of (verdict Malformed:
// it cannot be encoded, or its kind refuses it), for the front end to
// name the puzzle in (the record's Error is then empty).
func Entry(ctx context.Context, o *One, opt EntryOptions) (EntryRecord, error) {
	t0 := time.Now()
	var (
		r   EntryRecord
		err error
	)
	if o.Grid != nil {
		r, err = gridEntry(ctx, o.Kind, o.Grid, opt)
	} else {
		r, err = movesEntry(ctx, o.Kind, o.Moves, opt)
	}
	r.Ms = Millis(time.Since(t0))
	return r, err
}

// budget is ctx bounded by d from now (d ≤ 0: ctx itself).
func budget(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}

// gridEntry is the entry of inst, a puzzle of the grid kind k.
func gridEntry(ctx context.Context, k *kind.Kind, inst kind.Instance, opt EntryOptions) (EntryRecord, error) {
	r := EntryRecord{Kind: inst.Kind(), Name: inst.Name(), Rows: inst.Rows(), Cols: inst.Cols(), Entry: inst.Head().Entry}
	for _, f := range k.Flags {
		if v := opt.Kind.Flag(f.Name); v != "" && v != f.Default {
			if r.Flags == nil {
				r.Flags = map[string]string{}
			}
			r.Flags[f.Name] = v
		}
	}
	if len(k.Outputs) > 0 {
		if text, err := inst.Format(k.Outputs[0]); err == nil {
			r.Puzzle = text
		}
	}
	gradeLimit := cmp.Or(opt.GradeTimeout, opt.PuzzleTimeout)
	gctx, cancel := budget(ctx, gradeLimit)
	ex, err := Examine(gctx, inst, Options{Solver: opt.Solver, Parallel: 1, Values: true, Bands: opt.Kinds})
	// The grade's budget ran out, not the run's, and cut the grade short
	// (a grade that finished as the budget ended is kept).
	gradeOut := ctx.Err() == nil && gctx.Err() != nil && err != nil
	cancel()
	switch {
	case gradeOut:
		// The grade's budget ran out, not the run: the grade is recorded
		// as timed out, and SAT's verdict, if the rules' run did not find
		// it, is sought alone on a budget of its own.
		r.Grade = &EntryGrade{Status: Timeout, TimedOutAfter: gradeLimit.Seconds(), Rules: []RuleUse{}}
		r.TimedOut = true
		err = nil
	case ex.Grade != nil:
		r.Grade = entryGrade(ex.Grade, ex.Steps)
	}
	vctx, cancel := budget(ctx, opt.PuzzleTimeout)
	defer cancel()
	if gradeOut && (ex.Check == nil || ex.Check.Status == Timeout) {
		c, cerr := Check(vctx, inst, Options{Solver: opt.Solver, Values: true})
		if cerr == nil || c.Status == Timeout {
			ex.Check, err = &c, cerr
		} else {
			err = cerr
		}
	}
	if ex.Check == nil {
		// No verdict: the time ran out, or the puzzle cannot be encoded.
		if timedOut(vctx, err) {
			r.Verdict, r.TimedOut = Timeout, true
			r.Error = "the time limit ran out before SAT's verdict"
			return r, nil
		}
		r.Verdict = Malformed
		return r, err
	}
	if err != nil {
		// A disagreement or an unsound step: SAT's verdict stands, and
		// the grade is not to be trusted.
		r.Error = err.Error()
		r.TimedOut = r.TimedOut || timedOut(vctx, err)
	}
	c := ex.Check
	r.Verdict = c.Status
	if r.Verdict == Timeout {
		r.TimedOut = true
	}
	r.Solution, r.Second = c.Values, c.SecondValues
	r.Differences = c.Differences
	if r.Verdict == Unique && opt.Certify {
		c, err := Check(vctx, inst, Options{Solver: opt.Solver, Certify: true})
		switch {
		case err != nil:
			note(&r, vctx, "certificate", err)
		case c.Certificate != nil:
			r.Certificate = &EntryCertificate{Lemmas: c.Certificate.Lemmas, Backend: c.Certificate.Backend, Checked: true, CheckMs: c.Certificate.CheckMs}
		}
	}
	cl, ok := inst.(kind.Clued)
	if !ok {
		return r, nil
	}
	clues := cl.Clues()
	r.Clues = len(clues)
	// The redundant clues, or the conflict, on a budget of their own.
	cctx, cancelClues := budget(ctx, opt.PuzzleTimeout)
	defer cancelClues()
	switch r.Verdict {
	case Unique:
		red, err := redundant(cctx, cl, clues, opt)
		r.Redundant = red
		if err != nil {
			note(&r, cctx, "redundant clues", err)
			break
		}
		// The clues that can go together, on a budget of their own.
		tctx, cancelTogether := budget(ctx, opt.PuzzleTimeout)
		defer cancelTogether()
		together, err := removable(tctx, inst, red, opt)
		r.Removable = together
		if err != nil {
			note(&r, tctx, "clues removable together", err)
		}
	case Unsolvable:
		conf, err := conflict(cctx, inst, opt)
		r.Conflict = conf
		if err != nil {
			note(&r, cctx, "conflicting clues", err)
		}
	}
	return r, nil
}

// note records that part of a puzzle's work failed or was cut short.
func note(r *EntryRecord, ctx context.Context, what string, err error) {
	if timedOut(ctx, err) {
		r.TimedOut = true
		err = errors.New("cut short by the time limit")
	}
	msg := what + ": " + err.Error()
	if r.Error != "" {
		msg = r.Error + "; " + msg
	}
	r.Error = msg
}

func timedOut(ctx context.Context, err error) bool {
	return ctx.Err() != nil || stopped(err)
}

// redundant lists the clues whose removal alone leaves the puzzle unique,
// each proven by a SAT check of the puzzle without it (certified with
// opt.Certify).
func redundant(ctx context.Context, cl kind.Clued, clues []kind.Clue, opt EntryOptions) ([]EntryClue, error) {
	out := []EntryClue{}
	for _, c := range clues {
		inst, err := cl.Without(c.ID)
		if err != nil {
			return out, err
		}
		res, err := Check(ctx, inst, Options{Solver: opt.Solver, Certify: opt.Certify})
		switch {
		case res.Status == Timeout:
			return out, context.DeadlineExceeded
		case err != nil:
			return out, err
		case res.Status == Unique:
			rc := EntryClue{Clue: c}
			if res.Certificate != nil {
				rc.Lemmas = res.Certificate.Lemmas
			}
			out = append(out, rc)
		}
	}
	return out, nil
}

// removable is a set of the redundant clues that can all go at once, the
// puzzle staying unique (Minimize, tried among them alone: no other clue
// can go with them): greedy in reading order, each removal proven by SAT,
// maximal, not proven largest. One redundant clue or none needs no proof
// beyond its own.
func removable(ctx context.Context, inst kind.Instance, red []EntryClue, opt EntryOptions) ([]EntryClue, error) {
	if len(red) < 2 {
		return slices.Clone(red), nil
	}
	among := make([]int, len(red))
	for i, c := range red {
		among[i] = c.ID
	}
	m, err := Minimize(ctx, inst, Options{Solver: opt.Solver, Parallel: 1}, EditOptions{Kinds: opt.Kinds, Among: among})
	if err != nil {
		return nil, err
	}
	out := make([]EntryClue, len(m.Removed))
	for i, c := range m.Removed {
		out[i] = EntryClue{Clue: c}
	}
	return out, nil
}

// conflict thins the clues of an unsolvable puzzle to a set that still
// has no solution and none of whose clues can go (Conflicting, which
// repair names too).
func conflict(ctx context.Context, inst kind.Instance, opt EntryOptions) ([]EntryClue, error) {
	keep, err := Conflicting(ctx, inst, Options{Solver: opt.Solver})
	if err != nil {
		return nil, err
	}
	out := make([]EntryClue, len(keep))
	for i, c := range keep {
		out[i] = EntryClue{Clue: c}
	}
	return out, nil
}

// entryGrade is the human engine's solve (Grade's record and the steps)
// tabulated, with the band it lands in.
func entryGrade(h *GradeRecord, steps []human.Step) *EntryGrade {
	rep := h.Report
	g := &EntryGrade{Status: h.Status, Band: h.Band, Rating: h.Rating, Score: rep.Score, MaxLevel: rep.MaxLevel,
		Hardest: rep.Hardest, HardestLevel: rep.Complexity, StuckAfter: rep.StuckAfter, StuckLevel: rep.StuckLevel,
		TrialDepth: rep.TrialDepth, Steps: rep.Steps, Layers: rep.Depth, Rules: []RuleUse{}}
	level := map[string]int{}
	for _, s := range steps {
		if _, ok := level[s.Rule]; !ok {
			level[s.Rule] = s.Level
		}
	}
	for name, n := range rep.RuleSteps {
		g.Rules = append(g.Rules, RuleUse{Name: name, Level: level[name], Steps: n})
	}
	slices.SortFunc(g.Rules, func(a, b RuleUse) int { return cmp.Or(cmp.Compare(a.Level, b.Level), cmp.Compare(a.Name, b.Name)) })
	return g
}
