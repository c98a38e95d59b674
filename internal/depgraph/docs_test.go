package depgraph

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmePackageTable: the README's package table names every package of
// the module, and every package it names exists. A name may be a pattern:
// "x/..." is x and everything below, "x/<kind>" any one package below x, "x/<kind>/y" y below any one of them.
func TestReadmePackageTable(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "| package | job |")
	if !ok {
		t.Fatal("README.md has no \"| package | job |\" table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var names []string
	cell := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(table, "\n") {
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			names = append(names, m[1])
		}
	}
	// A name is a Match pattern with "<kind>" for the "*" of one kind.
	matches := func(name, pkg string) bool {
		return Match(strings.ReplaceAll(name, "<kind>", "*"), pkg)
	}
	pkgs := modulePackages(t)
	for _, p := range pkgs {
		found := false
		for _, n := range names {
			found = found || matches(n, p.Path)
		}
		if !found {
			t.Errorf("package %s is not in the README's package table", p.Path)
		}
	}
	for _, n := range names {
		found := false
		for _, p := range pkgs {
			found = found || matches(n, p.Path)
		}
		if !found {
			t.Errorf("the README's package table names %s, which is no package", n)
		}
	}
}
