package sat_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
)

func TestStatsAdd(t *testing.T) {
	tests := []struct {
		a, b, want sat.Stats
	}{
		{sat.Stats{1, 2, 3}, sat.Stats{10, 20, 30}, sat.Stats{11, 22, 33}},
		{sat.Stats{1, 2, sat.NotCounted}, sat.Stats{10, 20, 30}, sat.Stats{11, 22, sat.NotCounted}},
		{sat.Uncounted, sat.Stats{}, sat.Uncounted},
	}
	for _, tc := range tests {
		if have := tc.a.Add(tc.b); have != tc.want {
			t.Errorf("%+v.Add(%+v) = %+v, want %+v", tc.a, tc.b, have, tc.want)
		}
		if have := tc.b.Add(tc.a); have != tc.want {
			t.Errorf("%+v.Add(%+v) = %+v, want %+v", tc.b, tc.a, have, tc.want)
		}
	}
	if sat.Uncounted.Counted() || !(sat.Stats{Conflicts: 0, Decisions: sat.NotCounted, Propagations: sat.NotCounted}).Counted() {
		t.Error("Counted: want false for Uncounted, true when one counter is kept")
	}
}

// counting is a solver whose every Solve counts one conflict.
type counting struct {
	f sat.Formula
	n int64
}

func (c *counting) NewVar() int                                       { return c.f.NewVar() }
func (c *counting) AddClause(lits ...int)                             { c.f.AddClause(lits...) }
func (c *counting) Solve(context.Context, ...int) (sat.Status, error) { c.n++; return sat.Unsat, nil }
func (c *counting) Model() []bool                                     { return nil }
func (c *counting) Failed() []int                                     { return nil }
func (c *counting) NumVars() int                                      { return c.f.Vars }
func (c *counting) Formula() *sat.Formula                             { return &c.f }
func (c *counting) Capabilities() sat.Capabilities                    { return sat.Capabilities{} }
func (c *counting) Name() string                                      { return "counting" }
func (c *counting) Stats() sat.Stats                                  { return sat.Stats{Conflicts: c.n} }

// uncounting reports nothing.
type uncounting struct{ counting }

func (uncounting) Stats() {}

func TestTally(t *testing.T) {
	ctx := context.Background()
	tally := sat.NewTally(func() (sat.Solver, error) { return &counting{}, nil })
	if have := tally.Stats(); have != sat.Uncounted {
		t.Errorf("no solver yet: have %+v, want Uncounted", have)
	}
	f := tally.Factory()
	for i := 1; i <= 3; i++ {
		s, err := f()
		if err != nil {
			t.Fatal(err)
		}
		for range i {
			s.Solve(ctx)
		}
	}
	if have, want := tally.Stats(), (sat.Stats{Conflicts: 6}); have != want {
		t.Errorf("three solvers, 1+2+3 solves: have %+v, want %+v", have, want)
	}
	mixed := sat.NewTally(func() (sat.Solver, error) { return &uncounting{}, nil })
	if _, err := mixed.Factory()(); err != nil {
		t.Fatal(err)
	}
	if have := mixed.Stats(); have != sat.Uncounted {
		t.Errorf("a solver that is no Statser: have %+v, want Uncounted", have)
	}
}
