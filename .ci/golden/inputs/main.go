// Command inputs lists what .ci/golden/run.sh runs the commands on, read
// from the registry (kinds.Default), so that a new kind is covered by
// adding it: each kind's declared corpus (kind.Corpus: its Example, its
// Sample and its Pictures' files), its readings (Corpus.Readings) and a
// value its flags refuse, and a generation of each kind that generates
// (its corpus's easiest quick band, Corpus.Generate; none declared: any).
// Run from the repository root; one line a record, tab-separated:
//
//	input FILE          every puzzle command runs on FILE
//	picture FILE        render draws FILE in every mode
//	flag FILE NAME VAL  check runs on FILE with --NAME VAL
//	generate KIND BAND SIZE  generate makes a puzzle (SIZE RxC or "-": the band's)
//
// A kind's example is its bundled file kinds/<kind>/examples/NAME.txt; a
// corpus path is below testdata/.
package main

import (
	"fmt"
	"os"
	"path"
	"slices"

	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

func main() {
	var lines []string
	add := func(format string, args ...any) {
		if l := fmt.Sprintf(format, args...); !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	reg := kinds.Default()
	for _, k := range reg.All() {
		c := k.Corpus
		if c == nil {
			fail("%s declares no corpus", k.Name)
		}
		example := ""
		if c.Example != "" {
			example = path.Join("kinds", k.Name, "examples", c.Example+".txt")
			if _, err := os.Stat(example); err != nil {
				fail("%s's example: %v", k.Name, err)
			}
			add("input\t%s", example)
		}
		for _, s := range c.Sample {
			add("input\t%s", corpus(s))
		}
		for _, p := range c.Pictures {
			add("input\t%s", corpus(p.File))
			add("picture\t%s", corpus(p.File))
		}
		if example == "" {
			continue
		}
		for _, r := range c.Readings {
			if r.Flag != "" {
				add("flag\t%s\t%s\t%s", example, r.Flag, r.Value)
			}
		}
		for _, f := range k.Flags {
			if len(f.Values) > 0 {
				add("flag\t%s\t%s\t%s", example, f.Name, "no-such-value")
			}
		}
	}
	for _, name := range generate.Kinds(reg) {
		band, size := "any", "-"
		if c := reg.MustFind(name).Corpus; c != nil {
			if i := slices.IndexFunc(c.Generate, func(g kind.GenCase) bool { return !g.Slow }); i >= 0 {
				g := c.Generate[i]
				band, size = g.Band, fmt.Sprintf("%dx%d", g.Rows, g.Cols)
			}
		}
		add("generate\t%s\t%s\t%s", name, band, size)
	}
	for _, l := range lines {
		fmt.Println(l)
	}
}

// corpus is the path of a corpus entry (kind.Corpus: relative to
// testdata/, maybe with #SEL) from the repository root.
func corpus(p string) string {
	return path.Clean(path.Join("testdata", p))
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "inputs: "+format+"\n", args...)
	os.Exit(1)
}
