package juosan

import (
	"testing"
)

// roundTrip checks that p (with solution g) survives the canonical format:
// parse(format(p)) is p, and formatting again gives the same text.
func roundTrip(t *testing.T, p *Puzzle, g Grid) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("reader returned an invalid puzzle: %v", err)
	}
	text := FormatCanonical(p, g)
	q, h, err := ParseCanonical("round", []byte(text))
	if err != nil {
		t.Fatalf("canonical output does not parse: %v\n%s", err, text)
	}
	if !q.Equal(p) || !h.Equal(g) {
		t.Fatalf("canonical round trip changed the puzzle:\n%s", text)
	}
	if again := FormatCanonical(q, h); again != text {
		t.Fatalf("canonical output not stable:\n%s\nthen\n%s", text, again)
	}
}

func addSeeds(f *testing.F, files ...string) {
	for _, name := range files {
		f.Add(readFile(f, name))
	}
}

func FuzzParseCanonical(f *testing.F) {
	addSeeds(f, "6x6_1.juosan", "pzprjs.juosan")
	f.Add([]byte("juosan\nname a # b\nsize 1 2\ngrid\na? b0\nsolution\n.|\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, g, err := ParseCanonical("f", data)
		if err != nil {
			return
		}
		roundTrip(t, p, g)
	})
}

func FuzzParseIn(f *testing.F) {
	addSeeds(f, "janko/6x6_1.in", "janko/10x10_30.in")
	f.Add([]byte("1 3\n2\n-1 -1\n1 2 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseIn("f.in", data)
		if err != nil {
			return
		}
		roundTrip(t, p, nil)
		q, err := ParseIn("g.in", []byte(FormatIn(p)))
		if err != nil || !q.Equal(p) {
			t.Fatalf("FormatIn round trip: %v", err)
		}
	})
}

func FuzzParseAnswer(f *testing.F) {
	addSeeds(f, "janko/6x6_1.ans")
	f.Add([]byte("h v\nv .\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseAnswer("f", data, nil)
		if err != nil {
			return
		}
		h, err := ParseAnswer("g", []byte(FormatGrid(g)), nil)
		if err != nil || !h.Equal(g) {
			t.Fatalf("FormatGrid round trip: %v", err)
		}
	})
}

func FuzzParseJanko(f *testing.F) {
	addSeeds(f, "janko051.txt")
	f.Add([]byte("begin\npuzzle juosan\nrows 1\ncols 2\nproblem\n? -\nareas\nx y\nend\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, g, err := ParseJanko("f", data)
		if err != nil {
			return
		}
		roundTrip(t, p, g)
	})
}

func FuzzParsePlaygroundJSON(f *testing.F) {
	f.Add([]byte(`[{"name":"4x4_1 (easy).in","m":4,"n":4,"r":4,"N":[-1,2,3,-1],"R":[[0,0,1,1],[2,3,3,3],[2,3,3,3],[2,3,3,3]]}]`))
	f.Add([]byte(`{"name":"x","m":1,"n":3,"r":2,"N":[-1,1],"R":[[0,1,0]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, _ := ParsePlaygroundJSON("f", data)
		for _, p := range ps {
			roundTrip(t, p, nil)
		}
	})
}

func FuzzParseURL(f *testing.F) {
	addSeeds(f, "puzzlink.txt")
	f.Add([]byte("juosan/25/1/vvvvu1zi0"))
	f.Add([]byte("http://pzv.jp/p.html?juosan/3/2/a0.-10"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseURLs("f", data)
		if err != nil {
			return
		}
		for _, p := range ps {
			roundTrip(t, p, nil)
			body := URLBody(p)
			q, err := ParseURL("", []byte(body))
			if err != nil || !q.Equal(p) {
				t.Fatalf("URL round trip of %s: %v", body, err)
			}
			if again := URLBody(q); again != body {
				t.Fatalf("URL not stable: %s then %s", body, again)
			}
		}
	})
}

// FuzzParse feeds anything to the detecting reader: it must not panic, and
// whatever it accepts must be valid.
func FuzzParse(f *testing.F) {
	addSeeds(f, "6x6_1.juosan", "janko/6x6_1.in", "janko051.txt", "puzzlink.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		insts, _ := Parse("f", data)
		for _, in := range insts {
			if err := in.Puzzle.Validate(); err != nil {
				t.Fatalf("accepted an invalid puzzle: %v", err)
			}
			Verify(in.Puzzle, in.Solution, Either)
		}
	})
}
