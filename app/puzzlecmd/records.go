package puzzlecmd

import (
	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The JSON objects the puzzle commands write, one type per command. Every
// one names the puzzle's file, name and kind. Fields are in alphabetical
// order of their keys, which is the order the output has always had (it
// used to be written from maps, which encoding/json sorts by key); a test
// holds every record to it.

type solveRecord struct {
	File     string   `json:"file"`
	Kind     string   `json:"kind"`
	Ms       float64  `json:"ms"`
	Name     string   `json:"name"`
	Solution []string `json:"solution,omitempty"` // absent when unsolved
	Solver   string   `json:"solver"`
	Status   string   `json:"status"`
}

type checkRecord struct {
	Certificate *certificateRecord `json:"certificate,omitempty"` // with --certify, when unique
	Differences []cellJSON         `json:"differences"`
	File        string             `json:"file"`
	Kind        string             `json:"kind"`
	Ms          float64            `json:"ms"`
	Name        string             `json:"name"`
	Route       string             `json:"route,omitempty"` // kinds.RouteReporter's answer
	Second      []string           `json:"second_solution"`
	Solution    []string           `json:"solution"`
	Solver      string             `json:"solver"`
	Status      string             `json:"status"`
}

type certificateRecord struct {
	Backend string  `json:"backend"`
	CheckMs float64 `json:"check_ms"`
	Checked bool    `json:"checked"`
	Lemmas  int     `json:"lemmas"`
	SolveMs float64 `json:"solve_ms"`
}

type backboneRecord struct {
	Backbone   []string `json:"backbone,omitempty"`   // when the status is ok
	Determined *int     `json:"determined,omitempty"` // when the status is ok, even 0
	File       string   `json:"file"`
	Kind       string   `json:"kind"`
	Ms         float64  `json:"ms"`
	Name       string   `json:"name"`
	Solver     string   `json:"solver"`
	Status     string   `json:"status"`
	Unknowns   int      `json:"unknowns"`
}

type countRecord struct {
	Count  int     `json:"count"`
	File   string  `json:"file"`
	Kind   string  `json:"kind"`
	Ms     float64 `json:"ms"`
	Name   string  `json:"name"`
	Solver string  `json:"solver"`
	Status string  `json:"status"`
}

type verifyRecord struct {
	File         string             `json:"file"`
	Kind         string             `json:"kind"`
	Name         string             `json:"name"`
	SolutionFile string             `json:"solution_file"`
	Valid        bool               `json:"valid"`
	Violations   []puzzle.Violation `json:"violations"`
}

type gradeRecord struct {
	Certified int            `json:"certified_eliminations"`
	File      string         `json:"file"`
	Kind      string         `json:"kind"`
	Layers    []human.Layer  `json:"layers"`
	Metrics   map[string]any `json:"metrics"`
	Ms        float64        `json:"ms"`
	Name      string         `json:"name"`
	Report    human.Report   `json:"report"`
	SATStatus string         `json:"sat_status"`
	Solution  []string       `json:"solution,omitempty"` // when solved
	Solver    string         `json:"solver"`
	Status    string         `json:"status"`
	// Steps is a pointer so that --steps writes the list even when it is
	// empty, and no key at all without --steps.
	Steps *[]answer.StepRecord `json:"steps,omitempty"`
}

type hintRecord struct {
	File      string             `json:"file"`
	Hint      *answer.StepRecord `json:"hint"`
	Kind      string             `json:"kind"`
	Name      string             `json:"name"`
	SATStatus string             `json:"sat_status"`
}
