package ext_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/sat/conformance"
)

func TestConformance(t *testing.T) {
	for _, bin := range binaries {
		t.Run(bin, func(t *testing.T) {
			conformance.Test(t, need(t, bin))
		})
	}
}
