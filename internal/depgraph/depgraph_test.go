package depgraph

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// modulePackages lists the module's packages with their imports inside
// the module, and apart from those the imports of their own tests and of
// their _test packages (which the layering does not check: a test may
// reach further down, e.g. an encoder's test solving with gini), by `go
// list`.
func modulePackages(t *testing.T) []Package {
	t.Helper()
	mod, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	modPath, dir, _ := strings.Cut(strings.TrimSpace(string(mod)), " ")
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v\n%s", err, stderr.String())
	}
	rel := func(p string) (string, bool) {
		if p == modPath {
			return ".", true
		}
		r, ok := strings.CutPrefix(p, modPath+"/")
		return r, ok
	}
	var pkgs []Package
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		path, _ := rel(p.ImportPath)
		pkg := Package{Path: path}
		for _, imp := range p.Imports {
			if r, ok := rel(imp); ok {
				pkg.Imports = append(pkg.Imports, r)
			}
		}
		for _, imp := range p.TestImports {
			if r, ok := rel(imp); ok {
				pkg.TestImports = append(pkg.TestImports, r)
			}
		}
		for _, imp := range p.XTestImports {
			if r, ok := rel(imp); ok && r != path {
				pkg.XTestImports = append(pkg.XTestImports, r)
			}
		}
		pkgs = append(pkgs, pkg)
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no packages")
	}
	return pkgs
}

// TestLayering is the dependency-direction check of `make test`: every
// import of the module goes with the pipeline (see the package doc).
func TestLayering(t *testing.T) {
	violations, unplaced := Check(modulePackages(t), Rules)
	for _, v := range violations {
		t.Errorf("import against the pipeline: %s", v)
	}
	for _, p := range unplaced {
		t.Errorf("package %s is in no layer: add a Rule for it to internal/depgraph", p)
	}
}

// TestFolders is the genre check of `make test`: outside kinds/<kind>/ only
// the registry imports a kind's packages.
func TestFolders(t *testing.T) {
	for _, v := range CheckFolders(modulePackages(t), Folders) {
		t.Errorf("import into a genre's folder: %s", v)
	}
}

// TestCheckFolders runs the folder check on a small made-up graph.
func TestCheckFolders(t *testing.T) {
	pkgs := []Package{
		{Path: "kinds", Imports: []string{"kinds/a", "kinds/kind"}},
		{Path: "kinds/a", Imports: []string{"kinds/a/model", "kinds/kind"}},
		{Path: "kinds/a/model"},
		{Path: "kinds/b/rules", Imports: []string{"kinds/a/model"}},
		{Path: "kinds/kind"},
		{Path: "render", Imports: []string{"kinds", "kinds/kind", "kinds/b/rules"}, TestImports: []string{"kinds/a/model", "kinds/b/rules"}},
		{Path: "kinds/a/cnf", TestImports: []string{"kinds/a/model"}},
		{Path: "bench", TestImports: []string{"kinds/a/model"}},
	}
	var have []string
	for _, v := range CheckFolders(pkgs, Folders) {
		arrow := " -> "
		if v.Test {
			arrow = " -(test)-> "
		}
		have = append(have, v.From+arrow+v.To)
	}
	want := []string{"kinds/b/rules -> kinds/a/model", "render -(test)-> kinds/a/model", "render -> kinds/b/rules", "render -(test)-> kinds/b/rules"}
	if !slices.Equal(have, want) {
		t.Errorf("have %q, want %q", have, want)
	}
}

// TestCheck runs the checker on small made-up graphs.
func TestCheck(t *testing.T) {
	rules := []Rule{
		{From: "leaf", Not: []string{"..."}, Why: "leaf"},
		{From: "model/...", Not: []string{"enc/...", "sat/..."}, Why: "models"},
		{From: "enc/...", Except: []string{"enc/oracle"}, Not: []string{"sat/..."}, Why: "encoders"},
		{From: "enc/oracle", Not: []string{"model/..."}, Why: "the encoders' oracle"},
		{From: "sat/...", Not: []string{"model/...", "enc/..."}, Why: "solvers"},
		{From: "app", Why: "top"},
	}
	tests := []struct {
		name     string
		pkgs     []Package
		want     []string // "from→to via a→b→c"
		unplaced []string
	}{
		{"clean", []Package{
			{Path: "leaf", Imports: nil}, {Path: "model/x", Imports: []string{"leaf"}}, {Path: "enc/x", Imports: []string{"model/x"}},
			{Path: "sat", Imports: []string{"leaf"}}, {Path: "app", Imports: []string{"enc/x", "sat"}},
		}, nil, nil},
		{"direct edge", []Package{
			{Path: "model/x", Imports: nil}, {Path: "enc/x", Imports: []string{"model/x", "sat"}}, {Path: "sat", Imports: nil},
		}, []string{"enc/x→sat via enc/x→sat"}, nil},
		{"through another package", []Package{
			{Path: "model/x", Imports: []string{"model/y"}}, {Path: "model/y", Imports: []string{"enc/z"}}, {Path: "enc/z", Imports: nil},
		}, []string{"model/x→enc/z via model/x→model/y→enc/z", "model/y→enc/z via model/y→enc/z"}, nil},
		{"a leaf importing anything", []Package{
			{Path: "leaf", Imports: []string{"model/x"}}, {Path: "model/x", Imports: nil},
		}, []string{"leaf→model/x via leaf→model/x"}, nil},
		{"within a pattern is fine", []Package{
			{Path: "sat/a", Imports: []string{"sat/b"}}, {Path: "sat/b", Imports: nil},
		}, nil, nil},
		{"an excepted package is held by its own rule only", []Package{
			{Path: "enc/oracle", Imports: []string{"sat", "model/x"}}, {Path: "sat", Imports: nil}, {Path: "model/x", Imports: nil},
		}, []string{"enc/oracle→model/x via enc/oracle→model/x"}, nil},
		{"unplaced package", []Package{
			{Path: "misc", Imports: []string{"sat"}}, {Path: "sat", Imports: nil},
		}, nil, []string{"misc"}},
	}
	for _, tt := range tests {
		vs, unplaced := Check(tt.pkgs, rules)
		var have []string
		for _, v := range vs {
			have = append(have, v.From+"→"+v.To+" via "+strings.Join(v.Path, "→"))
		}
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: have violations %q, want %q", tt.name, have, tt.want)
		}
		if !slices.Equal(unplaced, tt.unplaced) {
			t.Errorf("%s: have unplaced %q, want %q", tt.name, unplaced, tt.unplaced)
		}
	}
}

// TestViolationMessage: the message names the edge, the path and the rule.
func TestViolationMessage(t *testing.T) {
	tests := []struct {
		v    Violation
		want string
	}{
		{Violation{From: "encode/juosan", To: "sat", Path: []string{"encode/juosan", "sat"}, Rule: Rule{From: "encode/...", Why: "no solvers"}},
			`encode/juosan imports sat (encode/juosan → sat; forbidden by "encode/...": no solvers)`},
		{Violation{From: "kinds", To: "sat", Path: []string{"kinds", "encode/juosan", "sat"}, Rule: Rule{From: "kinds/...", Why: "solving sits above"}},
			`kinds reaches sat (kinds → encode/juosan → sat; forbidden by "kinds/...": solving sits above)`},
	}
	for _, tt := range tests {
		if have := tt.v.String(); have != tt.want {
			t.Errorf("have %q, want %q", have, tt.want)
		}
	}
}

// TestMatch pins the pattern syntax: each pattern with the paths it
// matches and those it does not.
func TestMatch(t *testing.T) {
	tests := []struct {
		pattern     string
		match, miss []string
	}{
		{"sat", []string{"sat"}, []string{"sat/gini"}},
		{"sat/...", []string{"sat", "sat/gini"}, []string{"satellite"}},
		{"...", []string{"anything/at/all"}, nil},
		{"kinds/*/model", []string{"kinds/juosan/model"}, []string{"kinds/juosan", "kinds/juosan/model/x"}},
		{"kinds/*/...", []string{"kinds/juosan", "kinds/juosan/rules/fol"}, []string{"kinds"}},
		{"kinds/*", []string{"kinds/juosan"}, nil},
	}
	for _, tt := range tests {
		for want, paths := range map[bool][]string{true: tt.match, false: tt.miss} {
			for _, path := range paths {
				if have := Match(tt.pattern, path); have != want {
					t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, path, have, want)
				}
			}
		}
	}
}
