package model_test

import (
	"fmt"

	shinro "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

func ExampleParseText() {
	p, err := shinro.ParseText("small.shinro", []byte(`shinro
size 3 4
stones 3
cols: 1 0 1 1
1  6 . . .
1  . . 4 .
1  9 . . .
solution
. . * .
* . 4 .
. . . *
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Rows(), p.Cols(), p.NumVars(), "unknowns")
	fmt.Println(p.Verify(p.Solution) == nil)
	wrong := p.AssignmentOf(shinro.Stones{{false, false, false, true}, {true, false, false, false}, {false, false, true, false}})
	for _, v := range p.Verify(wrong) {
		fmt.Println(v)
	}
	// Output:
	// 3 4 9 unknowns
	// true
	// arrow-sees-no-stone at r3c1: arrow 9 at r3c1 sees no stone
}

func ExampleParse() {
	_, err := shinro.Parse("bad.json", []byte(`[{"index": 1, "grid": [[0, 0, 12]]}]`))
	for _, e := range err.(puzzle.ErrorList) {
		fmt.Println(e)
	}
	// Output:
	// bad.json:1:23: entry 1 (playshinro 1): want 8 grid rows, have 1
	// bad.json:1:24: entry 1 (playshinro 1): grid row 1 has 3 cells, want 8
	// bad.json:1:31: entry 1 (playshinro 1): grid cell r1c3: want a code 0-9 (0 empty, 5 stone, numpad arrow), have number 12
}
