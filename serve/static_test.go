package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pageFloors is the layering of the page's modules (static/*.js), from
// the ground up: a module imports only modules of lower floors, so that
// the page reads from app.js down and no two modules import each other in
// a loop. A lower module that must start a higher one's action is handed
// it when app.js wires the page (play.js's setPlayTools, state.js's
// showFlags).
var pageFloors = [][]string{
	{"dom.js", "board.js", "editor.js"},
	{"api.js", "state.js", "moves.js", "zoom.js"},
	{"progress.js"},
	{"share.js", "play.js"},
	{"hints.js", "playmoves.js"},
	{"edit.js", "generate.js"},
	{"input.js"},
	{"app.js"},
}

// moduleImport finds the modules of the page a script imports: import …
// from './x.js', import './x.js' and import('./x.js').
var moduleImport = regexp.MustCompile(`(?:\bfrom|\bimport)\s*\(?\s*['"]\./([^'"]+)['"]`)

// upImports lists what goes against floors in scripts (module name →
// text): a module on no floor or on two, an import of a module on none,
// and every import of a module on the same floor or a higher one.
func upImports(floors [][]string, scripts map[string]string) []string {
	floor := map[string]int{}
	var bad []string
	for i, f := range floors {
		for _, m := range f {
			if _, ok := floor[m]; ok {
				bad = append(bad, fmt.Sprintf("%s is on two floors", m))
			}
			floor[m] = i
		}
	}
	names := make([]string, 0, len(scripts))
	for m := range scripts {
		names = append(names, m)
	}
	slices.Sort(names)
	for _, m := range names {
		from, ok := floor[m]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is on no floor: place it in pageFloors", m))
			continue
		}
		for _, sub := range moduleImport.FindAllStringSubmatch(scripts[m], -1) {
			to, ok := floor[sub[1]]
			switch {
			case !ok:
				bad = append(bad, fmt.Sprintf("%s imports %s, which is on no floor", m, sub[1]))
			case to >= from:
				bad = append(bad, fmt.Sprintf("%s (floor %d) imports %s (floor %d): imports run down", m, from+1, sub[1], to+1))
			}
		}
	}
	for _, m := range slices.Concat(floors...) {
		if _, ok := scripts[m]; !ok {
			bad = append(bad, fmt.Sprintf("%s is on a floor but no script of the page", m))
		}
	}
	return bad
}

// TestPageModulesRunDown: every import of the page's modules runs down
// pageFloors, and every module is on a floor.
func TestPageModulesRunDown(t *testing.T) {
	files, err := filepath.Glob("static/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in static/: %v", err)
	}
	scripts := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scripts[filepath.Base(f)] = string(data)
	}
	for _, b := range upImports(pageFloors, scripts) {
		t.Error(b)
	}
}

// TestUpImports: the check finds each way of going against the floors.
func TestUpImports(t *testing.T) {
	floors := [][]string{{"a.js"}, {"b.js", "c.js"}, {"d.js"}}
	cases := []struct {
		name    string
		scripts map[string]string
		want    []string
	}{
		{"down", map[string]string{
			"a.js": "",
			"b.js": "import { x } from './a.js';",
			"c.js": "import './a.js';",
			"d.js": "import {\n  y,\n} from \"./b.js\";\nimport { z } from './c.js';\nconst m = await import('./a.js');",
		}, nil},
		{"up", map[string]string{"a.js": "import { y } from './b.js';", "b.js": "", "c.js": "", "d.js": ""},
			[]string{"a.js (floor 1) imports b.js (floor 2): imports run down"}},
		{"same floor", map[string]string{"a.js": "", "b.js": "import './c.js';", "c.js": "", "d.js": ""},
			[]string{"b.js (floor 2) imports c.js (floor 2): imports run down"}},
		{"itself", map[string]string{"a.js": "", "b.js": "", "c.js": "", "d.js": "const m = import('./d.js');"},
			[]string{"d.js (floor 3) imports d.js (floor 3): imports run down"}},
		{"unplaced", map[string]string{"a.js": "", "b.js": "", "c.js": "", "d.js": "import { q } from './e.js';", "e.js": ""},
			[]string{"d.js imports e.js, which is on no floor", "e.js is on no floor: place it in pageFloors"}},
		{"gone", map[string]string{"a.js": "", "b.js": "", "d.js": ""},
			[]string{"c.js is on a floor but no script of the page"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := upImports(floors, c.scripts)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
