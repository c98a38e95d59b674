package human

import (
	"context"
	"fmt"
)

// A toy kind (7×7 Latin squares, see latin_test.go) with one rule: the
// rule alone gets stuck, trials of up to two rule layers finish the job.
func ExampleEngine_Solve() {
	l := parseLatin("7.42.3./.4.72../3..4.../....1.3/.5...../.271.../4....5.")
	for _, k := range []int{0, 2} {
		e := &Engine{Rules: []*Rule{nakedSingle}, Trials: k}
		res, err := e.Solve(context.Background(), l, l.start())
		if err != nil {
			fmt.Println(err)
			return
		}
		r := res.Report
		fmt.Printf("k=%d: %s after %d steps in %d layers; trial depth %d, %d trial steps\n",
			k, res.Status, r.Steps, r.Depth, r.TrialDepth, r.Trials)
	}
	// Output:
	// k=0: stuck after 17 steps in 1 layers; trial depth 0, 0 trial steps
	// k=2: solved after 48 steps in 16 layers; trial depth 2, 6 trial steps
}

func ExampleValidate() {
	err := Validate([]*Rule{
		{Name: "single", Doc: "one candidate left", Level: 1, Apply: func(*Pass) []Deduction { return nil }},
		{Name: "single", Level: 0},
	})
	fmt.Println(err)
	// Output:
	// human: invalid rules: rule 1: name "single" already used by rule 0
	// rule single has no doc
	// rule single has no Apply
	// rule single has level 0, want ≥ 1
}
