package kindtest_test

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// The whole pipeline on one puzzle: detect the kind, parse, prove the
// solution unique with SAT, then solve it like a person with every step
// certified by SAT.
func Example() {
	url := []byte("https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334")
	k, err := kinds.Default().Detect("janko51", url)
	if err != nil {
		panic(err)
	}
	insts, err := k.Parse("janko51", url, kind.Options{}.With("rule", "either"))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	check, err := solve.Check(ctx, insts[0], gini.NewSolver, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(k.Name, check.Status)
	for _, row := range insts[0].Draw(check.First) {
		fmt.Println(row)
	}
	g, err := crosscheck.Grade(ctx, insts[0], crosscheck.Options{Solver: gini.NewSolver, Trials: -1, CertifySteps: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Human.Status, "by rules; hardest:", g.Human.Report.MaxRule, "; all eliminations certified:", g.Certified > 0)
	// Output:
	// juosan unique
	// - - - - - |
	// | - | - - |
	// - | - | | -
	// - - - | - -
	// | - | - | |
	// | | - - | |
	// solved by rules; hardest: territory-pairs ; all eliminations certified: true
}
