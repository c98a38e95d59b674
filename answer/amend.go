package answer

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/amend"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// The statuses of the edits' records (Minimize, Repair).
const (
	Minimized = "minimized" // Minimize: a maximal set of clues taken away
	Repaired  = "repaired"  // Repair: clues added, the puzzle unique
	NoRepair  = "no-repair" // Repair: no clue of the solution makes it unique
	Conflict  = "conflict"  // Repair: unsolvable, the clues to edit named
)

// EditOptions are what Minimize and Repair are asked beside Options.
type EditOptions struct {
	// Band, for Minimize, is a band of the kind's the puzzle must stay in
	// ("": uniqueness alone).
	Band string
	// Format is the format the edited puzzle is written in ("": the
	// kind's canonical one).
	Format string
	// Kinds is the registry the puzzle's kind (its bands, its formats)
	// is looked up in.
	Kinds *kinds.Registry
	// Among, for Minimize, are the only clues (by id) tried: the ones
	// known to go alone (amend.Options.Among); nil: every clue.
	Among []int
}

// EditRecord is an edited puzzle (minimize, repair): the puzzle written
// whole, the clues taken away or added, and how they were found.
type EditRecord struct {
	Status string `json:"status"`
	// Puzzle is the edited puzzle in Format: the input's, or the kind's
	// canonical one when the input's cannot write it.
	Puzzle string `json:"puzzle,omitempty"`
	Format string `json:"format,omitempty"`
	// Clues counts the input's removable clues.
	Clues int `json:"clues"`
	// Removed are the clues Minimize took away .
	Removed []kind.Clue `json:"removed,omitempty"`
	// Added are the clues Repair added, from the solution
	// named by From ("intended": the one the file carried; "first": the
	// first SAT found).
	Added []kind.Clue `json:"added,omitempty"`
	From  string      `json:"from,omitempty"`
	// Conflict are the clues of an unsolvable puzzle that contradict each
	// other, none of which can go (Repair's answer to one).
	Conflict []kind.Clue `json:"conflict,omitempty"`
	// Band is the band the edited puzzle's grade lands in, or the band
	// Minimize kept.
	Band string `json:"band,omitempty"`
	// Method names the search honestly: what its result is proven to be.
	Method string `json:"method"`
	// Proofs counts the SAT proofs made.
	Proofs int     `json:"proofs"`
	Ms     float64 `json:"ms"`
}

// MinimizeMethod is what Minimize's result is.
const MinimizeMethod = "greedy in reading order, each removal proven by SAT: maximal (no remaining clue can go alone), not proven maximum"

// Minimize takes away a maximal set of inst's clues keeping it unique (and
// in how.Band), each removal proven (amend.Minimize): status Minimized, the
// smaller puzzle written in how.Format. A puzzle that is not unique (or not
// in the band) is an *amend.StatusError; the time running out answers
// status Timeout beside the context's error.
func Minimize(ctx context.Context, inst kind.Instance, opt Options, how EditOptions) (EditRecord, error) {
	t0 := time.Now()
	aopt := amend.Options{Solver: opt.Solver, Parallel: opt.Parallel, Among: how.Among}
	if how.Band != "" {
		k, err := how.Kinds.Lookup(inst.Kind())
		if err != nil {
			return EditRecord{}, err
		}
		if k.Generate == nil {
			return EditRecord{}, errors.New(inst.Kind() + " puzzles have no difficulty bands")
		}
		if aopt.Band, err = k.Generate.Band(how.Band); err != nil {
			return EditRecord{}, err
		}
	}
	m, err := amend.Minimize(ctx, inst, aopt)
	if err != nil {
		if stopped(err) || errors.Is(err, amend.ErrUnknown) {
			return EditRecord{Status: Timeout, Ms: Millis(time.Since(t0))}, err
		}
		return EditRecord{}, err
	}
	rec := EditRecord{Status: Minimized, Clues: len(m.Removed) + len(m.Kept),
		Removed: m.Removed, Method: MinimizeMethod, Proofs: m.Proofs}
	if aopt.Band != nil {
		rec.Band = aopt.Band.Name
	}
	if rec.Puzzle, rec.Format, err = write(how.Kinds, m.Puzzle, how.Format); err != nil {
		return EditRecord{}, err
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, nil
}

// write is inst in format ("" the canonical one), ending in a newline,
// and the format written: the canonical one when format cannot write the
// edited puzzle (a format that needs the solution, which an edit drops).
func write(reg *kinds.Registry, inst kind.Instance, format string) (string, string, error) {
	s, err := inst.Format(format)
	if err != nil && format != "" {
		format = ""
		s, err = inst.Format("")
	}
	if err != nil {
		return "", "", err
	}
	if format == "" {
		if k, err := reg.Lookup(inst.Kind()); err == nil && len(k.Outputs) > 0 {
			format = k.Outputs[0]
		}
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s, format, nil
}

// The methods of Repair's result: a proven minimum, or minimal only when
// the search for a minimum went past its budget.
const (
	RepairMinimum = "every clue of the solution added, taken away again one at a time while SAT proves the puzzle unique, then a smallest set by implicit hitting sets over the other solutions: minimum (proven: no fewer clues of this solution make it unique)"
	RepairMinimal = "every clue of the solution added, then taken away again one at a time while SAT proves the puzzle unique: minimal (no added clue can go alone); the search for a minimum went past its budget, so not proven minimum"
)

// Repair makes inst unique with clues of its intended (or else first)
// solution, each proven (amend.Repair): status Repaired with the clues
// added (none when it was unique already), the repaired puzzle written in
// how.Format and the band its grade lands in; NoRepair when no clues of
// that solution make it unique; Conflict, for an unsolvable puzzle, with
// the clues that contradict each other. The time running out answers
// status Timeout beside the context's error.
func Repair(ctx context.Context, inst kind.Instance, opt Options, how EditOptions) (EditRecord, error) {
	t0 := time.Now()
	rec := EditRecord{}
	if cl, ok := inst.(kind.Clued); ok {
		rec.Clues = len(cl.Clues())
	}
	r, err := amend.Repair(ctx, inst, amend.Options{Solver: opt.Solver, Parallel: opt.Parallel})
	var conflict *amend.ConflictError
	switch {
	case errors.As(err, &conflict):
		rec.Status, rec.Conflict, rec.Proofs = Conflict, conflict.Clues, conflict.Proofs
		rec.Method = "each clue taken away in turn while the rest stay unsolvable (SAT), and for a puzzle unsolvable without any clue each part of its frame relaxed alike (Linjat's numbers made 1s): none of the set can go"
	case errors.Is(err, amend.ErrNoRepair):
		rec.Status, rec.Method = NoRepair, "every clue of the solution added: still several solutions (SAT)"
	case err != nil && (stopped(err) || errors.Is(err, amend.ErrUnknown)):
		return EditRecord{Status: Timeout, Ms: Millis(time.Since(t0))}, err
	case err != nil:
		return EditRecord{}, err
	default:
		rec.Status, rec.Added, rec.From, rec.Proofs, rec.Method = Repaired, r.Added, r.From, r.Proofs, RepairMinimal
		if r.Minimum {
			rec.Method = RepairMinimum
		}
		if rec.Puzzle, rec.Format, err = write(how.Kinds, r.Puzzle, how.Format); err != nil {
			return EditRecord{}, err
		}
		g, err := Grade(ctx, r.Puzzle, Options{Solver: opt.Solver, Parallel: opt.Parallel, Bands: how.Kinds})
		switch {
		case err != nil && stopped(err):
			return EditRecord{Status: Timeout, Ms: Millis(time.Since(t0))}, err
		case err != nil:
			return EditRecord{}, err
		}
		rec.Band = g.Band
	}
	rec.Ms = Millis(time.Since(t0))
	return rec, nil
}

// Conflicting thins the clues of an unsolvable inst to a set that still
// has no solution and none of whose clues can go, each step proven by SAT
// (amend.Conflict): the clues to edit, for the report and repair.
func Conflicting(ctx context.Context, inst kind.Instance, opt Options) ([]kind.Clue, error) {
	clues, _, err := amend.Conflict(ctx, inst, amend.Options{Solver: opt.Solver})
	return clues, err
}
