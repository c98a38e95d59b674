package answer

import (
	"time"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
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

// The answers to the questions about one puzzle, as JSON: one type per
// question, which the command line (app/puzzlecmd, around each the
// puzzle's file, kind and name) and the playground's API (serve) both
// write. The keys, their order and their values are the command line's
// (fields in alphabetical order of their keys, the order its output has
// always had); what only one front end writes is omitted when unset, and
// its comment says which. Cells are numbered from 1, as the text's r1c1;
// solutions are drawn as the text draws them, a row a string, and the API
// adds them as value indexes (one per unknown, into its domain) for the
// page to draw.

// SolveRecord is a solution, or why there is none.
type SolveRecord struct {
	Ms float64 `json:"ms"`
	// Solution is the solution drawn; absent when unsolved.
	Solution []string `json:"solution,omitempty"`
	// Solver names the SAT back-end (the API's only when the server
	// names it).
	Solver string `json:"solver,omitempty"`
	// Status is solved, unsolvable or (the command line's) timeout.
	Status string `json:"status"`
	// Values is Solution as value indexes (the API's).
	Values puzzle.Assignment `json:"values,omitempty"`
}

// CheckRecord is the uniqueness of a puzzle, with two solutions when there are
// several.
type CheckRecord struct {
	// Certificate is the command line's (--certify), when unique.
	Certificate *CertificateRecord `json:"certificate,omitempty"`
	// Differences are the cells where Solution and SecondSolution differ
	// (empty unless multiple).
	Differences []DiffRecord `json:"differences"`
	Ms          float64      `json:"ms"`
	// Route is kind.RouteReporter's answer, when unique (the command
	// line's).
	Route string `json:"route,omitempty"`
	// SecondSolution is a second solution drawn, when multiple (null
	// otherwise), and SecondValues the same as value indexes (the API's).
	SecondSolution []string          `json:"second_solution"`
	SecondValues   puzzle.Assignment `json:"second_values,omitempty"`
	// Solution is a solution drawn (null when unsolvable).
	Solution []string `json:"solution"`
	Solver   string   `json:"solver,omitempty"`
	// Status is unique, multiple, unsolvable or (the command line's)
	// timeout.
	Status string `json:"status"`
	// Values is Solution as value indexes (the API's).
	Values puzzle.Assignment `json:"values,omitempty"`
}

// DiffRecord is a cell where two solutions differ: its position, numbered
// from 1 as in r1c1, and the labels of the two values.
type DiffRecord struct {
	Col    int    `json:"col"`
	First  string `json:"first"`
	Row    int    `json:"row"`
	Second string `json:"second"`
}

// CertificateRecord is a checked RUP certificate that no second solution exists.
type CertificateRecord struct {
	Backend string  `json:"backend"`
	CheckMs float64 `json:"check_ms"`
	Checked bool    `json:"checked"`
	Lemmas  int     `json:"lemmas"`
	SolveMs float64 `json:"solve_ms"`
}

// BackboneRecord is the cells every solution agrees on.
type BackboneRecord struct {
	// Backbone is the puzzle drawn with the cells every solution agrees
	// on (status ok).
	Backbone []string `json:"backbone,omitempty"`
	// Determined is how many unknowns those are (status ok, even 0).
	Determined *int    `json:"determined,omitempty"`
	Ms         float64 `json:"ms"`
	Solver     string  `json:"solver,omitempty"`
	// Status is ok, unsolvable or (the command line's) timeout.
	Status   string `json:"status"`
	Unknowns int    `json:"unknowns"`
	// Values are the agreed values as value indexes, -1 for the open
	// unknowns (the API's).
	Values puzzle.Assignment `json:"values,omitempty"`
}

// CountRecord is how many solutions a puzzle has, up to a cap.
type CountRecord struct {
	Count  int     `json:"count"`
	Ms     float64 `json:"ms"`
	Solver string  `json:"solver,omitempty"`
	// Status is complete, capped or timeout.
	Status string `json:"status"`
}

// VerifyRecord is a board held to the rules: the command line's a full
// solution, the API's the player's board, which may be partial.
type VerifyRecord struct {
	// Complete says every unknown has a value (the API's).
	Complete *bool `json:"complete,omitempty"`
	// Faults are the cells the violations name, once each (the API's).
	Faults *[]puzzle.Pos `json:"faults,omitempty"`
	// SolutionFile names the solution's file (the command line's).
	SolutionFile string `json:"solution_file,omitempty"`
	// Solved is complete and valid (the API's).
	Solved *bool `json:"solved,omitempty"`
	// Valid: no rule is broken (on a partial board, none that a filling
	// of its open unknowns could mend).
	Valid      bool               `json:"valid"`
	Violations []puzzle.Violation `json:"violations"`
}

// GradeRecord is the human solver's solve of a puzzle, with SAT's uniqueness
// alongside.
type GradeRecord struct {
	// Band is the first (easiest) of the kind's generation bands the
	// grade lands in (the API's).
	Band      string         `json:"band,omitempty"`
	Certified int            `json:"certified_eliminations"`
	Layers    []human.Layer  `json:"layers"`
	Metrics   map[string]any `json:"metrics"`
	// More counts the steps left out beyond the API's bound.
	More int     `json:"more,omitempty"`
	Ms   float64 `json:"ms"`
	// Rating is the difficulty on the scale shared by every kind, 1 to 10
	// stars (answer/rating), with the band; 0 (no key) when unrated: not
	// solved, trials other than the kind's own, or no calibration.
	Rating int          `json:"rating,omitempty"`
	Report human.Report `json:"report"`
	// SATStatus is SAT's answer: unique, multiple or unsolvable.
	SATStatus string `json:"sat_status"`
	// Solution is the solution drawn, when SAT found one.
	Solution []string `json:"solution,omitempty"`
	Solver   string   `json:"solver,omitempty"`
	// Status is the human solve's: solved, stuck or contradiction.
	Status string `json:"status"`
	// Left is the candidates the rules left, drawn, when they did not
	// solve the puzzle (the command line's text; not in the JSON).
	Left []string `json:"-"`
	// Steps is a pointer so that the command line's --steps writes the
	// list even when it is empty, and no key at all without --steps; the
	// API always writes it.
	Steps *[]StepRecord `json:"steps,omitempty"`
}

// HintRecord is the human solver's next step: from the puzzle's start (the
// command line's grade --hint) or from a player's board (the API's).
type HintRecord struct {
	// Forced are the values the step leaves single, unknown index →
	// value index (the API's: what its "apply" fills in).
	Forced map[int]int `json:"forced,omitempty"`
	// Hint is the step; null when there is none.
	Hint *StepRecord `json:"hint"`
	// Message says what the answer is in words (the API's).
	Message string `json:"message,omitempty"`
	// Mistake: no solution agrees with the player's board, and Wrong are
	// the cells where it differs from a solution (the API's).
	Mistake bool `json:"mistake,omitempty"`
	// SATStatus is SAT's uniqueness (the command line's), and
	// SATDifferences the cells where its two solutions differ when there
	// are several (for the command line's message; not in the JSON).
	SATStatus      string       `json:"sat_status,omitempty"`
	SATDifferences []puzzle.Pos `json:"-"`
	// Solved: the player's board is solved (the API's).
	Solved bool         `json:"solved,omitempty"`
	Wrong  []puzzle.Pos `json:"wrong,omitempty"`
}

// Draw is a drawn as inst's text draws it, or nil when a is.
func Draw(inst kind.Instance, a puzzle.Assignment) []string {
	if a == nil {
		return nil
	}
	return inst.Draw(a)
}

// LabelAt is the label of the value a gives the unknown at p, or "?".
func LabelAt(inst kind.Instance, a puzzle.Assignment, p puzzle.Pos) string {
	for i, v := range inst.Vars() {
		if v.Pos == p && i < len(a) && a[i] >= 0 && a[i] < len(v.Domain) {
			return v.Domain[a[i]]
		}
	}
	return "?"
}

// Millis is d in milliseconds, to the microsecond, for the "ms" fields.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
