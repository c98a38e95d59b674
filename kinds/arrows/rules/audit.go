package rules

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The audit itself (solve with the rules, certify every deduction with a
// SAT oracle, drop a rule once caught and solve again) is crosscheck.Audit,
// for any kind; these are the Arrows pieces it is given: the rules of a
// rules file less the ones caught, and the picture of a candidate state.

// FormatState draws a candidate grid: each cell its arrow and candidates.
func FormatState(p *model.Puzzle, cands []human.Cands) []string {
	cells := make([]string, len(cands))
	w := 0
	for i, c := range cands {
		vs := c.Values()
		s := make([]string, len(vs))
		for k, v := range vs {
			s[k] = fmt.Sprint(v)
		}
		cells[i] = string(p.Dir(i).Glyph()) + strings.Join(s, "")
		if len(vs) > 1 {
			cells[i] = string(p.Dir(i).Glyph()) + "{" + strings.Join(s, ",") + "}"
		}
		w = max(w, len([]rune(cells[i])))
	}
	var out []string
	for r := 0; r < p.NumRows; r++ {
		var row []string
		for c := 0; c < p.NumCols; c++ {
			s := cells[p.Index(puzzle.Pos{Row: r, Col: c})]
			row = append(row, s+strings.Repeat(" ", w-len([]rune(s))))
		}
		out = append(out, strings.TrimRight(strings.Join(row, " "), " "))
	}
	return out
}

// Has reports whether the file defines a rule called name: the rules an
// audit can drop (trial steps are named after the engine's trial, and the
// built-in consistency checks come back whatever is dropped).
func (rs *RuleSet) Has(name string) bool {
	for _, r := range rs.Rules {
		if r.Name == name {
			return true
		}
	}
	return false
}

// NewEngine returns an engine over rs's rules (all optimizations, its
// Backtrack rules as trial rules), ready for Solve(ctx, Input(p), Start(p)).
func NewEngine(rs *RuleSet) (*human.Engine, error) {
	rules, err := rs.HumanRules(fol.AllOptimizations)
	if err != nil {
		return nil, err
	}
	return &human.Engine{Rules: rules}, nil
}
