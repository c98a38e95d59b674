package rules_test

import (
	"context"
	"fmt"
	"os"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	model "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	juosan "github.com/puzzlesat/puzzlesat/kinds/juosan/rules"
)

// load returns the rules' input for the janko puzzle called name.
func load(name string) (*juosan.Input, error) {
	data, err := os.ReadFile(testcorpus.Path("juosan", "janko", name+".in"))
	if err != nil {
		return nil, err
	}
	ps, err := model.Parse(name+".in", data)
	if err != nil {
		return nil, err
	}
	return juosan.New(ps[0])
}

// Solve janko #51 (test case 6x6_1) with the rules alone.
func ExampleNewEngine() {
	in, err := load("6x6_1")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := juosan.NewEngine(in, 0).Solve(context.Background(), in, in.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	r := res.Report
	fmt.Printf("%s: %d steps in %d layers, hardest %s (level %d)\n", res.Status, r.Steps, r.Depth, r.MaxRule, r.MaxLevel)
	fmt.Println("first:", res.Steps[0].Reason)
	fmt.Print(model.FormatGrid(in.Grid(res.Cands)))
	// Output:
	// solved: 35 steps in 13 layers, hardest territory-pairs (level 5)
	// first: the territory at r1c2 (number 7, 8 cells) needs 1 or 7 dashes (-) and the territory at r3c1 (number 5, 6 cells) needs 1 or 5 dashes (-); the first has 0 dashes (-) placed; with the runs within both and the second's number met, with r1c2 = | the first can only reach 2, 3, 4, 5, 6 dashes (-)
	// - - - - - |
	// | - | - - |
	// - | - | | -
	// - - - | - -
	// | - | - | |
	// | | - - | |
}

// The trial depth a puzzle needs: 10x10_49 is solved with trials of four
// rule layers, not fewer.
func ExampleNewEngine_trials() {
	in, err := load("10x10_49")
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := 0; k <= 4; k++ {
		res, err := juosan.NewEngine(in, k).Solve(context.Background(), in, in.Start())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("k=%d: %s, %d trial steps, trial depth %d\n", k, res.Status, res.Report.Trials, res.Report.TrialDepth)
	}
	// Output:
	// k=0: stuck, 0 trial steps, trial depth 0
	// k=1: stuck, 0 trial steps, trial depth 0
	// k=2: stuck, 0 trial steps, trial depth 0
	// k=3: stuck, 0 trial steps, trial depth 0
	// k=4: solved, 2 trial steps, trial depth 4
}
