package model_test

import (
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	juosan "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
)

// reader is the Parse of the format called name (the puzz.link reader is
// the second value of that name).
func reader(name string) func(string, []byte) ([]*juosan.Puzzle, error) {
	for _, f := range juosan.Formats {
		if f.Name == name && f.Parse != nil {
			return f.Parse
		}
	}
	panic("no reader " + name)
}

// roundTrip checks that p survives the canonical format with its solution:
// parse(format(p)) is p, and formatting again gives the same text.
func roundTrip(t *testing.T, p *juosan.Puzzle) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("reader returned an invalid puzzle: %v", err)
	}
	text := juosan.FormatCanonical(p)
	ps, err := reader("canonical")("round", []byte(text))
	if err != nil {
		t.Fatalf("canonical output does not parse: %v\n%s", err, text)
	}
	q := ps[0]
	if !q.Equal(p) || !slices.Equal(q.Solution, p.Solution) {
		t.Fatalf("canonical round trip changed the puzzle:\n%s", text)
	}
	if again := juosan.FormatCanonical(q); again != text {
		t.Fatalf("canonical output not stable:\n%s\nthen\n%s", text, again)
	}
}

// fuzzFormat fuzzes the reader of one format from the corpus files and
// extra seeds: whatever it accepts survives the canonical format, and the
// format's own writer when it has one.
func fuzzFormat(f *testing.F, format string, files []string, seeds ...string) {
	for _, name := range files {
		f.Add(testcorpus.Read(f, "juosan", name))
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	read := reader(format)
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, _ := read("f", data)
		for _, p := range ps {
			roundTrip(t, p)
			out, err := juosan.Formats.Write(format, []*juosan.Puzzle{p})
			if err != nil {
				continue // a read-only format
			}
			qs, err := read("g", out)
			if err != nil || len(qs) != 1 || !qs[0].Equal(p) {
				t.Fatalf("%s round trip: %v\n%s", format, err, out)
			}
			if again, _ := juosan.Formats.Write(format, qs); string(again) != string(out) {
				t.Fatalf("%s output not stable: %s then %s", format, out, again)
			}
		}
	})
}

func FuzzParseCanonical(f *testing.F) {
	fuzzFormat(f, "canonical", []string{"6x6_1.juosan", "pzprjs.juosan"},
		"juosan\nname a # b\nsize 1 2\ngrid\na? b0\nsolution\n.|\n")
}

func FuzzParseIn(f *testing.F) {
	fuzzFormat(f, "in", []string{"janko/6x6_1.in", "janko/10x10_30.in"}, "1 3\n2\n-1 -1\n1 2 1\n")
}

func FuzzParseJanko(f *testing.F) {
	fuzzFormat(f, "janko", []string{"janko051.txt"}, "begin\npuzzle juosan\nrows 1\ncols 2\nproblem\n? -\nareas\nx y\nend\n")
}

func FuzzParsePlayground(f *testing.F) {
	fuzzFormat(f, "playground", nil,
		`[{"name":"4x4_1 (easy).in","m":4,"n":4,"r":4,"N":[-1,2,3,-1],"R":[[0,0,1,1],[2,3,3,3],[2,3,3,3],[2,3,3,3]]}]`,
		`{"name":"x","m":1,"n":3,"r":2,"N":[-1,1],"R":[[0,1,0]]}`)
}

func FuzzParseURL(f *testing.F) {
	fuzzFormat(f, "puzzlink", []string{"puzzlink.txt"}, "juosan/25/1/vvvvu1zi0", "http://pzv.jp/p.html?juosan/3/2/a0.-10")
}

// FuzzParse feeds anything to the detecting reader: it must not panic, and
// whatever it accepts must be valid and verifiable.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"6x6_1.juosan", "janko/6x6_1.in", "janko051.txt", "puzzlink.txt"} {
		f.Add(testcorpus.Read(f, "juosan", name))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, _ := juosan.Parse("f", data)
		for _, p := range ps {
			if err := p.Validate(); err != nil {
				t.Fatalf("accepted an invalid puzzle: %v", err)
			}
			if p.Solution != nil {
				p.Verify(p.Solution)
			}
		}
	})
}
