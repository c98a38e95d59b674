package gini_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/conformance"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

func TestConformance(t *testing.T) {
	conformance.Test(t, func() (sat.Solver, error) { return gini.New(), nil })
}
