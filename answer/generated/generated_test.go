package generated

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

// TestSeedJSON: a seed is written as a string of digits, so that no digit
// is lost in JavaScript, and read as a string or a number.
func TestSeedJSON(t *testing.T) {
	data, err := json.Marshal(struct{ Seed Seed }{18446744073709551557})
	if err != nil || string(data) != `{"Seed":"18446744073709551557"}` {
		t.Errorf("have %s %v, want the seed as a string", data, err)
	}
	tests := []struct {
		in   string
		want Seed
		ok   bool
	}{
		{`"18446744073709551557"`, 18446744073709551557, true},
		{`7`, 7, true},
		{`""`, 0, true},
		{`null`, 0, true},
		{`"-1"`, 0, false},
		{`"18446744073709551616"`, 0, false}, // 2^64
		{`"7x"`, 0, false},
		{`1.5`, 0, false},
	}
	for _, tc := range tests {
		var s Seed
		err := json.Unmarshal([]byte(tc.in), &s)
		if (err == nil) != tc.ok || s != tc.want {
			t.Errorf("%s: have %d %v, want %d (ok %v)", tc.in, s, err, tc.want, tc.ok)
		}
	}
}

// TestStem: the name of a puzzle without one, and generate --out's file
// stem, with "any" for no band.
func TestStem(t *testing.T) {
	for _, tc := range []struct {
		band generate.Band
		want string
	}{
		{"hard", "juosan-hard-s42-000007"},
		{"", "juosan-any-s42-000007"},
	} {
		if have := Stem("juosan", tc.band, 42, 7); have != tc.want {
			t.Errorf("band %q: have %s, want %s", tc.band, have, tc.want)
		}
	}
}

// TestRatingAsGraded: a generated puzzle's record carries the rating and
// band grade gives the same puzzle read back from its text, of every
// kind that generates, in every band of its generation tests
// (kind.Corpus.Generate, at their sizes); the text annotated with the
// rating reads back as the same puzzle, graded the same.
func TestRatingAsGraded(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a puzzle of every kind and band, seconds: skipped by -short")
	}
	ctx := context.Background()
	reg := kinds.Default()
	kinds := 0
	for _, k := range reg.List() {
		if k.Generate == nil || k.Corpus == nil {
			continue
		}
		for _, gc := range k.Corpus.Generate {
			if gc.Slow {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s/%dx%d", k.Name, gc.Band, gc.Rows, gc.Cols), func(t *testing.T) {
				band, err := generate.ParseBand(k, gc.Band)
				if err != nil {
					t.Fatal(err)
				}
				p, err := generate.Generate(ctx, generate.Options{Solver: gini.NewSolver, Kind: k, Band: band, Rows: gc.Rows, Cols: gc.Cols, Seed: 5})
				if err != nil {
					t.Fatal(err)
				}
				rec := Of(p, "gini")
				if band != generate.Any && rec.Band != string(band) {
					t.Errorf("generated for band %s, graded in band %q", band, rec.Band)
				}
				if rec.Rating < 1 || rec.Rating > rating.Max {
					t.Fatalf("rating %d, want 1..%d", rec.Rating, rating.Max)
				}
				annotated := rec.Annotated(k, kind.Options{}, p.Text)
				if !strings.HasSuffix(annotated, "# "+rec.RatingLine()+"\n") {
					t.Errorf("the puzzle's text does not end with its rating:\n%s", annotated)
				}
				for what, text := range map[string]string{"text": p.Text, "annotated text": annotated} {
					insts, err := k.Parse("generated", []byte(text), kind.Options{})
					if err != nil || len(insts) != 1 {
						t.Fatalf("%s: %v (%d puzzles)", what, err, len(insts))
					}
					g, err := answer.Grade(ctx, insts[0], answer.Options{Solver: gini.NewSolver, Bands: reg})
					if err != nil {
						t.Fatal(err)
					}
					if g.Rating != rec.Rating || g.Band != rec.Band {
						t.Errorf("%s: grade rates it %d (band %q), the generated record %d (band %q)", what, g.Rating, g.Band, rec.Rating, rec.Band)
					}
				}
			})
		}
		kinds++
	}
	if kinds == 0 {
		t.Fatal("no kind generates")
	}
}

// TestAnnotatedKeepsFormat: the rating goes on a text as a last comment
// line only when the kind reads it back as the same puzzle: a kind whose
// format reads no '#' comment, or reads the text as another puzzle with
// one, gets its text unannotated, and an unrated record none.
func TestAnnotatedKeepsFormat(t *testing.T) {
	var k *kind.Kind
	for _, c := range kinds.Default().List() {
		if c.Generate != nil && c.Corpus != nil && len(c.Corpus.Generate) > 0 {
			k = c
			break
		}
	}
	if k == nil {
		t.Fatal("no kind generates")
	}
	gc := k.Corpus.Generate[0]
	p, err := generate.Generate(context.Background(), generate.Options{Solver: gini.NewSolver, Kind: k, Rows: gc.Rows, Cols: gc.Cols, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rated := Record{Rating: 4, Band: "medium"}
	withLine := p.Text + "# " + rated.RatingLine() + "\n"
	noComments := func(name string, data []byte, opt kind.Options) ([]kind.Instance, error) {
		if strings.Contains(string(data), "#") {
			return nil, fmt.Errorf("line 2: unexpected #")
		}
		return k.Parse(name, data, opt)
	}
	another := func(name string, data []byte, opt kind.Options) ([]kind.Instance, error) {
		if strings.Contains(string(data), "#") {
			data = []byte(strings.Replace(p.SolutionText, "#", "", -1)) // another puzzle: the solved one
		}
		return k.Parse(name, data, opt)
	}
	for _, tc := range []struct {
		name  string
		parse func(string, []byte, kind.Options) ([]kind.Instance, error)
		rec   Record
		want  string
	}{
		{"the kind's own format", k.Parse, rated, withLine},
		{"no comments", noComments, rated, p.Text},
		{"read as another puzzle", another, rated, p.Text},
		{"unrated", k.Parse, Record{}, p.Text},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := *k
			c.Parse = tc.parse
			if got := tc.rec.Annotated(&c, kind.Options{}, p.Text); got != tc.want {
				t.Errorf("annotated %q, want %q", got, tc.want)
			}
		})
	}
	if got, want := rated.RatingLine(), "rating: ★★★★☆☆☆☆☆☆ 4/10 (band medium)"; got != want {
		t.Errorf("rating line %q, want %q", got, want)
	}
	if got, want := (Record{Rating: 9}).RatingLine(), "rating: ★★★★★★★★★☆ 9/10 (in no band)"; got != want {
		t.Errorf("rating line %q, want %q", got, want)
	}
}
