package rules_test

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	pl "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/rules"
)

func ExampleGrade() {
	p, err := pl.ParseRows("small", []byte("3  \n 2.\n.  "))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := linjat.Grade(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Steps {
		fmt.Printf("%d %s: %s\n", s.Layer, s.Rule, s.Reason)
	}
	// One COVER layer of width 2: 1 − 2 (the widest layer, weight −1) = −1.
	fmt.Println(res.Status, linjat.Score(res, linjat.DefaultWeights()))
	for _, row := range p.Draw(human.Values(res.Cands)) {
		fmt.Printf("%q\n", row)
	}
	// Output:
	// 0 COVER: only the 2 at r2c2 can reach the dot at r2c3: not the line r2c1–r2c2, the line r1c2–r2c2 or the line r2c2–r3c2
	// 0 COVER: only the 3 at r1c1 can reach the dot at r3c1: not the line r1c1–r1c3
	// solved -1
	// "3  "
	// "|2-"
	// "|  "
}
