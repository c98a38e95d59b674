package depgraph

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The questions the midend (package answer) asks for every front end: a
// front end that called these itself would map their outcomes to statuses
// again, apart from the others (issue 34).
var midendOnly = map[string][]string{
	"github.com/puzzlesat/puzzlesat/solve":      {"One", "Check", "Backbone", "Count"},
	"github.com/puzzlesat/puzzlesat/crosscheck": {"Grade"},
}

// midendCalls lists the calls of src (a Go file called name) to what only
// the midend calls, as "name:line: pkg.Func".
func midendCalls(t *testing.T, fset *token.FileSet, name string, src any) []string {
	t.Helper()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	local := map[string]string{} // the name a file gives an import → its path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		n := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			n = imp.Name.Name
		}
		local[n] = path
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && slices.Contains(midendOnly[local[x.Name]], sel.Sel.Name) {
			out = append(out, fmt.Sprintf("%s: %s.%s", fset.Position(sel.Pos()), x.Name, sel.Sel.Name))
		}
		return true
	})
	return out
}

// TestFrontEndsAskTheMidend: no production file of the front ends (app,
// serve, report, render) calls solve.One/Check/Backbone/Count or
// crosscheck.Grade: they ask package answer, which answers the record.
func TestFrontEndsAskTheMidend(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	for _, dir := range []string{"app", "serve", "report", "render"} {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			files++
			for _, call := range midendCalls(t, fset, path, nil) {
				t.Errorf("%s: a front end asks package answer, not the solvers", call)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 20 {
		t.Fatalf("%d Go files in the front ends: the walk found too few", files)
	}
}

// TestMidendCalls: the check finds a call under any import name, and only
// the questions' functions.
func TestMidendCalls(t *testing.T) {
	tests := []struct {
		name, src string
		want      int
	}{
		{"check", "package p\nimport \"github.com/puzzlesat/puzzlesat/solve\"\nvar _ = solve.Check", 1},
		{"renamed", "package p\nimport s \"github.com/puzzlesat/puzzlesat/solve\"\nfunc f() { s.One(nil, nil, nil); s.Count(nil, nil, nil, 0) }", 2},
		{"grade", "package p\nimport \"github.com/puzzlesat/puzzlesat/crosscheck\"\nvar _ = crosscheck.Grade", 1},
		{"other functions", "package p\nimport \"github.com/puzzlesat/puzzlesat/crosscheck\"\nvar _ = crosscheck.StepLine", 0},
		{"another solve", "package p\nimport \"example.com/solve\"\nvar _ = solve.Check", 0},
	}
	for _, tt := range tests {
		if have := midendCalls(t, token.NewFileSet(), tt.name+".go", tt.src); len(have) != tt.want {
			t.Errorf("%s: have %v, want %d calls", tt.name, have, tt.want)
		}
	}
}
