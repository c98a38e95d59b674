package ext_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/ext"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// binaries are the solvers CI installs (.ci/run); they must be on PATH.
var binaries = []string{"cadical", "minisat"}

// need returns a solver for binary, failing in CI when it is missing.
func need(t *testing.T, binary string) func() (sat.Solver, error) {
	t.Helper()
	if _, err := exec.LookPath(binary); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not on PATH; CI installs it (.ci/run)", binary)
		}
		t.Skipf("%s is not on PATH (install it to run this test; CI does)", binary)
	}
	return func() (sat.Solver, error) { return ext.New(binary) }
}

func TestBasics(t *testing.T) {
	tests := []struct {
		name        string
		clauses     [][]int
		assumptions []int
		want        sat.Status
	}{
		{"no clauses", nil, nil, sat.Sat},
		{"empty clause", [][]int{{1}, {}}, nil, sat.Unsat},
		{"units", [][]int{{1}, {-2}, {3, -1}}, nil, sat.Sat},
		{"xor is unsat", [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}, nil, sat.Unsat},
		{"assumption makes it unsat", [][]int{{1, 2}, {-1, 2}}, []int{-2}, sat.Unsat},
		{"assumption is kept in the model", [][]int{{1, 2}}, []int{-1}, sat.Sat},
		{"assumption on a fresh variable", [][]int{{1, 2}}, []int{-5}, sat.Sat},
	}
	for _, bin := range binaries {
		t.Run(bin, func(t *testing.T) {
			newSolver := need(t, bin)
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					s, err := newSolver()
					if err != nil {
						t.Fatal(err)
					}
					for _, c := range tt.clauses {
						s.AddClause(c...)
					}
					have, err := s.Solve(context.Background(), tt.assumptions...)
					if err != nil || have != tt.want {
						t.Fatalf("have %v, %v; want %v", have, err, tt.want)
					}
					m := s.Model()
					if have != sat.Sat {
						if m != nil {
							t.Errorf("have model %v after %v, want nil", m, have)
						}
						return
					}
					if ok, i := s.Formula().Satisfies(m); !ok {
						t.Errorf("model %v falsifies clause %d", m, i)
					}
					if len(m) != s.NumVars()+1 {
						t.Errorf("have model of length %d, want NumVars+1 = %d", len(m), s.NumVars()+1)
					}
					for _, a := range tt.assumptions {
						if v := max(a, -a); v < len(m) && m[v] != (a > 0) {
							t.Errorf("model %v falsifies assumption %d", m, a)
						}
					}
					if len(tt.assumptions) == 0 {
						return
					}
					// The assumptions hold for one call only.
					if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
						t.Errorf("without assumptions: have %v, %v; want SATISFIABLE", st, err)
					}
				})
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	need(t, "cadical")
	path, err := exec.LookPath("cadical")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ext:cadical", "ext:" + path} {
		s, err := solvers.New(name)
		if err != nil {
			t.Fatalf("solvers.New(%q): %v", name, err)
		}
		if s.Name() != name {
			t.Errorf("have name %q, want %q", s.Name(), name)
		}
		s.AddClause(1)
		if st, err := s.Solve(context.Background(), -1); st != sat.Unsat || err != nil {
			t.Errorf("%s: have %v, %v; want UNSATISFIABLE", name, st, err)
		}
	}
	if _, err := solvers.New("ext:no-such-solver-puzzlesat"); err == nil {
		t.Error("have no error for a missing binary, want one")
	}
}

func TestNewErrors(t *testing.T) {
	for _, bin := range []string{"", "no-such-solver-puzzlesat", "/no/such/solver", t.TempDir()} {
		if s, err := ext.New(bin); err == nil {
			t.Errorf("New(%q): have %v, want an error", bin, s.Name())
		}
	}
	s, err := ext.New("cadical")
	if err != nil {
		need(t, "cadical")
		t.Fatal(err)
	}
	if s.Name() != "ext:cadical" {
		t.Errorf("have name %q, want ext:cadical", s.Name())
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	newSolver := need(t, "cadical")
	s, err := newSolver()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := s.Solve(ctx)
	if st != sat.Unknown || !errors.Is(err, context.Canceled) {
		t.Errorf("have %v, %v; want UNKNOWN, context.Canceled", st, err)
	}
}

// BenchmarkOverhead measures one Solve on a trivial formula: the cost of
// writing the file, starting the process and reading its answer.
func BenchmarkOverhead(b *testing.B) {
	for _, bin := range binaries {
		b.Run(bin, func(b *testing.B) {
			s, err := ext.New(bin)
			if err != nil {
				b.Skip(err)
			}
			s.AddClause(1, 2)
			s.AddClause(-1)
			for b.Loop() {
				if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
					b.Fatal(st, err)
				}
			}
		})
	}
}
