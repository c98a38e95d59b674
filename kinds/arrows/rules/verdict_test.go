package rules

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	acorpus "github.com/puzzlesat/puzzlesat/kinds/arrows/corpus"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
)

// The SAT-certified solves of the corpus and the audits of the rules
// files are crosscheck's tests (crosscheck/audit_test.go): a SAT oracle
// sits above this package.

// verdict is the reference solver's own result on one corpus puzzle.
type verdict struct {
	status string // SOLVED, UNDERCONSTRAINED, NO_SOLUTION
	maxc   int    // max_complexity_used
}

// referenceVerdicts reads testdata/arrows/reference-verdicts.txt: lines
// "2026-01-24 SOLVED maxc=3", # comments.
func referenceVerdicts(t *testing.T) map[string]verdict {
	t.Helper()
	out := map[string]verdict{}
	sc := bufio.NewScanner(bytes.NewReader(testcorpus.Read(t, "arrows", "reference-verdicts.txt")))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var name string
		var v verdict
		if _, err := fmt.Sscanf(line, "%s %s maxc=%d", &name, &v.status, &v.maxc); err != nil {
			t.Fatalf("reference-verdicts.txt:%d: %v", n, err)
		}
		out[name] = v
	}
	return out
}

// ourStatus names an engine status as the reference does.
func ourStatus(s human.Status) string {
	switch s {
	case human.StatusSolved:
		return "SOLVED"
	case human.StatusContradiction:
		return "NO_SOLUTION"
	}
	return "UNDERCONSTRAINED"
}

// TestReferenceVerdicts: with the reference's rules file, loaded unchanged,
// every corpus puzzle ends as the reference solver's own run ended, and
// the highest complexity used (Report.Complexity, its Backtrack rules
// included) is the reference's max_complexity_used.
func TestReferenceVerdicts(t *testing.T) {
	want := referenceVerdicts(t)
	rs, err := LoadRules(referenceRules)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := NewEngine(rs)
	if err != nil {
		t.Fatal(err)
	}
	ps := acorpus.Puzzles(t)
	if len(want) != len(ps) {
		t.Fatalf("have %d verdicts for %d puzzles", len(want), len(ps))
	}
	for _, p := range ps {
		res, err := eng.Solve(context.Background(), Input(p), Start(p))
		if err != nil {
			t.Fatal(err)
		}
		have := verdict{ourStatus(res.Status), res.Report.Complexity}
		w, ok := want[p.Name()]
		switch {
		case !ok:
			t.Errorf("%s: no reference verdict", p.Name())
		case have != w:
			t.Errorf("%s: have %s maxc=%d, want %s maxc=%d", p.Name(), have.status, have.maxc, w.status, w.maxc)
		}
	}
}
