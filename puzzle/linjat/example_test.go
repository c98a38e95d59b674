package linjat_test

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/linjat"
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

func ExampleSelect() {
	ps, err := linjat.ParseLevels("levels.json", []byte(`{
"tutorial": [{"message": "Welcome!"}, {"puzzle": ["2.", "  "]}],
"easy": [{"puzzle": [" .", "2 "], "score": 3}]
}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, key := range []string{"easy-1", "2", "tutorial/1"} {
		p, err := linjat.Select(ps, key)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s #%d %q\n", key, p.Title, p.Ordinal, p.Rowstrings())
	}
	// Output:
	// easy-1: easy/1 #3 [" ." "2 "]
	// 2: tutorial/2 #2 ["2." "  "]
	// linjat: no level tutorial 1 (it may be a message without a puzzle)
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
