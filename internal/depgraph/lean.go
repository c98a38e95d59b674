package depgraph

import (
	"slices"
	"strings"
)

// Lean keeps a binary's start-up cheap: the main package Main (a path
// relative to the module) may not link, by any import path, a package
// matching one of Not (full import paths, standard library included:
// "net/http", "crypto/..."). Every package a binary links is initialised
// at every start, before the first line of the command runs, so a
// library pulled in for one command of another binary costs each run of
// this one.
type Lean struct {
	Main string
	Not  []string
	Why  string
}

// Leans are puzzlesat's start-up budgets.
var Leans = []Lean{
	{Main: "cmd/puzzlesat", Not: []string{"net/http", "net/http/...", "crypto/...", "github.com/schollz/progressbar/...", "github.com/tdewolff/...", "gonum.org/...", "github.com/chromedp/..."},
		Why: "puzzlesat answers one puzzle in milliseconds: an HTTP stack, TLS, a progress bar, a graphics or plotting library belong to the binaries of their own (puzzlesat-serve, -render, -report, -generate, -bench)"},
}

// LeanViolation is a package a lean binary links against its budget,
// with the import path that brings it in (the main package first).
type LeanViolation struct {
	Lean Lean
	Path []string
}

func (v LeanViolation) String() string {
	return v.Lean.Main + " links " + v.Path[len(v.Path)-1] + ": " + strings.Join(v.Path, " → ") + " (" + v.Lean.Why + ")"
}

// CheckLean reports every package main (its full import path) reaches in
// imports (full import paths, standard library included) that lean
// refuses, each with a shortest import path to it; a package reached only
// through another refused one is not named again.
func CheckLean(main string, imports map[string][]string, lean Lean) []LeanViolation {
	var out []LeanViolation
	reach := reachable(main, imports)
	refused := func(p string) bool {
		return slices.ContainsFunc(lean.Not, func(pat string) bool { return Match(pat, p) })
	}
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range reach {
			if !yield(p) {
				return
			}
		}
	}) {
		path := reach[p]
		if refused(p) && !slices.ContainsFunc(path[:len(path)-1], refused) {
			out = append(out, LeanViolation{Lean: lean, Path: path})
		}
	}
	return out
}
