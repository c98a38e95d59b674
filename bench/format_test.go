package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
)

// smallReport runs the first quick set of a grid kind under totalizer and
// native, and the first quick set of a kind played by moves under two of
// its encodings, once, on gini and gophersat; it returns them with the
// report.
func smallReport(t *testing.T) (rep *Report, grid, moves Set) {
	t.Helper()
	grid = quickSets(t, "card", 1, []string{"totalizer", "native"})[0]
	moves = quickSets(t, "shift", 1, nil)[0]
	rep, err := Run(context.Background(), []Set{grid, moves}, []string{"gini", "gophersat"}, RunOptions{Reps: 1})
	if err != nil {
		t.Fatal(err)
	}
	return rep, grid, moves
}

// TestReportFormats: the JSON holds every set and instance result with
// the counters each back-end keeps, the markdown table has a row per set
// and encoding, and the plots are a readable PNG and an SVG.
func TestReportFormats(t *testing.T) {
	rep, grid, moves := smallReport(t)
	// The grid kind: totalizer on both, native on gophersat only; the
	// moves kind: 2 × 2.
	if have, want := len(rep.Sets), 3+2*len(moves.Encodings); have != want {
		t.Fatalf("have %d set results, want %d", have, want)
	}
	for _, r := range rep.Sets {
		if r.Solver == "gini" && (r.Propagations == sat.NotCounted || r.Conflicts == sat.NotCounted) {
			t.Errorf("%s: gini's counters missing: %+v", r.Name(), r.Stats)
		}
		if r.Solver == "gophersat" && (r.Propagations != sat.NotCounted || r.Decisions == sat.NotCounted) {
			t.Errorf("%s: gophersat counts decisions, not propagations: %+v", r.Name(), r.Stats)
		}
		if r.Vars <= 0 || r.Clauses <= 0 || r.Median <= 0 || r.N == 0 {
			t.Errorf("%s: %+v", r.Name(), r)
		}
	}

	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Sets) != len(rep.Sets) || len(back.Instances) != len(rep.Instances) || back.Sets[0].Conflicts != rep.Sets[0].Conflicts {
		t.Errorf("JSON round trip: %d sets, %d instances; want %d, %d", len(back.Sets), len(back.Instances), len(rep.Sets), len(rep.Instances))
	}

	var md bytes.Buffer
	if err := WriteMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| kind | set | n | encoding |", fmt.Sprintf("| %s | quick | %d | native |", grid.Kind, len(grid.Items)),
		fmt.Sprintf("| %s | quick | %d | %s |", moves.Kind, len(moves.Items), moves.Encodings[1]), "gini ms", "fewest clauses"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}

	var svg, pic bytes.Buffer
	if err := Plot(kinds.Default(), &svg, rep, "gini", "svg"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "<svg") || !strings.Contains(svg.String(), grid.Kind+": time") {
		t.Errorf("the SVG plot lacks its panels")
	}
	if err := Plot(kinds.Default(), &pic, rep, "gophersat", "png"); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&pic); err != nil {
		t.Errorf("the PNG plot: %v", err)
	}
	if err := Plot(kinds.Default(), &pic, rep, "ext:nosuch", "png"); err == nil {
		t.Error("a plot of a back-end not in the run gave no error")
	}
}
