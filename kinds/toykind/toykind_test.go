package toykind_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
)

// registry is puzzlesat's kinds with the toy kind added, its one line:
// nothing else in puzzlesat names it.
func registry(t *testing.T) *kinds.Registry {
	t.Helper()
	reg, err := kinds.Default().With(toykind.Kind)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestToyKindThroughTheCommands: the toy kind, registered and nothing
// more, is checked, graded, verified, converted and drawn by the commands
// a user runs.
func TestToyKindThroughTheCommands(t *testing.T) {
	reg := registry(t)
	toy, two := filepath.Join("testdata", "toy.tally"), filepath.Join("testdata", "two.tally")
	clitest.TestIn(t, reg, nil, []clitest.Case{
		{Name: "kinds", Args: []string{"kinds"}, Code: 0, Out: []string{"tally"}},
		{Name: "check unique", Args: []string{"check", toy}, Code: 0, Out: []string{"unique"}},
		{Name: "check multiple", Args: []string{"check", two}, Code: 1, Out: []string{"multiple"}},
		{Name: "solve", Args: []string{"solve", toy}, Code: 0, Out: []string{"###", "...", "#.."}},
		{Name: "grade", Args: []string{"grade", "--steps", toy}, Code: 0, Out: []string{"line", "row 1 needs every open cell"}},
		{Name: "hint json", Args: []string{"grade", "--hint", "--format", "json", toy}, Code: 0, Out: []string{`"cell":{"row":1,"col":1}`}},
		{Name: "backbone", Args: []string{"backbone", "--format", "json", two}, Code: 0, Out: []string{`"determined":0`}},
		{Name: "count", Args: []string{"count", two}, Code: 0, Out: []string{"2"}},
		{Name: "convert", Args: []string{"convert", "--to", "canonical", toy}, Code: 0, Out: []string{"rows 3 0 1"}},
		{Name: "stdin", Stdin: "tally\nrows 1\ncols 1\n", Args: []string{"check", "-"}, Code: 0, Out: []string{"unique"}},
		{Name: "bad", Stdin: "tally\nrows 2\ncols 1\n", Args: []string{"check", "-"}, Code: 2, Err: []string{"row 1 wants 2 of 1 cells"}},
	})
}

// TestToyKindRendered: render draws the toy kind's display list.
func TestToyKindRendered(t *testing.T) {
	out := filepath.Join(t.TempDir(), "toy.svg")
	reg := registry(t)
	code, _, errs := clitest.RunIn(reg, []*cli.Command{rendercmd.Command(reg)}, "", "render", "--solution", filepath.Join("testdata", "toy.tally"), "-o", out)
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The four shaded cells drawn in the value ink.
	if n := strings.Count(string(data), `fill="#1a3f8f"`); n < 4 {
		t.Errorf("render: %d shapes in the value ink, want the 4 shaded cells", n)
	}
}
