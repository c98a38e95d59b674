package solvers_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/rup"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// inProcess are the in-process back-ends.
var inProcess = []string{"gini", "gophersat"}

// compared are the back-ends every formula here goes through: the
// in-process ones and cadical, which CI installs (.ci/run) and which is
// used locally when it is on PATH.
func compared(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err == nil {
		return append(append([]string(nil), inProcess...), "ext:cadical")
	}
	if os.Getenv("CI") != "" {
		t.Fatal("cadical is not on PATH; CI installs it (.ci/run)")
	}
	return inProcess
}

// agree solves f with every back-end and checks that they agree on the
// status, that it is want (unless want is Unknown: not known in advance),
// and that every model satisfies f itself.
func agree(t *testing.T, name string, f *sat.Formula, want sat.Status) sat.Status {
	t.Helper()
	got := sat.Unknown
	backends := compared(t)
	for i, b := range backends {
		s, err := solvers.New(b)
		if err != nil {
			t.Fatal(err)
		}
		sat.Load(s, f)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		st, err := s.Solve(ctx)
		cancel()
		if err != nil {
			t.Fatalf("%s: %s: %v", name, b, err)
		}
		if st == sat.Sat {
			if ok, c := f.Satisfies(s.Model()); !ok {
				t.Fatalf("%s: %s: model falsifies clause %d %v", name, b, c, f.Clauses[c])
			}
		}
		if want != sat.Unknown && st != want {
			t.Fatalf("%s: %s = %v, want %v", name, b, st, want)
		}
		if i > 0 && st != got {
			t.Fatalf("%s: %s = %v but %s = %v", name, b, st, backends[0], got)
		}
		got = st
	}
	return got
}

// TestAgreeRandom3SAT: 500 random 3-SAT formulas at the threshold ratio
// 4.26, 20 to 50 variables, about half of them satisfiable.
func TestAgreeRandom3SAT(t *testing.T) {
	if testing.Short() {
		t.Skip("500 formulas on every back-end, tens of seconds: skipped by -short")
	}
	rng := rand.New(rand.NewPCG(2026, 426))
	counts := map[sat.Status]int{}
	for i := 0; i < 500; i++ {
		vars := 20 + rng.IntN(31)
		f := conformance.Random3SAT(rng, vars, (vars*426+50)/100)
		counts[agree(t, fmt.Sprintf("random %d (%d vars)", i, vars), f, sat.Unknown)]++
	}
	t.Logf("random instances: %d Sat, %d Unsat", counts[sat.Sat], counts[sat.Unsat])
	// Near the threshold both answers must be common; a back-end that
	// always said one thing would have failed above, this guards the
	// generator.
	if counts[sat.Sat] < 100 || counts[sat.Unsat] < 100 {
		t.Fatalf("random instances: %d Sat, %d Unsat; want at least 100 of each", counts[sat.Sat], counts[sat.Unsat])
	}
}

// TestAgreeRandom3SATLarger: 30 random 3-SAT formulas at ratio 4.26 with
// 100 to 120 variables: bigger searches than the 500 above.
func TestAgreeRandom3SATLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 100))
	for i := 0; i < 30; i++ {
		vars := 100 + rng.IntN(21)
		f := conformance.Random3SAT(rng, vars, (vars*426+50)/100)
		agree(t, fmt.Sprintf("random %d (%d vars)", i, vars), f, sat.Unknown)
	}
}

// corpus lists testdata/cnf/dir/*.cnf, sorted.
func corpus(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cnf", dir, "*.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no CNF files in testdata/cnf/%s", dir)
	}
	sort.Strings(files)
	return files
}

// TestAgreeCorpus: SATLIB's uniform random 3-SAT (all satisfiable) and two
// sudoku encodings (satisfiable).
func TestAgreeCorpus(t *testing.T) {
	for _, dir := range []string{"UF20", "UF50", "UF75", "sudoku"} {
		t.Run(dir, func(t *testing.T) {
			for _, path := range corpus(t, dir) {
				agree(t, filepath.Base(path), conformance.ReadFile(t, path), sat.Sat)
			}
		})
	}
}

// BenchmarkUUF250 solves SATLIB's unsatisfiable uniform random 3-SAT
// instances (250 variables) with each back-end and checks the answer. It is
// a benchmark, not a test, because each instance takes gini 13 to 60 CPU
// seconds on a 2-core machine (gophersat 5 to 15): run it with
//
//	go test -run '^$' -bench UUF250 -benchtime 1x ./sat/solvers
//
// The "gophersat-certified" runs also check gophersat's RUP certificate with
// sat/rup.
func BenchmarkUUF250(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cnf", "UUF250", "*.cnf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no CNF files in testdata/cnf/UUF250 (%v)", err)
	}
	sort.Strings(files)
	for _, path := range files {
		f := conformance.ReadFile(b, path)
		for _, name := range append(inProcess, "gophersat-certified") {
			b.Run(filepath.Base(path)+"/"+name, func(b *testing.B) {
				for b.Loop() {
					backend := name
					if name == "gophersat-certified" {
						backend = "gophersat"
					}
					s, err := solvers.New(backend)
					if err != nil {
						b.Fatal(err)
					}
					sat.Load(s, f)
					var st sat.Status
					var cert [][]int
					if name == "gophersat-certified" {
						st, cert, err = s.(sat.Certifier).SolveCertified(context.Background())
					} else {
						st, err = s.Solve(context.Background())
					}
					if err != nil || st != sat.Unsat {
						b.Fatalf("%s: %s = %v, %v; want Unsat", path, name, st, err)
					}
					if cert != nil {
						if err := rup.Check(context.Background(), f, cert); err != nil {
							b.Fatalf("%s: certificate of %d lemmas: %v", path, len(cert), err)
						}
						b.ReportMetric(float64(len(cert)), "lemmas")
					}
				}
			})
		}
	}
}
