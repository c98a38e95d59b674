package serve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestStaticKnowsNoKind: the page and its scripts name no kind, not even
// in a path (they get the kinds' behaviour and endpoints from /api/kinds), so
// that a new kind needs no edit of them.
func TestStaticKnowsNoKind(t *testing.T) {
	files, err := filepath.Glob("static/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in static/: %v", err)
	}
	// The page itself too: a kind's own controls (Juosan's reading) are
	// built from /api/kinds.
	files = append(files, "static/index.html")
	names := append(kinds.Default().Names(), "shift")
	word := regexp.MustCompile(`(?i)\b(` + strings.Join(names, "|") + `)\b`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := word.FindString(line); m != "" {
				t.Errorf("%s:%d names the kind %q: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}

// TestHintIsGradeHint: /api/hint on a puzzle's start gives the step
// `grade --hint --format json` writes for it (answer.Step of the human
// solver's first step): the same rule, cells (1-based) and eliminations.
func TestHintIsGradeHint(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, k := range kindsInOrder() {
		t.Run(k, func(t *testing.T) {
			b := parsed(t, ts, oneExample[k])
			var raw struct {
				Step json.RawMessage `json:"hint"`
			}
			post(t, ts, "/api/hint", map[string]any{"text": b.Text, "kind": b.Kind, "values": b.Fixed}, &raw)

			kd, err := kinds.Default().Lookup(b.Kind)
			if err != nil {
				t.Fatal(err)
			}
			insts, err := kd.Parse("input", []byte(b.Text), kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// What grade --hint does (app/puzzlecmd's gradeAction and
			// printHint, with its default options).
			r, err := crosscheck.Grade(context.Background(), insts[0], crosscheck.Options{Solver: gini.NewSolver, Trials: -1, HintOnly: true})
			if err != nil || r.Hint == nil {
				t.Fatalf("grade --hint: %v, step %v", err, r.Hint)
			}
			cli := answer.Step(insts[0], *r.Hint)

			var api answer.StepRecord
			if err := json.Unmarshal(raw.Step, &api); err != nil {
				t.Fatal(err)
			}
			if api.Rule != cli.Rule || api.Reason != cli.Reason || !slices.Equal(api.Cells, cli.Cells) || !slices.Equal(api.Elims, cli.Elims) {
				t.Errorf("/api/hint:\n  %s\ngrade --hint:\n  %s", mustJSON(t, api), mustJSON(t, cli))
			}
			// The JSON is the CLI's: cells from 1, eliminations as
			// {cell, label, value, var}.
			cliJSON := mustJSON(t, cli.Elims)
			if !strings.Contains(string(raw.Step), cliJSON) {
				t.Errorf("/api/hint's eliminations %s, want the CLI's %s", raw.Step, cliJSON)
			}
			if len(cli.Cells) > 0 && !strings.Contains(string(raw.Step), mustJSON(t, cli.Cells)) {
				t.Errorf("/api/hint's cells %s, want the CLI's %s", raw.Step, mustJSON(t, cli.Cells))
			}
		})
	}
}

// TestEdit: every kind with an editor opens each of its examples as a
// drawing whose composition reads back as the same puzzle, and an empty
// drawing of each makes some text.
func TestEdit(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	withEditor := func(ex example) bool {
		k, err := kinds.Default().Lookup(ex.Kind)
		return err == nil && k.Play != nil && k.Play.Editor != nil
	}
	eachParsedExample(t, ts, withEditor, func(t *testing.T, ex example, b *board) {
		var opened struct {
			Edit *kind.Edit `json:"edit"`
		}
		post(t, ts, "/api/edit/open", map[string]any{"example": ex.ID}, &opened)
		var ans editAnswer
		post(t, ts, "/api/edit", opened.Edit, &ans)
		if ans.Puzzle == nil {
			t.Fatalf("the opened drawing makes no puzzle: %s\n%s", ans.Error, ans.Text)
		}
		ans.Puzzle.Name, b.Name = "", ""
		if have, want := mustJSON(t, ans.Puzzle.Display), mustJSON(t, b.Display); have != want {
			t.Errorf("drawing composed back:\n%s\nhave %s\nwant %s", ans.Text, have, want)
		}
	})
	for _, k := range kinds.Default().List() {
		p := k.Play
		if p == nil || p.Editor == nil {
			continue
		}
		var ans editAnswer
		post(t, ts, "/api/edit", kind.NewEdit(k.Name, 2, 3, p.Editor.Layers), &ans)
		if ans.Text == "" {
			t.Errorf("%s: an empty drawing makes no text", k.Name)
		}
	}
}
