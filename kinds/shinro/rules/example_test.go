package rules_test

import (
	"context"
	"fmt"

	scorpus "github.com/puzzlesat/puzzlesat/kinds/shinro/corpus"

	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	hs "github.com/puzzlesat/puzzlesat/kinds/shinro/rules"
)

func ExampleGrade() {
	ps, err := scorpus.Load()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int{1, 94} {
		p, _ := shinro.FindNumber(ps, n)
		res, err := hs.Grade(context.Background(), p)
		if err != nil {
			fmt.Println(err)
			return
		}
		m := hs.MetricsOf(p, res)
		fmt.Printf("#%d %s: m=%d a=%d, %s, level %.2f (playshinro: %s, %.2f)\n", n, res.Status, m.M, m.A, m.Class(), m.Level(hs.DefaultBounds), hs.PlayshinroClass(n), p.Difficulty)
	}
	// Output:
	// #1 solved: m=18 a=84, Easy, level 0.17 (playshinro: Easy, 0.18)
	// #94 solved: m=25 a=39, Hard, level 0.95 (playshinro: Hard, 0.95)
}
