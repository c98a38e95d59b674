package puzzlecmd_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	urfave "github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/serve"
)

// The keys one front end writes and the other does not (answer's records
// say which): the CLI's envelope and its own fields, and the API's.
var (
	cliOnly = []string{"file", "kind", "name", "certificate", "route", "sat_status", "solution_file"}
	apiOnly = []string{"values", "second_values", "board", "more", "forced", "message", "mistake", "solved", "wrong", "complete", "faults"}
)

// TestCLIAndAPIAgree holds the command line and the playground's API to
// one record: for every bundled example of every kind of the registry
// (one with two solutions) and a selection from a many-puzzle file,
// check, solve, grade --steps, grade --hint, backbone, count (capped
// and not) and verify with --format json and the API's check, solve,
// grade, backbone, count, hint (from the puzzle's start) and verify (of
// the solution), shift solve and apply and /api/moves/solve and apply, and generate and
// /api/generate of every kind that generates, write the same keys, the front ends' own
// aside, and the same values under them (solution rows, differences as
// cells from 1 with both labels, statuses, steps, the hint's cells and
// eliminations), the time aside.
func TestCLIAndAPIAgree(t *testing.T) {
	s, err := serve.New(serve.Options{Kinds: kinds.Default(), Solver: gini.NewSolver, SolverName: "gini"})
	if err != nil {
		t.Fatal(err)
	}
	post := func(t *testing.T, path string, body map[string]any) map[string]any {
		t.Helper()
		data, _ := json.Marshal(body)
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, w.Code, w.Body)
		}
		return decode(t, w.Body.Bytes())
	}
	cli := func(t *testing.T, args ...string) map[string]any {
		t.Helper()
		// The command, then --format json, then its flags and puzzle.
		code, out, errs := run(t, "", append([]string{args[0], "--format", "json"}, args[1:]...)...)
		if code > 1 {
			t.Fatalf("%v: exit %d, %s", args, code, errs)
		}
		return decode(t, []byte(out))
	}
	// Every bundled example of every kind (kind.Kind.Examples, one of
	// them with two solutions), and one puzzle of a many-puzzle file by
	// selection.
	type input struct{ name, file, sel string }
	inputs := []input{{"selection", play, "5x5_1"}}
	dir := t.TempDir()
	for _, k := range kinds.Default().List() {
		if k.Examples == nil {
			t.Errorf("%s brings no example to hold the front ends to", k.Name)
			continue
		}
		files, err := fs.Glob(k.Examples, "examples/*.txt")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := fs.ReadFile(k.Examples, f)
			if err != nil {
				t.Fatal(err)
			}
			name := k.Name + "-" + path.Base(f)
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, input{strings.TrimSuffix(name, ".txt"), filepath.Join(dir, name), ""})
		}
	}
	for _, tc := range inputs {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			arg := tc.file
			if tc.sel != "" {
				arg += "#" + tc.sel
			}
			spec := map[string]any{"text": string(data), "name": filepath.Base(tc.file), "select": tc.sel}

			solved := post(t, "/api/solve", spec)
			agree(t, "solve", cli(t, "solve", arg), solved)
			checked := cli(t, "check", arg)
			agree(t, "check", checked, post(t, "/api/check", spec))
			agree(t, "grade", cli(t, "grade", "--steps", arg), post(t, "/api/grade", spec))
			agree(t, "backbone", cli(t, "backbone", arg), post(t, "/api/backbone", spec))
			counted := maps.Clone(spec)
			counted["max"] = 1
			agree(t, "count --max 1", cli(t, "count", "--max", "1", arg), post(t, "/api/count", counted))
			agree(t, "count", cli(t, "count", arg), post(t, "/api/count", spec))
			parsed := post(t, "/api/parse", spec)
			board := maps.Clone(spec)
			board["values"] = parsed["puzzle"].(map[string]any)["fixed"]
			agree(t, "grade --hint", cli(t, "grade", "--hint", arg), post(t, "/api/hint", board))

			if checked["status"] != "unique" {
				return
			}
			// verify: the solution the API found, as the CLI reads it
			// (the drawn rows are what each kind's solution reader reads).
			sol := filepath.Join(t.TempDir(), "solution.txt")
			var rows []string
			for _, r := range solved["solution"].([]any) {
				rows = append(rows, r.(string))
			}
			if err := os.WriteFile(sol, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			board["values"] = solved["values"]
			code, out, errs := run(t, "", "verify", "--format", "json", arg, sol)
			if code != 0 {
				t.Skipf("verify of the drawn solution: exit %d, %s (the kind's solution format is not its drawing)", code, errs)
			}
			agree(t, "verify", decode(t, []byte(out)), post(t, "/api/verify", board))
		})
	}
	// A shift puzzle's shortest solution, by the exact search (whose
	// answer does not depend on which side of auto settles first).
	t.Run("shift", func(t *testing.T) {
		const file = "../../testdata/shift/loopover-3x3-worst.txt"
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "", "shift", "solve", "--format", "json", "--quiet", "--method", "search", file)
		if code != 0 {
			t.Fatalf("shift solve: exit %d, %s", code, errs)
		}
		agree(t, "shift solve", decode(t, []byte(out)), post(t, "/api/moves/solve", map[string]any{"text": string(data), "method": "search"}))
		code, out, errs = run(t, "", "shift", "apply", "--format", "json", file, "c1u", "r2l")
		if code != 1 { // not the goal yet
			t.Fatalf("shift apply: exit %d, %s", code, errs)
		}
		agree(t, "shift apply", decode(t, []byte(out)), post(t, "/api/moves/apply", map[string]any{"text": string(data), "moves": []string{"c1u", "r2l"}}))
	})
	// A generated puzzle: the same seed, the same record (the API adds the
	// board the page plays, and its time).
	// Of every kind that generates, its first band of the generation
	// tests (kind.Corpus.Generate) at its size.
	for _, k := range kinds.Default().List() {
		if k.Generate == nil || k.Corpus == nil || len(k.Corpus.Generate) == 0 {
			continue
		}
		gc := k.Corpus.Generate[0]
		t.Run("generate "+k.Name, func(t *testing.T) {
			// In process: the command puzzlesat-generate runs.
			code, out, errs := clitest.RunWith([]*urfave.Command{generatecmd.Command(kinds.Default())}, "",
				"generate", "--format", "json", "--kind", k.Name, "--size", fmt.Sprintf("%dx%d", gc.Rows, gc.Cols), "--difficulty", gc.Band, "--seed", "7")
			if code != 0 {
				t.Fatalf("generate: exit %d, %s", code, errs)
			}
			api := post(t, "/api/generate", map[string]any{"kind": k.Name, "rows": gc.Rows, "cols": gc.Cols, "difficulty": gc.Band, "seed": "7"})
			if _, ok := api["ms"]; !ok {
				t.Error("generate: the API writes no ms")
			}
			delete(api, "ms") // the command line's lines have none
			agree(t, "generate", decode(t, []byte(out)), api)
		})
	}
}

// agree holds a CLI record and an API answer to one record: every key
// written by both or by neither, but for each one's own, and the same
// value under every shared key but "ms".
func agree(t *testing.T, what string, cli, api map[string]any) {
	t.Helper()
	for _, k := range slices.Sorted(maps.Keys(cli)) {
		if _, ok := api[k]; !ok && !slices.Contains(cliOnly, k) {
			t.Errorf("%s: the CLI writes %q, the API does not", what, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(api)) {
		cv, ok := cli[k]
		switch {
		case !ok && !slices.Contains(apiOnly, k):
			t.Errorf("%s: the API writes %q, the CLI does not", what, k)
		case ok && k != "ms" && !reflect.DeepEqual(cv, api[k]):
			c, _ := json.Marshal(cv)
			a, _ := json.Marshal(api[k])
			t.Errorf("%s: %q differs:\n  CLI %.600s\n  API %.600s", what, k, c, a)
		}
	}
}

func decode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%v: %.300s", err, data)
	}
	return m
}
