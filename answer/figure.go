package answer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Mode is what a picture shows besides the puzzle.
type Mode int

// The modes.
const (
	Plain    Mode = iota // the puzzle alone
	Solution             // a solution (the first, when there are several)
	Second               // two solutions side by side, differences marked
	Backbone             // the cells every solution agrees on
	Hint                 // the human solver's next step
)

var modeNames = []string{"plain", "solution", "second", "backbone", "hint"}

func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return fmt.Sprintf("Mode(%d)", int(m))
	}
	return modeNames[m]
}

// Modes lists every mode.
func Modes() []Mode { return []Mode{Plain, Solution, Second, Backbone, Hint} }

// Answers that leave nothing to draw. A command reports them as a negative
// answer (exit 1), not as a failure.
var (
	ErrUnsolvable = errors.New("the puzzle has no solution")
	ErrUnique     = errors.New("the puzzle has exactly one solution: there is no second one to draw")
	ErrNoStep     = errors.New("the human rules find no step")
)

// ErrUnknown is returned when the solver stopped before an answer without
// a context error (a back-end that gave up).
var ErrUnknown = errors.New("the solver stopped before an answer")

// Figure is what a picture of one puzzle shows besides the puzzle itself,
// as Prepare finds it: render draws it, and the report typesets it.
type Figure struct {
	// Title is written above the board.
	Title string
	// Values are drawn on the board; nil draws the puzzle alone. Entries
	// of -1 draw nothing, and with Grey their cells are greyed (the
	// cells a backbone leaves open).
	Values puzzle.Assignment
	Grey   bool
	// Second, when set, is drawn on a second board beside the first, and
	// the cells where the two differ are marked on both.
	Second puzzle.Assignment
	// Hint is a step of the human solver taken from the candidates
	// Start: the cells it looked at are highlighted, the values it
	// eliminates struck out, and the values it leaves single drawn in
	// the hint's colour.
	Hint  *human.Step
	Start []human.Cands
	// Caption is written below the board, wrapped.
	Caption string
}

// Prepare finds what mode shows of inst by asking the questions the
// commands ask: Check for solutions, BackboneOf, and NextStep for the hint
// (as grade --hint). solver is the SAT back-end; a context error (a
// --timeout) is returned as it is.
func Prepare(ctx context.Context, inst kind.Instance, mode Mode, solver sat.Factory) (Figure, error) {
	title := inst.Kind()
	if n := inst.Name(); n != "" {
		title += " " + n
	}
	pic := Figure{Title: title}
	opt := Options{Solver: solver, Values: true}
	switch mode {
	case Plain:
		return pic, nil
	case Solution, Second:
		r, err := Check(ctx, inst, opt)
		if err != nil {
			return pic, err
		}
		switch r.Status {
		case Unsolvable:
			return pic, ErrUnsolvable
		case Unique:
			if mode == Second {
				return pic, ErrUnique
			}
			pic.Title += " — solution (unique)"
		case Multiple:
			if mode == Solution {
				pic.Title += " — solution (one of several)"
				break
			}
			pic.Title += " — two solutions"
			pic.Second = r.SecondValues
			pic.Caption = differ(r.Differences)
		}
		pic.Values = r.Values
		return pic, nil
	case Backbone:
		r, err := BackboneOf(ctx, inst, opt)
		if err != nil {
			return pic, err
		}
		if r.Status == Unsolvable {
			return pic, ErrUnsolvable
		}
		pic.Title += " — backbone"
		pic.Values, pic.Grey = r.Values, true
		pic.Caption = fmt.Sprintf("%d of %d cells are the same in every solution; the grey ones differ between solutions",
			*r.Determined, r.Unknowns)
		return pic, nil
	case Hint:
		r, err := NextStep(ctx, inst, opt)
		if err != nil {
			return pic, err
		}
		if r.Hint == nil {
			return pic, ErrNoStep
		}
		setup, err := inst.Human()
		if err != nil {
			return pic, err
		}
		pic.Title += " — next step"
		pic.Hint, pic.Start = &r.Hint.Step, setup.StartCands(inst)
		pic.Caption = hintCaption(inst, &r.Hint.Step)
		return pic, nil
	}
	return pic, fmt.Errorf("unknown picture mode %v", mode)
}

// differ says where two solutions differ, the way check does.
func differ(diffs []DiffRecord) string {
	cells := make([]string, len(diffs))
	for k, d := range diffs {
		cells[k] = fmt.Sprintf("r%dc%d (%s/%s)", d.Row, d.Col, d.First, d.Second)
	}
	noun := "cells"
	if len(diffs) == 1 {
		noun = "cell"
	}
	return fmt.Sprintf("they differ in %d %s: %s", len(diffs), noun, strings.Join(cells, " "))
}

// hintCaption is the step as grade --hint writes it: rule, level, reason,
// and what it eliminates.
func hintCaption(inst kind.Instance, s *human.Step) string {
	// No-break spaces keep "r1c2 ≠ |" on one line of the caption.
	return crosscheck.StepLine(inst, s, "\u00a0≠\u00a0")
}
