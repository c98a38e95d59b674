package kinds_test

import (
	"os"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestPick: a selection finds a puzzle by full name, by the name's first
// word or by 1-based index, or by the kind's own Select when it has one;
// a selection nothing matches is an error naming the file.
func TestPick(t *testing.T) {
	juosan := testcorpus.Path("juosan", "janko_instances.json")
	shinro := testcorpus.Path("shinro", "playshinro.json")
	tests := []struct {
		kind *kinds.Kind
		file string
		sel  string
		want string // the puzzle's name, or a part of the error
	}{
		{kinds.Juosan, juosan, "4x4_2 (easy).in", "4x4_2 (easy).in"},
		{kinds.Juosan, juosan, "4x4_2", "4x4_2 (easy).in"},
		{kinds.Juosan, juosan, "2", "4x4_2 (easy).in"},
		{kinds.Juosan, juosan, "0", `janko_instances.json: no puzzle "0" in this file (73 puzzles)`},
		{kinds.Juosan, juosan, "4x4_9", `no puzzle "4x4_9"`},
		{kinds.Shinro, shinro, "13", "playshinro 13"},
		{kinds.Shinro, shinro, "playshinro 13", "playshinro 13"},
		{kinds.Shinro, shinro, "99", "playshinro.json: shinro: no puzzle with index 99"},
	}
	for _, tc := range tests {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		// janko_instances.json holds a bad entry: Pick sees the 73 others.
		insts, _ := tc.kind.Parse(tc.file, data, kinds.Options{})
		have, err := tc.kind.Pick(tc.file, insts, tc.sel)
		switch {
		case err != nil && !strings.Contains(err.Error(), tc.want):
			t.Errorf("Pick(%s#%s): have error %v, want %q", tc.kind.Name, tc.sel, err, tc.want)
		case err == nil && have.Name() != tc.want:
			t.Errorf("Pick(%s#%s): have %q, want %q", tc.kind.Name, tc.sel, have.Name(), tc.want)
		}
	}
}
