//go:build acceptance

package serve

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
)

// TestAcceptanceShiftSolveReborn: by default the playground proves a
// shortest solution as shift solve does (auto: the exact search beside
// SAT), so the bundled Reborn example is answered within the default
// request limit (SAT alone took over a minute).
func TestAcceptanceShiftSolveReborn(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	var res answer.ShortestRecord
	post(t, ts, "/api/shift/solve", map[string]any{"builtin": "reborn"}, &res)
	if res.Status != "optimal" || len(res.Moves) != 11 || res.Proof == "" {
		t.Errorf("reborn: have %s in %d moves proven by %q, want optimal in 11", res.Status, len(res.Moves), res.Proof)
	}
}
