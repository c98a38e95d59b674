// Package solvers is the explicit registry of SAT back-ends by name, the one
// place that knows them all. Names: "gini", "gophersat", and "ext:NAME" for a
// SAT-competition binary on PATH ("ext:cadical") or at a path
// ("ext:/opt/kissat"), optionally with options for it ("ext:cadical --sat").
package solvers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/ext"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// Backend describes one registered back-end.
type Backend struct {
	Name string
	Doc  string
	New  sat.Factory
}

// Default is the back-end used when none is named.
const Default = "gini"

// registry lists the in-process back-ends; ext:... names are resolved by New.
var registry = []Backend{
	{Name: gini.Name, Doc: "go-air/gini: incremental CDCL in-process, with failed assumptions and cancellation (the default)", New: gini.NewSolver},
	{Name: gophersat.Name, Doc: "crillab/gophersat: native cardinality and RUP certificates; each solve runs in a worker subprocess", New: gophersat.NewSolver},
}

// List returns the registered in-process back-ends, sorted by name.
func List() []Backend {
	out := append([]Backend(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// New returns a fresh solver for name ("" means Default).
func New(name string) (sat.Solver, error) {
	f, err := Factory(name)
	if err != nil {
		return nil, err
	}
	return f()
}

// Factory resolves name ("" means Default) once and returns what makes
// fresh solvers of that back-end. It fails as New does: on an unknown name,
// or on an ext: binary that is not there, so a command can reject a bad
// --solver before any work.
func Factory(name string) (sat.Factory, error) {
	if name == "" {
		name = Default
	}
	if bin, ok := strings.CutPrefix(name, "ext:"); ok {
		// ext.New looks the binary up; asking it once here reports a
		// missing one now rather than at the first solve.
		if _, err := ext.New(bin); err != nil {
			return nil, err
		}
		return func() (sat.Solver, error) { return ext.New(bin) }, nil
	}
	for _, b := range registry {
		if b.Name == name {
			return b.New, nil
		}
	}
	var names []string
	for _, b := range List() {
		names = append(names, b.Name)
	}
	return nil, fmt.Errorf("unknown solver %q (have %s, ext:NAME, ext:/path)", name, strings.Join(names, ", "))
}
