package certify_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/certify"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
)

func TestUnsat(t *testing.T) {
	xor := &sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}}
	implies := &sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}}}
	tests := []struct {
		name        string
		f           *sat.Formula
		assumptions []int
		wantErr     error
	}{
		{"pigeonhole 6 in 5", conformance.Pigeonhole(6, 5), nil, nil},
		{"xor", xor, nil, nil},
		{"empty clause", &sat.Formula{Vars: 2, Clauses: [][]int{{1, 2}, {}}}, nil, nil},
		{"unsat under an assumption", implies, []int{-2}, nil},
		{"unsat under assumptions on a fresh variable", implies, []int{3, -3}, nil},
		{"satisfiable", implies, nil, certify.ErrSatisfiable},
		{"satisfiable under assumptions", implies, []int{2, -1}, certify.ErrSatisfiable},
		{"no clauses", &sat.Formula{Vars: 3}, nil, certify.ErrSatisfiable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := certify.Unsat(context.Background(), tt.f, tt.assumptions)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("have error %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if c.Size() == 0 || len(c.Lemmas[c.Size()-1]) != 0 {
				t.Errorf("have lemmas %v, want them to end with the empty clause", c.Lemmas)
			}
			if c.Backend != "gophersat" {
				t.Errorf("have back-end %q, want gophersat", c.Backend)
			}
			// The certificate is about f and the assumptions, not f alone.
			if err := certify.Check(context.Background(), tt.f, tt.assumptions, c.Lemmas); err != nil {
				t.Errorf("re-check: %v", err)
			}
			if len(tt.assumptions) > 0 {
				if err := certify.Check(context.Background(), tt.f, nil, c.Lemmas); err == nil {
					t.Errorf("have the certificate accepted without the assumptions, want it rejected")
				}
			}
		})
	}
}

func TestUnsatCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c, err := certify.Unsat(ctx, conformance.Pigeonhole(5, 4), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("have %v, %v; want context.Canceled", c, err)
	}
}

// fake is a back-end that answers SolveCertified with a canned reply.
type fake struct {
	f      sat.Formula
	status sat.Status
	cert   [][]int
}

var (
	_ sat.Solver    = (*fake)(nil)
	_ sat.Certifier = (*fake)(nil)
)

func (f *fake) SolveCertified(context.Context, ...int) (sat.Status, [][]int, error) {
	return f.status, f.cert, nil
}
func (f *fake) Solve(context.Context, ...int) (sat.Status, error) { return f.status, nil }
func (f *fake) NewVar() int                                       { return f.f.NewVar() }
func (f *fake) AddClause(lits ...int)                             { f.f.AddClause(lits...) }
func (f *fake) Model() []bool                                     { return nil }
func (f *fake) Failed() []int                                     { return nil }
func (f *fake) NumVars() int                                      { return f.f.Vars }
func (f *fake) Formula() *sat.Formula                             { return &f.f }
func (f *fake) Capabilities() sat.Capabilities                    { return sat.Capabilities{Proof: true} }
func (f *fake) Name() string                                      { return "fake" }

// notCertifier hides fake's SolveCertified.
type notCertifier struct{ sat.Solver }

func TestProve(t *testing.T) {
	xor := sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}, Vars: 2}
	tests := []struct {
		name    string
		s       sat.Solver
		want    int    // lemmas in the certificate
		wantErr string // substring; "" means none
	}{
		{"valid", &fake{xor, sat.Unsat, [][]int{{2}, {}}}, 2, ""},
		{"empty clause appended", &fake{xor, sat.Unsat, [][]int{{2}}}, 2, ""},
		{"lemma not implied", &fake{xor, sat.Unsat, [][]int{{3}, {}}}, 0, "does not check: rup: lemma 1 [3]: not implied"},
		{"empty clause not implied", &fake{xor, sat.Unsat, nil}, 0, "does not check: rup: lemma 1 []"},
		{"satisfiable", &fake{xor, sat.Sat, nil}, 0, "satisfiable"},
		{"no answer", &fake{xor, sat.Unknown, nil}, 0, "fake gave no answer"},
		{"not a certifier", notCertifier{&fake{xor, sat.Unsat, nil}}, 0, "cannot produce certificates"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := certify.Prove(context.Background(), tt.s, nil)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("have error %v, want none", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("have error %v, want one containing %q", err, tt.wantErr)
			case err == nil && c.Size() != tt.want:
				t.Errorf("have %d lemmas %v, want %d", c.Size(), c.Lemmas, tt.want)
			}
		})
	}
}

func ExampleUnsat() {
	// x1 ∨ x2, ¬x1 ∨ x2, and the assumption ¬x2.
	f := &sat.Formula{Clauses: [][]int{{1, 2}, {-1, 2}}}
	c, err := certify.Unsat(context.Background(), f, []int{-2})
	if err != nil {
		panic(err)
	}
	fmt.Println("checked; last lemma:", c.Lemmas[c.Size()-1])
	// Output: checked; last lemma: []
}
