package model_test

import (
	"fmt"

	linjat "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

func ExampleParseText() {
	p, err := linjat.ParseText("small.linjat", []byte(`linjat
name small
size 3 3
3__
_2.
.__
solution
3__
|2-
|__
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range p.Vars() {
		fmt.Println(v.Name, v.Domain)
	}
	fmt.Println(p.Solution, p.Verify(p.Solution) == nil)
	// The 3 across and the 2 down leave both dots uncovered.
	for _, v := range p.Verify(puzzle.Assignment{0, 3}) {
		fmt.Println(v)
	}
	// Output:
	// r1c1 [h:c1-c3 v:r1-r3]
	// r2c2 [h:c1-c2 h:c2-c3 v:r1-r2 v:r2-r3]
	// [1 1] true
	// uncovered-dot at r2c3: the dot at r2c3 is not covered
	// uncovered-dot at r3c1: the dot at r3c1 is not covered
}

func ExampleAliases() {
	data := []byte(`{
"tutorial": [{"message": "Welcome!"}, {"puzzle": ["2.", "  "]}],
"easy": [{"puzzle": [" .", "2 "], "score": 3}]
}`)
	levels, _ := linjat.Formats.Lookup("levels")
	for _, sel := range []string{"easy-1", "1", "3", "tutorial/2"} {
		p, err := levels.Select("levels.json", data, puzzle.ParseSelection(sel, linjat.Aliases))
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("#%s: %s, entry %d %q\n", sel, p.Title, p.Entry, p.Rowstrings())
	}
	// Output:
	// #easy-1: easy/1, entry 3 [" ." "2 "]
	// levels.json: entry 1 (tutorial/1) holds no puzzle
	// #3: easy/1, entry 3 [" ." "2 "]
	// #tutorial/2: tutorial/2, entry 2 ["2." "  "]
}

func ExampleFormats() {
	data := []byte("3 .\n 2 \n.  \n")
	fmt.Println(linjat.Formats.Detect("small.txt", data).Name)
	ps, err := linjat.Parse("small.txt", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := linjat.Formats.Write("canonical", ps)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// rows
	// linjat
	// name small.txt
	// size 3 3
	// 3_.
	// _2_
	// .__
}
