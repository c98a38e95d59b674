package answer

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/solve"
)

// NextStepFrom is the human solver's next step from a player's board (a
// value index per unknown, -1 when open) and the candidates the player
// struck ([unknown, value] pairs: pencil marks struck, eliminations of
// hints applied), answered as the record `grade --hint --format json` writes (HintRecord:
// the step as "hint", null when there is none and message says why), with
// the API's forced values, mistake and wrong cells. The board
// must agree with some solution (the SAT oracle says whether it does), or
// a step from it would be a deduction from a mistake; and the step's
// eliminations are checked by the oracle under the board, so that a hint
// is never wrong.
func NextStepFrom(ctx context.Context, inst kind.Instance, a puzzle.Assignment, struck [][2]int, opt Options) (HintRecord, error) {
	vars := inst.Vars()
	if len(a) != len(vars) {
		return HintRecord{}, fmt.Errorf("a board of %d values for %d unknowns", len(a), len(vars))
	}
	for _, x := range struck {
		if x[0] < 0 || x[0] >= len(vars) || x[1] < 0 || x[1] >= len(vars[x[0]].Domain) {
			return HintRecord{}, fmt.Errorf("struck %v: want [unknown, value] of the puzzle's unknowns", x)
		}
	}
	setup, err := inst.Human()
	if err != nil {
		return HintRecord{}, err
	}
	cands := setup.StartCands(inst)
	for i, v := range a {
		if v < 0 {
			continue
		}
		if !cands[i].Has(v) {
			return HintRecord{Mistake: true, Wrong: []puzzle.Pos{inst.Vars()[i].Pos},
				Message: fmt.Sprintf("%s cannot be %s: the puzzle rules it out from the start", inst.Vars()[i].Name, inst.Vars()[i].Domain[v])}, nil
		}
		cands[i] = human.Only(v)
	}
	// The candidates the player struck (a hint's eliminations applied):
	// never a cell's last one, and never the value it holds.
	for _, x := range struck {
		if i, v := x[0], x[1]; a[i] < 0 && cands[i].Has(v) && cands[i].Count() > 1 {
			cands[i] = cands[i].Without(v)
		}
	}
	oracle, err := crosscheck.NewOracle(ctx, inst, opt.Solver)
	if err != nil {
		return HintRecord{}, err
	}
	sol, err := oracle.Solution(ctx, cands, nil)
	if err != nil {
		return HintRecord{}, err
	}
	if sol == nil {
		return mistake(ctx, inst, a, struck, opt)
	}
	eng := &human.Engine{Rules: setup.Rules, Weights: setup.Weights,
		Describe: func(e human.Elim) string { return crosscheck.Describe(inst, e) }}
	st, err := eng.Hint(ctx, setup.Input, cands)
	if err != nil {
		return HintRecord{}, err
	}
	if st == nil {
		if allSingle(cands) {
			return HintRecord{Solved: true, Message: "solved: every cell is decided and no rule is broken"}, nil
		}
		return HintRecord{Message: "the human rules find no further step from this board"}, nil
	}
	for _, e := range st.Elims {
		e := e
		counter, err := oracle.Solution(ctx, cands, &e)
		if err != nil {
			return HintRecord{}, err
		}
		if counter != nil {
			// A rule that assumes a unique solution (Linjat's) on a
			// puzzle that has several, or an unsound rule file: no hint
			// rather than a wrong one.
			return HintRecord{Message: fmt.Sprintf("the next step the rules find ([%s] %s) does not hold here: it rules out %s, which a solution agreeing with this board has",
				st.Rule, st.Reason, crosscheck.Describe(inst, e))}, nil
		}
	}
	rec := Step(inst, *st)
	ans := HintRecord{Hint: &rec, Forced: map[int]int{}, Message: fmt.Sprintf("[%s, level %d] %s", st.Rule, st.Level, st.Reason)}
	after := append([]human.Cands(nil), cands...)
	for _, e := range st.Elims {
		if e.Var >= 0 && e.Var < len(after) {
			after[e.Var] = after[e.Var].Without(e.Value)
		}
	}
	for i := range after {
		if v, ok := after[i].Single(); ok && a[i] < 0 {
			if _, was := cands[i].Single(); !was {
				ans.Forced[i] = v
			}
		}
	}
	return ans, nil
}

func allSingle(cands []human.Cands) bool {
	for _, c := range cands {
		if c.Count() != 1 {
			return false
		}
	}
	return true
}

// mistake answers a hint on a board no solution agrees with: the cells
// where the board differs from a solution of the puzzle.
func mistake(ctx context.Context, inst kind.Instance, a puzzle.Assignment, struck [][2]int, opt Options) (HintRecord, error) {
	st, sol, err := solve.One(ctx, inst, opt.Solver)
	if err != nil {
		return HintRecord{}, err
	}
	if st != sat.Sat {
		return HintRecord{Mistake: true, Message: "the puzzle has no solution"}, nil
	}
	var wrong []puzzle.Pos
	vars := inst.Vars()
	for i, v := range a {
		if v >= 0 && v != sol[i] {
			wrong = append(wrong, vars[i].Pos)
		}
	}
	values := len(wrong)
	var marks []string
	for _, x := range struck {
		if i, v := x[0], x[1]; a[i] < 0 && sol[i] == v {
			wrong = append(wrong, vars[i].Pos)
			marks = append(marks, fmt.Sprintf("%s %s", vars[i].Pos, vars[i].Domain[v]))
		}
	}
	msg := fmt.Sprintf("no solution agrees with this board: %d of its values differ from a solution (marked)", values)
	if len(marks) > 0 {
		msg += fmt.Sprintf("; struck candidates a solution needs: %s", strings.Join(marks, ", "))
	}
	return HintRecord{Mistake: true, Wrong: wrong, Message: msg}, nil
}
