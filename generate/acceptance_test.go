//go:build acceptance

package generate_test

import (
	"fmt"
	"testing"
)

// TestAcceptance: for each kind and band, a batch of 20 (3 of the slow
// Shinro expert band) gives as many distinct puzzles, each unique on gini,
// gophersat and cadical with the intended solution, graded again from its
// text into the band (`make acceptance`; TestBands runs the same with 2 in
// every test run).
func TestAcceptance(t *testing.T) {
	for _, tc := range acceptance(t) {
		t.Run(fmt.Sprintf("%s-%s-%dx%d", tc.kind, tc.band, tc.rows, tc.cols), func(t *testing.T) {
			t.Parallel()
			n := acceptanceCount
			if tc.slow {
				// Minutes of CPU a puzzle: 20 would hold CI up for an hour.
				n = 3
			}
			checkBatch(t, tc.kind, tc.band, tc.rows, tc.cols, n)
		})
	}
}
