package model_test

import (
	"fmt"

	juosan "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

func ExampleParse() {
	text := `juosan          # a 3×3 puzzle with three territories
size 3 3
grid
a2 a  b
c  c  b1
c  c  b
solution
- - |
| - -
- | -
`
	ps, err := juosan.Parse("example.juosan", []byte(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ps[0]
	fmt.Println(p.NumRegions(), "territories; territory 2 has", p.Size(2), "cells")
	fmt.Println(p.Verify(p.Solution))
	fmt.Println(juosan.FormatURL(p))
	// Output:
	// 3 territories; territory 2 has 4 cells
	// []
	// https://puzz.link/p?juosan/3/3/ago021g
}

// A puzz.link URL, written in the canonical format.
func ExampleFormats() {
	ps, err := juosan.Parse("", []byte("https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"))
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := juosan.Formats.Write("canonical", ps)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// juosan
	// size 6 6
	// grid
	// a1 b7 b  b  b  c2
	// a  b  b  b  b  c
	// d5 d  d  e3 e  e
	// d  d  d  e  e  e
	// f3 f  g3 g  h4 h
	// f  f  g  g  h  h
	// end
}

// Errors name the file, line and column.
func ExampleParse_error() {
	_, err := juosan.Parse("5x5_3.in", []byte("1 3\n2\n-1 -1\n1 2 1\n"))
	fmt.Println(err)
	// Output:
	// 5x5_3.in:4:5: territory 1 is not connected: r1c3 cannot reach r1c1 (label first at line 4 col 1) within the territory
}
