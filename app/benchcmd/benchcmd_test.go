package benchcmd_test

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/benchcmd"
	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// bench is the command as puzzlesat-bench runs it.
var bench = []*cli.Command{benchcmd.Command(kinds.Default())}

const corpus = "../../testdata"

// quick is a fast bench run: the quick Linjat set, two encodings, gini.
var quick = []string{"bench", "--corpus", corpus, "--quick", "--kind", "linjat", "--enc", "totalizer,ladder", "--solvers", "gini", "--reps", "2"}

func args(extra ...string) []string { return append(append([]string(nil), quick...), extra...) }

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.txt")
	if code, out, errs := clitest.RunWith(bench, "", args("--format", "gobench")...); code != 0 {
		t.Fatalf("bench --format gobench: exit %d\n%s%s", code, out, errs)
	} else if err := os.WriteFile(base, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	// A baseline whose encodings had one clause per set: this run has
	// grown.
	smaller := filepath.Join(dir, "smaller.txt")
	data, _ := os.ReadFile(base)
	var lines []string
	for line := range strings.SplitSeq(string(data), "\n") {
		fs := strings.Fields(line)
		for i := 1; i+1 < len(fs); i++ {
			if fs[i+1] == "clauses/op" {
				fs[i] = "1"
			}
		}
		lines = append(lines, strings.Join(fs, " "))
	}
	if err := os.WriteFile(smaller, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.txt")
	os.WriteFile(garbage, []byte("BenchmarkX 1 2\n"), 0o644)
	svg, pic := filepath.Join(dir, "plot.svg"), filepath.Join(dir, "plot.png")

	clitest.TestWith(t, bench, []clitest.Case{
		// Progress goes only to a terminal: stderr stays empty here.
		{Name: "text", Args: quick, Out: []string{"| linjat | quick | 4 | totalizer |", "gini ms", "fewest clauses"}},
		{Name: "json", Args: args("--format", "json"), Out: []string{`"instances"`, `"propagations"`}},
		{Name: "plot", Args: args("--plot", svg, "--plot-solver", "gini")},
		{Name: "plot png", Args: args("--plot", pic)},
		{Name: "baseline same", Args: args("--baseline", base), Out: []string{"Against the baseline", "ok: no deterministic figure regressed"}},
		{Name: "baseline regression", Args: args("--baseline", smaller), Code: 1, Out: []string{"REGRESSION", "FAIL:"}},
		{Name: "baseline regression gobench", Args: args("--format", "gobench", "--baseline", smaller), Code: 1, Out: []string{"BenchmarkLinjat/"}, Err: []string{"FAIL:"}},
		{Name: "compare same", Args: []string{"bench", "compare", base, base}, Out: []string{"ok:", "sec/op", "fails above +0%"}},
		{Name: "compare regression", Args: []string{"bench", "compare", smaller, base}, Code: 1, Out: []string{"clauses/op", "REGRESSION"}},
		{Name: "compare improvement", Args: []string{"bench", "compare", base, smaller}, Out: []string{"improvement", "ok:"}},
		{Name: "compare tolerance", Args: []string{"bench", "compare", "--size-tolerance", "1000000%", smaller, base}, Out: []string{"ok:"}},
		{Name: "compare json", Args: []string{"bench", "compare", "--format", "json", smaller, base}, Code: 1, Out: []string{`"regressions":`}},
		{Name: "compare one file", Args: []string{"bench", "compare", base}, Code: 2, Err: []string{"want two files"}},
		{Name: "compare missing", Args: []string{"bench", "compare", base, filepath.Join(dir, "nosuch")}, Code: 2, Err: []string{"nosuch"}},
		{Name: "compare garbage", Args: []string{"bench", "compare", base, garbage}, Code: 2, Err: []string{"garbage.txt:1"}},
		{Name: "bad tolerance", Args: []string{"bench", "compare", "--tolerance", "much", base, base}, Code: 2, Err: []string{"--tolerance"}},
		{Name: "bad format", Args: args("--format", "xml"), Code: 2, Err: []string{"unknown --format"}},
		{Name: "bad plot", Args: args("--plot", "x.gif"), Code: 2, Err: []string{".svg or .png"}},
		{Name: "bad encoding", Args: args("--enc", "nosuch"), Code: 2, Err: []string{"--enc nosuch"}},
		{Name: "bad solver", Args: args("--solvers", "nosuch"), Code: 2, Err: []string{"unknown solver"}},
		{Name: "plot solver not run", Args: args("--plot", svg, "--plot-solver", "gophersat"), Code: 2, Err: []string{"--plot-solver"}},
		{Name: "own puzzles", Args: []string{"bench", "--solvers", "gini", "--enc", "totalizer", "--reps", "1", corpus + "/juosan/janko/6x6_1.in", corpus + "/arrows/2026-02-02", corpus + "/juosan/janko051.txt"},
			Out: []string{"| juosan | 6x6_1 | 1 | totalizer |", "| arrows | 2026-02-02 | 1 | totalizer |", "| juosan | janko051 | 1 |"}},
		{Name: "own folder", Args: []string{"bench", "--solvers", "gini", "--enc", "ladder", "--reps", "1", "--format", "gobench", corpus + "/arrows"},
			Out: []string{"BenchmarkArrows/set=arrows/enc=ladder/solver=gini"}},
		{Name: "no such puzzle", Args: []string{"bench", "nosuch.in"}, Code: 2, Err: []string{"nosuch.in"}},
		{Name: "not a puzzle", Args: []string{"bench", corpus + "/juosan/README.md"}, Code: 2, Err: []string{"cannot tell the puzzle kind"}},
		{Name: "puzzles and quick", Args: []string{"bench", "--quick", corpus + "/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{"--quick"}},
		{Name: "counts", Args: []string{"bench", "--corpus", corpus, "--kind", "shinro", "--counts"}, Out: []string{"totalizer", "pairwise"}},
		{Name: "cnf", Args: []string{"bench", "--corpus", corpus, "--cnf", "UF20", "--solvers", "gini,gophersat", "--ratio-to", "gini", "--reps", "1"}, Out: []string{"UF20", "1.00"}},
	})
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("--plot %s: %v", svg, err)
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("--plot %s: %v", pic, err)
	}
}
