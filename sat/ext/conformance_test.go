package ext_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/sat/conformance"
)

// TestConformance runs the suite on every external solver, side by side:
// the time goes into starting hundreds of processes (minisat takes 38 ms
// to start, cadical 6 ms), not into the cores.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("hundreds of solver processes, minutes on a busy machine: skipped by -short")
	}
	for _, bin := range binaries {
		t.Run(bin, func(t *testing.T) {
			t.Parallel()
			conformance.Test(t, need(t, bin))
		})
	}
}
