package gini

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/go-air/gini"

	"github.com/puzzlesat/puzzlesat/sat"
)

// gini counts conflicts, guesses (decisions) and propagations in its
// internal solver (internal/xo's Stats, filled by (*xo.S).ReadStats, which
// its own command prints), but its public API does not expose them: Gini
// has one unexported field, the *xo.S. readStats reaches it by reflection.
// Everything it relies on is checked once (statsReader); if a gini release
// changes any of it, the counters are simply NotCounted, and the
// conformance suite's effort test, which every back-end that reports
// counters must pass, fails and says so.

// statsReader calls xo.S's ReadStats on a Gini and reads the three
// counters from the xo.Stats it filled; nil when gini's shape is not the
// one this was written for.
var statsReader = sync.OnceValue(func() func(g *gini.Gini) (sat.Stats, bool) {
	gt := reflect.TypeFor[gini.Gini]()
	if gt.NumField() != 1 {
		return nil
	}
	xs := gt.Field(0).Type // *xo.S
	if xs.Kind() != reflect.Pointer {
		return nil
	}
	m, ok := xs.MethodByName("ReadStats")
	if !ok || m.Type.NumIn() != 2 || m.Type.NumOut() != 0 || m.Type.In(1).Kind() != reflect.Pointer {
		return nil
	}
	st := m.Type.In(1).Elem() // xo.Stats
	var fields [3]int
	for i, name := range []string{"Conflicts", "Guesses", "Props"} {
		f, ok := st.FieldByName(name)
		if !ok || f.Type.Kind() != reflect.Int64 || len(f.Index) != 1 {
			return nil
		}
		fields[i] = f.Index[0]
	}
	return func(g *gini.Gini) (sat.Stats, bool) {
		fv := reflect.ValueOf(g).Elem().Field(0)
		// A value read through an unexported field cannot be called; the
		// same pointer taken afresh can.
		x := reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
		if x.IsNil() {
			return sat.Stats{}, false
		}
		out := reflect.New(st)
		x.Method(m.Index).Call([]reflect.Value{out})
		v := out.Elem()
		return sat.Stats{
			Conflicts:    v.Field(fields[0]).Int(),
			Decisions:    v.Field(fields[1]).Int(),
			Propagations: v.Field(fields[2]).Int(),
		}, true
	}
})

// collectStats adds what gini counted since the last call to s.stats
// (ReadStats hands over its counts and resets them). It runs after every
// search, never during one.
func (s *Solver) collectStats() {
	read := statsReader()
	if read == nil {
		s.stats = sat.Uncounted
		return
	}
	if st, ok := read(s.g); ok {
		s.stats = s.stats.Add(st)
	}
}

// dropStats reads and forgets what gini counted since the last call.
func (s *Solver) dropStats() {
	if read := statsReader(); read != nil {
		read(s.g)
	}
}

// Stats returns gini's conflicts, decisions and propagations, summed over
// every search this solver ran (a Solve under assumptions may run two:
// see the package comment).
func (s *Solver) Stats() sat.Stats { return s.stats }
