//go:build acceptance

package generate_test

import (
	"fmt"
	"testing"
)

// TestAcceptance: for each kind and band, a batch of 20 gives 20 distinct
// puzzles, each unique on gini, gophersat and cadical with the intended
// solution, graded again from its text into the band (`make acceptance`;
// TestBands runs the same with 2 in every test run).
func TestAcceptance(t *testing.T) {
	for _, tc := range acceptance {
		t.Run(fmt.Sprintf("%s-%s-%dx%d", tc.kind, tc.band, tc.rows, tc.cols), func(t *testing.T) {
			t.Parallel()
			checkBatch(t, tc.kind, tc.band, tc.rows, tc.cols, acceptanceCount)
		})
	}
}
