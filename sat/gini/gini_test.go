package gini_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func TestConformance(t *testing.T) {
	conformance.Test(t, gini.NewSolver)
}
