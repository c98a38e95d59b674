package gophersat_test

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
	"github.com/puzzlesat/puzzlesat/sat/rup"
)

func TestConformance(t *testing.T) {
	conformance.Test(t, gophersat.NewSolver)
}

func TestCardsAreNotClauses(t *testing.T) {
	s := gophersat.New()
	s.AddClause(1, 2)
	s.AddAtLeast([]int{1, 2, -5}, 2)
	if have := s.NumVars(); have != 5 {
		t.Fatalf("NumVars() = %d, want 5 (a constraint's variables count)", have)
	}
	if have := len(s.Formula().Clauses); have != 1 {
		t.Fatalf("len(Formula().Clauses) = %d, want 1", have)
	}
	cards := s.Cards()
	if len(cards) != 1 || cards[0].AtLeast != 2 || len(cards[0].Lits) != 3 {
		t.Fatalf("Cards() = %v, want [{[1 2 -5] 2}]", cards)
	}
	if st, err := s.Solve(context.Background(), 5, -1); err != nil || st != sat.Unsat {
		t.Fatalf("Solve(5, -1) = %v, %v; want Unsat", st, err)
	}
}

func TestCertifiedRefusesCards(t *testing.T) {
	s := gophersat.New()
	s.AddAtLeast([]int{1, 2, 3}, 2)
	st, cert, err := s.SolveCertified(context.Background(), -1, -2)
	if err == nil || st != sat.Unknown || cert != nil {
		t.Fatalf("SolveCertified with a cardinality constraint = %v, %d lemmas, %v; want Unknown and an error", st, len(cert), err)
	}
}

// TestCertificateLong checks a certificate long enough to
// matter: pigeonhole 7→6 takes thousands of conflicts.
func TestCertificateLong(t *testing.T) {
	s := gophersat.New()
	f := conformance.Pigeonhole(7, 6)
	sat.Load(s, f)
	st, cert, err := s.SolveCertified(context.Background())
	if err != nil || st != sat.Unsat {
		t.Fatalf("SolveCertified(pigeonhole 7→6) = %v, %v; want Unsat", st, err)
	}
	if len(cert) < 100 {
		t.Fatalf("certificate has %d lemmas, want the learnt clauses of a real search (≥ 100)", len(cert))
	}
	if err := rup.Check(context.Background(), f, cert); err != nil {
		t.Fatalf("certificate of %d lemmas: %v", len(cert), err)
	}
}
