package crosscheckcmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

const td = "../../testdata"

// fast are flags that keep a run short: the in-process back-ends.
var fast = []string{"--solvers", "gini,gophersat"}

func with(args ...string) []string { return append(append([]string{"crosscheck"}, fast...), args...) }

func TestCommands(t *testing.T) {
	// A folder of two puzzles, an Arrows reference folder and a file no
	// kind reads.
	dir := t.TempDir()
	for _, f := range []string{"juosan/janko/6x6_1.in", "juosan/6x6_1.juosan", "arrows/2026-02-02/puzzle.txt", "arrows/2026-02-02/solution.txt", "arrows/2026-02-02/metadata.yaml", "juosan/README.md"} {
		data, err := os.ReadFile(filepath.Join(td, f))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	clitest.Test(t, []clitest.Case{
		{Name: "files", Args: with(td+"/juosan/janko/6x6_1.in", td+"/linjat/puzzles.json#expert/1", td+"/arrows/2026-02-02"),
			Out: []string{"crosscheck: 3 puzzles", "juosan", "linjat", "arrows", "0 disagreements"}},
		// Two Juosan files, the Arrows folder's puzzle (its solution.txt is
		// not a puzzle of its own), metadata.yaml and README.md skipped.
		{Name: "folder", Args: with(dir), Out: []string{"crosscheck: 3 puzzles", "2 files in the folders are no puzzle", "0 disagreements"}},
		{Name: "random", Args: with("--random", "3", "--size", "4x4", "--kind", "shinro"), Out: []string{"crosscheck: 3 puzzles", "shinro", "0 disagreements"}},
		everyRandomKind(),
		{Name: "json", Args: with("--format", "json", td+"/juosan/janko/6x6_1.in"), Out: []string{`"puzzle":"` + td + `/juosan/janko/6x6_1.in"`, `"status":"unique"`, `"summary":`}},
		{Name: "malformed entry", Args: with(td + "/juosan/janko_instances.json"), Code: 2, Out: []string{"0 disagreements"}, Err: []string{"janko_instances.json:1:601"}},
		{Name: "nothing to do", Args: []string{"crosscheck"}, Code: 2, Err: []string{"--random N"}},
		{Name: "bad shard", Args: with("--random", "2", "--shard", "2/2"), Code: 2, Err: []string{"--shard", "0-based"}},
		{Name: "bad size", Args: with("--random", "2", "--size", "5by5"), Code: 2, Err: []string{"--size"}},
		{Name: "bad kind", Args: with("--random", "2", "--kind", "sudoku"), Code: 2, Err: []string{"unknown kind"}},
		{Name: "bad solver", Args: []string{"crosscheck", "--solvers", "nosuch", td + "/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{"unknown solver"}},
		{Name: "missing file", Args: with(td + "/nosuch.in"), Code: 2, Err: []string{"nosuch.in"}},
	})
}

// everyRandomKind is --random 2 with no --kind: two puzzles of every kind
// of the registry with a random builder, each kind named in the table.
func everyRandomKind() clitest.Case {
	out := []string{"total"}
	n := 0
	for _, k := range kinds.Default().List() {
		if k.Random != nil {
			out = append(out, k.Name)
			n += 2
		}
	}
	out = append(out, fmt.Sprintf("crosscheck: %d puzzles", n))
	return clitest.Case{Name: "random every kind", Args: with("--random", "2", "--size", "3x4"), Out: out}
}

// labels runs crosscheck with --format json and returns the puzzles'
// labels in order.
func labels(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := clitest.Run("", append(with("--format", "json"), args...)...)
	if code != 0 {
		t.Fatalf("crosscheck %v: exit %d\n%s%s", args, code, out, errs)
	}
	var ls []string
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var rec struct {
			Puzzle  string          `json:"puzzle"`
			Summary json.RawMessage `json:"summary"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Summary == nil {
			ls = append(ls, rec.Puzzle)
		}
	}
	return ls
}

// TestShardsCoverTheRun: the shards of a run are disjoint and together
// check exactly the puzzles of the whole run.
func TestShardsCoverTheRun(t *testing.T) {
	run := []string{"--random", "3", "--size", "3x3", td + "/juosan/janko/6x6_1.in", td + "/linjat/puzzles.json#easy/1"}
	whole := labels(t, run...)
	if len(whole) != 4*3+2 {
		t.Fatalf("the whole run checked %d puzzles, want 14", len(whole))
	}
	var union []string
	for i, shard := range []string{"0/3", "1/3", "2/3"} {
		part := labels(t, append(run, "--shard", shard)...)
		if len(part) == 0 {
			t.Errorf("shard %d is empty", i)
		}
		union = append(union, part...)
	}
	slices.Sort(union)
	sorted := slices.Clone(whole)
	slices.Sort(sorted)
	if !slices.Equal(union, sorted) {
		t.Errorf("the shards checked\n%v\nthe whole run\n%v", union, sorted)
	}
	// A shard from the environment, as a Slurm array task 2 of 1..3 runs.
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "3")
	if auto, want := labels(t, append(run, "--shard", "auto")...), labels(t, append(run, "--shard", "1/3")...); !slices.Equal(auto, want) {
		t.Errorf("--shard auto as Slurm task 2 of 1..3 checked %v, want shard 1/3's %v", auto, want)
	}
}
