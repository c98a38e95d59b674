package rules

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// DefaultRules are Rules with the proofs by contradiction a grade uses:
// trials of 1..5 rule layers (every janko puzzle needs at most 4), then a
// nested trial (human.LayerTrials).
func DefaultRules() []*human.Rule {
	return append(Rules(), human.LayerTrials(5, 5, 1)...)
}

// Rules returns the Juosan rules, cheapest first (see the package doc).
// The reading is not a parameter: it travels in the Input.
func Rules() []*human.Rule {
	return []*human.Rule{
		{Name: "pair", Level: 1, Apply: human.Typed(pair),
			Doc: "Two `-` stacked in a column forbid `-` just above and below them; two `|` side by side in a row forbid `|` just left and right of them."},
		{Name: "gap", Level: 2, Apply: human.Typed(gap),
			Doc: "A cell between two `-` in a column cannot be `-`; a cell between two `|` in a row cannot be `|`."},
		{Name: "territory-count", Level: 3, Apply: human.Typed(territoryCount),
			Doc: "A numbered territory holds N of one symbol (under the chosen reading); when the symbols already placed leave a single way to fit it, the open cells are all `|` (no more `-` fits) or all `-`."},
		{Name: "territory-runs", Level: 4, Apply: human.Typed(territoryRuns),
			Doc: "Within a numbered territory, the no-three-in-a-row rules limit how many `-` its open cells can take; a value that leaves no count the number allows is eliminated."},
		{Name: "territory-pairs", Level: 5, Apply: human.Typed(territoryPairs),
			Doc: "Two numbered territories side by side (sharing a window of three cells), with the runs within both: a value of an open cell that leaves no filling meeting both numbers is eliminated."},
	}
}

// pair and gap: of a window's three cells, two hold the forbidden symbol,
// so the third cannot. pair takes two adjacent cells, gap the two ends.
func pair(in *Input, p *human.Pass) []human.Deduction {
	return in.windowRule(p, [][3]int{{0, 1, 2}, {1, 2, 0}})
}

func gap(in *Input, p *human.Pass) []human.Deduction {
	return in.windowRule(p, [][3]int{{0, 2, 1}})
}

// windowRule applies, to every window, each pattern {i, j, k}: cells i and
// j hold the forbidden symbol, so k does not.
func (in *Input) windowRule(p *human.Pass, patterns [][3]int) []human.Deduction {
	var ds []human.Deduction
	for _, w := range in.windows {
		for _, pat := range patterns {
			a, b, c := w.cells[pat[0]], w.cells[pat[1]], w.cells[pat[2]]
			if !is(p.Cands[a], w.forbid) || !is(p.Cands[b], w.forbid) || !p.Cands[c].Has(w.forbid) {
				continue
			}
			dir := "in a column"
			if w.forbid == Bar {
				dir = "in a row"
			}
			d := human.Deduction{Elims: []human.Elim{{Var: c, Value: w.forbid}}, Cells: in.cells(w.cells[:])}
			if !p.Terse() {
				d.Reason = fmt.Sprintf("%v and %v are %s: %v cannot be %s (three %s %s)",
					in.Pos(a), in.Pos(b), symbol(w.forbid), in.Pos(c), symbol(w.forbid), symbol(w.forbid), dir)
			}
			ds = append(ds, d)
		}
	}
	return ds
}

// is reports whether a cell is fixed to value v.
func is(c human.Cands, v int) bool {
	x, ok := c.Single()
	return ok && x == v
}

// territoryCount: the clue against the symbols already placed.
func territoryCount(in *Input, p *human.Pass) []human.Deduction {
	var ds []human.Deduction
	for t := range in.territory {
		tr := &in.territory[t]
		if !tr.numbered {
			continue
		}
		dashes, bars, open := tr.tally(p.Cands)
		var fits []int // allowed totals of `-` within reach
		for n := dashes; n <= dashes+len(open); n++ {
			if tr.allowed[n] {
				fits = append(fits, n)
			}
		}
		// why is the reason, written only when the solve wants reasons.
		why := func(format string, args ...any) string {
			if p.Terse() {
				return ""
			}
			return fmt.Sprintf("territory at %v (number %d, %d cells) needs %s `-`; it has %d `-` and %d `|`",
				tr.topLeft, tr.clue, len(tr.cells), tr.needs(), dashes, bars) + fmt.Sprintf(format, args...)
		}
		switch {
		case len(fits) == 0:
			ds = append(ds, human.Deduction{Contradiction: true, Cells: in.cells(tr.cells),
				Reason: why(", so no count fits")})
		case len(open) == 0 || len(fits) > 1:
		case fits[0] == dashes:
			ds = append(ds, in.fill(tr, open, Dash, why(", so its %d open cells are all `|`", len(open))))
		case fits[0] == dashes+len(open):
			ds = append(ds, in.fill(tr, open, Bar, why(", so its %d open cells are all `-`", len(open))))
		}
	}
	return ds
}

// tally counts a territory's fixed `-` and `|` and lists its open cells.
func (tr *territory) tally(cs []human.Cands) (dashes, bars int, open []int) {
	for _, c := range tr.cells {
		switch v, ok := cs[c].Single(); {
		case !ok:
			open = append(open, c)
		case v == Dash:
			dashes++
		default:
			bars++
		}
	}
	return dashes, bars, open
}

// needs lists the allowed counts of `-`, e.g. "2 or 4", "no count".
func (tr *territory) needs() string {
	var s []string
	for n, ok := range tr.allowed {
		if ok {
			s = append(s, fmt.Sprint(n))
		}
	}
	if len(s) == 0 {
		return "an impossible count of" // Majority with 2N < size
	}
	return strings.Join(s, " or ")
}

// fill eliminates value v from every open cell of a territory.
func (in *Input) fill(tr *territory, open []int, v int, reason string) human.Deduction {
	d := human.Deduction{Cells: in.cells(tr.cells), Reason: reason}
	for _, c := range open {
		d.Elims = append(d.Elims, human.Elim{Var: c, Value: v})
	}
	return d
}

// cells maps unknowns to positions.
func (in *Input) cells(vars []int) []puzzle.Pos {
	ps := make([]puzzle.Pos, len(vars))
	for i, v := range vars {
		ps[i] = in.Pos(v)
	}
	return ps
}
