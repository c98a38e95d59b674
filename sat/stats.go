package sat

import "sync"

// Stats are a back-end's search effort, summed over every Solve of one
// solver. Unlike time they are deterministic: the same formula and the same
// calls give the same counts on every run and every machine of one
// architecture, so CI can gate on them (bench compare). A counter the
// back-end does not keep is NotCounted.
type Stats struct {
	// Conflicts is the number of conflicts the search analysed.
	Conflicts int64 `json:"conflicts"`
	// Decisions is the number of branching decisions.
	Decisions int64 `json:"decisions"`
	// Propagations is the number of literals assigned by unit propagation.
	Propagations int64 `json:"propagations"`
}

// NotCounted is the value of a counter a back-end does not keep.
const NotCounted = -1

// Uncounted is Stats with no counter kept.
var Uncounted = Stats{Conflicts: NotCounted, Decisions: NotCounted, Propagations: NotCounted}

// Statser is implemented by back-ends that report their effort. Stats is
// cumulative over the solver's Solve calls so far; a back-end keeps the
// counters it can (Stats.Counted) and sets the others to NotCounted.
type Statser interface {
	Stats() Stats
}

// StatsOf returns s's counters, or Uncounted when s does not report any.
func StatsOf(s Solver) Stats {
	if st, ok := s.(Statser); ok {
		return st.Stats()
	}
	return Uncounted
}

// Add returns the sum of s and t, counter by counter; a counter either
// side does not keep stays NotCounted.
func (s Stats) Add(t Stats) Stats {
	add := func(a, b int64) int64 {
		if a == NotCounted || b == NotCounted {
			return NotCounted
		}
		return a + b
	}
	return Stats{
		Conflicts:    add(s.Conflicts, t.Conflicts),
		Decisions:    add(s.Decisions, t.Decisions),
		Propagations: add(s.Propagations, t.Propagations),
	}
}

// Counted reports whether any counter is kept.
func (s Stats) Counted() bool {
	return s.Conflicts != NotCounted || s.Decisions != NotCounted || s.Propagations != NotCounted
}

// Tally makes solvers with a factory and sums the effort of every solver
// it made, for code that measures drivers which make their own solvers
// (solve.Check makes one, kinds/shift/solve/deepen one per worker or part). It is safe
// for concurrent use.
type Tally struct {
	f       Factory
	mu      sync.Mutex
	solvers []Solver
}

// NewTally returns a tally over f.
func NewTally(f Factory) *Tally { return &Tally{f: f} }

// Factory returns a factory that makes solvers with the tally's factory
// and remembers them.
func (t *Tally) Factory() Factory {
	return func() (Solver, error) {
		s, err := t.f()
		if err != nil {
			return nil, err
		}
		t.mu.Lock()
		t.solvers = append(t.solvers, s)
		t.mu.Unlock()
		return s, nil
	}
}

// Stats sums StatsOf over the solvers made so far (Uncounted when none).
// Read it once the solvers are done: a solver is not safe for concurrent
// use, its counters included.
func (t *Tally) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.solvers) == 0 {
		return Uncounted
	}
	sum := Stats{}
	for _, s := range t.solvers {
		sum = sum.Add(StatsOf(s))
	}
	return sum
}
