package answer

import (
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ElimRecord is an elimination as JSON: the unknown's and the value's
// indexes (Var into the puzzle's unknowns, Value into that unknown's
// domain, both from 0 as in human.Elim), and what the text shows for them:
// the unknown's cell (numbered from 1, as r1c1) and the value's label.
type ElimRecord struct {
	Cell  puzzle.Pos `json:"cell"`
	Label string     `json:"label"`
	Value int        `json:"value"`
	Var   int        `json:"var"`
}

// Elim is el as a record; out-of-range indexes leave Label empty.
func Elim(p puzzle.Problem, el human.Elim) ElimRecord {
	r := ElimRecord{Value: el.Value, Var: el.Var}
	if vars := p.Vars(); el.Var >= 0 && el.Var < len(vars) {
		v := vars[el.Var]
		r.Cell = v.Pos
		if el.Value >= 0 && el.Value < len(v.Domain) {
			r.Label = v.Domain[el.Value]
		}
	}
	return r
}

// StepRecord is a human step as JSON: human.Step's own fields, with its
// eliminations (and a trial's assumption and proof) as ElimRecords.
type StepRecord struct {
	human.Step
	Assume *ElimRecord  `json:"assume,omitempty"`
	Elims  []ElimRecord `json:"elims"`
	Proof  []StepRecord `json:"proof,omitempty"`
}

// Steps is steps as records.
func Steps(p puzzle.Problem, steps []human.Step) []StepRecord {
	out := make([]StepRecord, len(steps))
	for i, s := range steps {
		out[i] = Step(p, s)
	}
	return out
}

// Step is s as a record.
func Step(p puzzle.Problem, s human.Step) StepRecord {
	r := StepRecord{Step: s, Elims: make([]ElimRecord, len(s.Elims))}
	for i, el := range s.Elims {
		r.Elims[i] = Elim(p, el)
	}
	if s.Assume != nil {
		a := Elim(p, *s.Assume)
		r.Assume = &a
	}
	if len(s.Proof) > 0 {
		r.Proof = Steps(p, s.Proof)
	}
	return r
}
