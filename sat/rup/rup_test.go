package rup

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

func loadPigeonhole(t testing.TB) (*sat.Formula, [][]int) {
	t.Helper()
	f, err := dimacs.ReadFile("testdata/php7.cnf")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/php7.rup")
	if err != nil {
		t.Fatal(err)
	}
	var cert [][]int
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || fs[len(fs)-1] != "0" {
			t.Fatalf("bad certificate line %q", sc.Text())
		}
		lemma := []int{}
		for _, s := range fs[:len(fs)-1] {
			l, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			lemma = append(lemma, l)
		}
		cert = append(cert, lemma)
	}
	return f, cert
}

func clone(cert [][]int) [][]int {
	out := make([][]int, len(cert))
	for i, c := range cert {
		out[i] = append([]int{}, c...)
	}
	return out
}

func TestPigeonhole(t *testing.T) {
	f, cert := loadPigeonhole(t)
	if len(cert) != 693 {
		t.Fatalf("have %d lemmas in testdata/php7.rup, want 693", len(cert))
	}
	if err := Check(context.Background(), f, cert); err != nil {
		t.Fatalf("have %v for gophersat's certificate, want it accepted", err)
	}

	tests := []struct {
		name   string
		tamper func([][]int) [][]int
		want   int // index of the rejected lemma; -1: ErrNoEmptyClause
	}{
		// Negating x1 alone propagates nothing in a pigeonhole formula.
		{"first lemma replaced by a unit", func(c [][]int) [][]int { c[0] = []int{1}; return c }, 0},
		// The first lemma is -17 10 4 9 3 8 2 7 1: with 17 true, pigeons
		// 1 and 2 both need hole 6. With 17 false nothing propagates.
		{"literal flipped", func(c [][]int) [][]int { c[0][0] = -c[0][0]; return c }, 0},
		{"empty clause removed", func(c [][]int) [][]int { return c[:len(c)-1] }, -1},
		{"empty certificate", func(c [][]int) [][]int { return nil }, -1},
		{"empty clause first", func(c [][]int) [][]int { return [][]int{{}} }, 0},
		{"literal 0 in a lemma", func(c [][]int) [][]int { c[5] = append(c[5], 0); return c }, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(context.Background(), f, tt.tamper(clone(cert)))
			var e *Error
			switch {
			case tt.want == -1 && !errors.Is(err, ErrNoEmptyClause):
				t.Errorf("have %v, want ErrNoEmptyClause", err)
			case tt.want >= 0 && !errors.As(err, &e):
				t.Errorf("have %v, want a rejected lemma %d", err, tt.want)
			case tt.want >= 0 && e.Index != tt.want:
				t.Errorf("have lemma %d rejected (%v), want lemma %d", e.Index, err, tt.want)
			}
		})
	}
}

func TestSmall(t *testing.T) {
	xor := [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}} // unsatisfiable
	tests := []struct {
		name    string
		clauses [][]int
		cert    [][]int
		ok      bool
	}{
		{"two lemmas", xor, [][]int{{2}, {}}, true},
		{"empty clause needs a lemma", xor, [][]int{{}}, false},
		{"lemmas after the empty clause are ignored", xor, [][]int{{2}, {}, {7, 8}}, true},
		{"tautological lemma", xor, [][]int{{3, -3}, {2}, {}}, true},
		{"lemma with a new variable", xor, [][]int{{2, 9}, {2}, {}}, true},
		{"formula refuted by units", [][]int{{1}, {-1, 2}, {-2}}, [][]int{{}}, true},
		{"formula holds the empty clause", [][]int{{1, 2}, {}}, [][]int{{}}, true},
		{"satisfiable formula", [][]int{{1, 2}, {-1}}, [][]int{{2}, {}}, false},
		{"duplicate literals", [][]int{{1, 1, 2}, {-1, -1}, {-2, -2}}, [][]int{{}}, true},
		{"tautological clause ignored", [][]int{{1, -1}, {2}, {-2, 3}}, [][]int{{}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &sat.Formula{}
			for _, c := range tt.clauses {
				f.AddClause(c...)
			}
			err := Check(context.Background(), f, tt.cert)
			if (err == nil) != tt.ok {
				t.Errorf("have %v, want accepted=%v", err, tt.ok)
			}
		})
	}
}

// naiveImplied decides RUP by repeatedly scanning every clause.
func naiveImplied(clauses [][]int, lemma []int) bool {
	val := map[int]bool{} // variable -> value
	set := func(l int) bool {
		v, want := l, true
		if l < 0 {
			v, want = -l, false
		}
		if have, ok := val[v]; ok {
			return have == want
		}
		val[v] = want
		return true
	}
	for _, l := range lemma {
		if !set(-l) {
			return true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			sat, open := false, []int{}
			for _, l := range c {
				v := max(l, -l)
				if have, ok := val[v]; !ok {
					if !slices.Contains(open, l) {
						open = append(open, l)
					}
				} else if have == (l > 0) {
					sat = true
				}
			}
			switch {
			case sat:
			case len(open) == 0:
				return true
			case len(open) == 1:
				set(open[0])
				changed = true
			}
		}
	}
	return false
}

// TestAgainstNaive compares the watched-literal checker with a naive one on
// random formulas and random lemma sequences.
func TestAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lit := func(vars int) int {
		v := 1 + r.IntN(vars)
		if r.IntN(2) == 0 {
			return -v
		}
		return v
	}
	rejected, accepted := 0, 0
	for round := 0; round < 2000; round++ {
		vars := 3 + r.IntN(6)
		f := &sat.Formula{Vars: vars}
		for i := 0; i < vars*3; i++ {
			c := make([]int, 1+r.IntN(3))
			for j := range c {
				c[j] = lit(vars)
			}
			f.AddClause(c...)
		}
		cert := make([][]int, 1+r.IntN(5))
		for i := range cert {
			cert[i] = make([]int, r.IntN(3))
			for j := range cert[i] {
				cert[i][j] = lit(vars)
			}
		}
		cert = append(cert, []int{})

		want := -1 // index of the first lemma naive rejects; -1: all accepted
		db := append([][]int{}, f.Clauses...)
		for i, lemma := range cert {
			if !naiveImplied(db, lemma) {
				want = i
				break
			}
			db = append(db, lemma)
		}
		err := Check(context.Background(), f, cert)
		var e *Error
		switch {
		case want == -1 && err != nil:
			t.Fatalf("formula %v cert %v: have %v, want accepted", f.Clauses, cert, err)
		case want >= 0 && (!errors.As(err, &e) || e.Index != want):
			t.Fatalf("formula %v cert %v: have %v, want lemma %d rejected", f.Clauses, cert, err, want)
		case want == -1:
			accepted++
		default:
			rejected++
		}
	}
	if accepted == 0 || rejected == 0 {
		t.Errorf("have %d accepted and %d rejected certificates, want some of each", accepted, rejected)
	}
}

func BenchmarkCheckPigeonhole7(b *testing.B) {
	f, cert := loadPigeonhole(b)
	for b.Loop() {
		if err := Check(context.Background(), f, cert); err != nil {
			b.Fatal(err)
		}
	}
}

// A check whose context has ended stops with the context's error instead of
// running to the end (cnf solve --certify --timeout must keep its deadline).
func TestCheckCancelled(t *testing.T) {
	f, cert := loadPigeonhole(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if have := Check(ctx, f, cert); !errors.Is(have, context.Canceled) {
		t.Errorf("Check after cancel = %v, want context.Canceled", have)
	}
}
