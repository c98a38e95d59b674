package app_test

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
)

// snake is the one style of JSON keys.
var snake = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// dataKeys hold maps whose keys are data (rule names, metric names), not
// field names.
var dataKeys = map[string]bool{"rule_steps": true, "metrics": true}

// TestJSONStyle runs every command that writes JSON and holds its output
// to one style: snake_case keys, and positions ("row", "col") numbered
// from 1 as the text's r1c1.
func TestJSONStyle(t *testing.T) {
	runs := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"solve", ecJanko}},
		{"", []string{"check", "--certify", ecJanko}},
		{"", []string{"check", ecPlay + "#4x4_1"}},
		{"", []string{"backbone", ecPlay + "#4x4_3"}},
		{"", []string{"count", ecPlay + "#4x4_2"}},
		{strings.Repeat("- - - - - -\n", 6), []string{"verify", ecJanko, "-"}},
		{"", []string{"grade", "--steps", ecArrows}},
		{"", []string{"grade", "--hint", ecJanko}},
		{"", []string{"cnf", "solve", ecUF20}},
		{"", []string{"cnf", "count", ecUF20}},
		{"", []string{"cnf", "unique", "--certify", ecUF20}},
		{"", []string{"cnf", "backbone", ecUF20}},
		{"", []string{"rules", "audit", "--rules", ecLiar, ecArrows}},
		{"", []string{"shift", "solve", ecSwap}},
		{"", []string{"shift", "apply", ecSwap, "unrot"}},
		{"", []string{"generate", "--kind", "juosan", "--size", "4x4"}},
		{"", []string{"bench", "--corpus", "../testdata", "--kind", "arrows", "--counts"}},
		{"", []string{"bench", "--corpus", "../testdata", "--quick", "--kind", "linjat", "--enc", "ladder,native", "--solvers", "gini,gophersat", "--reps", "1"}},
		{"", []string{"bench", "compare", ecBenchFewer, ecBench}},
		{"", []string{"crosscheck", "--solvers", "gini", "--rules", ecLiar, ecArrows}},
		{"", []string{"crosscheck", "--solvers", "gini", "--random", "2", "--size", "3x3"}},
	}
	for _, r := range runs {
		args := append(append([]string(nil), r.args...), "--format", "json")
		t.Run(strings.Join(r.args, " "), func(t *testing.T) {
			t.Parallel()
			_, out, errs := clitest.Run(r.stdin, args...)
			// One JSON value per line, or one indented document (bench):
			// a decoder reads either.
			dec := json.NewDecoder(strings.NewReader(out))
			lines := 0
			for {
				var v any
				if err := dec.Decode(&v); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%v in %s", err, clip(out))
				}
				lines++
				for _, bad := range jsonStyle(v, "") {
					t.Error(bad)
				}
			}
			if lines == 0 {
				t.Errorf("no JSON written; stdout %q, stderr %q", clip(out), clip(errs))
			}
		})
	}
}

// jsonStyle lists the keys of v (at path) that are not snake_case, and the
// positions numbered from 0.
func jsonStyle(v any, path string) []string {
	var bad []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := path + "." + k
			if !snake.MatchString(k) {
				bad = append(bad, fmt.Sprintf("key %s is not snake_case", p))
			}
			if (k == "row" || k == "col") && !(isNumber(e) && e.(float64) >= 1) {
				bad = append(bad, fmt.Sprintf("%s = %v: positions are numbered from 1", p, e))
			}
			if !dataKeys[k] {
				bad = append(bad, jsonStyle(e, p)...)
			}
		}
	case []any:
		for _, e := range x {
			bad = append(bad, jsonStyle(e, path+"[]")...)
		}
	}
	return bad
}

func isNumber(v any) bool { _, ok := v.(float64); return ok }
