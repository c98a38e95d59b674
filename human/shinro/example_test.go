package shinro_test

import (
	"context"
	"fmt"

	hs "github.com/puzzlesat/puzzlesat/human/shinro"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/puzzle/shinro"
)

func ExampleGrade() {
	ps, err := testcorpus.LoadShinro()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []int{1, 94} {
		p, _ := shinro.FindNumber(ps, n)
		res, err := hs.Grade(context.Background(), p, 0)
		if err != nil {
			fmt.Println(err)
			return
		}
		m := hs.MetricsOf(res)
		fmt.Printf("#%d %s: m=%d a=%d, %s (playshinro: %s)\n", n, res.Status, m.M, m.A, hs.Class(res), hs.PlayshinroClass(n))
	}
	// Output:
	// #1 solved: m=18 a=66, Easy (playshinro: Easy)
	// #94 solved: m=26 a=42, Hard (playshinro: Hard)
}
