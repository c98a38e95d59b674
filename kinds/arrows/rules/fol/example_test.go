package fol_test

import (
	"fmt"

	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
)

// A rule is parsed, checked, compiled and run against a candidate grid;
// each witness of its condition gives the eliminations of its conclusions.
func Example() {
	ps, _ := arrows.Parse("row", []byte("arrows 1x3\n→ → ←\n"))
	p := ps[0]
	cond, _ := fol.ParseCondition("exists p (ahead(p) > 0)", fol.Position{Line: 1, Col: 1})
	concl, _ := fol.ParseConclusion("exclude(p, 0)", fol.Position{Line: 2, Col: 1})
	checked, err := fol.Check(cond, []*fol.Conclusion{concl})
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, _ := fol.Compile(checked, fol.AllOptimizations)
	state := fol.NewState(fol.NewWorld(p), []uint64{0b111, 0b111, 0b111})
	prog.Witnesses(state, func(env []int) bool {
		removed, _ := prog.Conclude(state, env)
		for cell, bits := range removed {
			fmt.Printf("%v loses %03b\n", p.Pos(cell), bits)
		}
		return true
	})
	// Output:
	// r1c1 loses 001
	// r1c2 loses 001
	// r1c3 loses 001
}
