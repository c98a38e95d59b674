package model

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/jsonpos"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Formats are the Juosan formats, in detection order. Each Detect looks at
// the content only, and no two accept the same input, so the order is
// free; it is the order help texts list them in. The puzz.link format is
// two values under one name: its writer stands second, so that the
// writers list canonical, puzzlink, in (and "puzzlink" looks up the
// writer), and its reader last.
var Formats = puzzle.Formats[*Puzzle]{
	canonicalFormat,
	{Name: "puzzlink", Doc: "puzz.link URL", Write: writeURLs},
	inFormat,
	playgroundFormat,
	jankoFormat,
	{Name: "puzzlink", Doc: "puzz.link URL", Detect: isURLs, Parse: readURLs, Select: selectURLs, Each: puzzle.EachEntries(openURLs)},
}

var (
	canonicalFormat = &puzzle.Format[*Puzzle]{
		Name: "canonical", Doc: "canonical",
		Detect: isCanonical,
		Parse:  one(true, "a first line \"juosan\"", readCanonical),
		Write:  single("canonical", FormatCanonical),
	}
	inFormat = &puzzle.Format[*Puzzle]{
		Name: "in", Doc: "in (tsaqifammar, with .ans)",
		Detect: isIn,
		Parse:  one(false, inWant, readIn),
		Each:   eachIn,
		Write:  single("in", FormatIn),
	}
	playgroundFormat = &puzzle.Format[*Puzzle]{
		Name: "playground", Doc: "playground JSON",
		// Other kinds read JSON too: the playground's entries carry "R"
		// (the territory map) and "N" (the clues).
		Detect: func(_ string, data []byte) bool {
			return jsonpos.Looks(data, "R", "N")
		},
		Parse:  readPlayground,
		Select: selectPlayground,
		Each:   puzzle.EachEntries(openPlayground),
	}
	jankoFormat = &puzzle.Format[*Puzzle]{
		Name: "janko", Doc: "janko.at text",
		Detect: func(_ string, data []byte) bool { return isJanko(data) },
		Parse:  one(false, "a janko.at puzzle (begin, puzzle juosan, size, problem, areas)", readJanko),
	}
)

// Parse reads every puzzle in data, whatever its format (see Formats); a
// puzzle carries the solution its input held. A playground file gives all
// its well-formed puzzles and, when some entries are malformed, an error
// naming them alongside. JSON that no format claims is read as playground
// JSON anyway, so that its errors say what it lacks. A bare solution grid
// is not a puzzle and is rejected.
func Parse(file string, data []byte) ([]*Puzzle, error) {
	data = srcpos.TrimBOM(data)
	if f := Formats.Detect(file, data); f != nil {
		return f.Parse(file, data)
	}
	switch {
	case jsonpos.Looks(data):
		return readPlayground(file, data)
	case isAnswer(data):
		return nil, &puzzle.Error{File: file, Line: 1, Msg: "this is a solution grid, not a puzzle"}
	}
	return nil, &puzzle.Error{File: file, Line: 1,
		Msg: "cannot tell the Juosan format (want canonical, .in, janko.at text, playground JSON or a puzz.link URL)"}
}

// ParseSolution reads a solution for p: a `.ans` grid, or the solution
// block of a canonical or janko.at file.
func (p *Puzzle) ParseSolution(file string, data []byte) (puzzle.Assignment, error) {
	data = srcpos.TrimBOM(data)
	if f := Formats.Detect(file, data); f == canonicalFormat || f == jankoFormat {
		ps, err := f.Parse(file, data)
		if err != nil {
			return nil, err
		}
		q := ps[0]
		if q.Solution == nil {
			return nil, &puzzle.Error{File: file, Msg: "no solution block in this file"}
		}
		if q.NumRows != p.NumRows || q.NumCols != p.NumCols {
			return nil, &puzzle.Error{File: file, Msg: fmt.Sprintf("solution is %dx%d, puzzle is %dx%d", q.NumRows, q.NumCols, p.NumRows, p.NumCols)}
		}
		return q.Solution, nil
	}
	g, err := parseAnswer(file, data, p)
	if err != nil {
		return nil, err
	}
	return g.Assignment(), nil
}

// Aliases are the other names a puzzle called name is selected by: the
// name's first word without ".in", so "4x4_1" selects the playground's
// "4x4_1 (easy).in".
func Aliases(name string) []string {
	short := strings.TrimSuffix(strings.Fields(name + " ")[0], ".in")
	if short == name || short == "" {
		return nil
	}
	return []string{short}
}

// single turns a writer of one puzzle into a Format's Write, for formats
// that hold one puzzle per file.
func single(name string, write func(*Puzzle) string) func([]*Puzzle) ([]byte, error) {
	return func(ps []*Puzzle) ([]byte, error) {
		if len(ps) != 1 {
			return nil, fmt.Errorf("the %s format holds one puzzle, not %d", name, len(ps))
		}
		return []byte(write(ps[0])), nil
	}
}

// writeURLs writes one URL per line.
func writeURLs(ps []*Puzzle) ([]byte, error) {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(FormatURL(p) + "\n")
	}
	return []byte(b.String()), nil
}

// firstLine is data's first line that is not blank or a comment, read
// without the lines after it. JSON has none: it is never a text format,
// and its first line may be all of it.
func firstLine(data []byte) (text.Line, bool) {
	if jsonpos.Looks(data) {
		return text.Line{}, false
	}
	for l := range text.All(data, true) {
		return l, true
	}
	return text.Line{}, false
}

// isCanonical reports whether data's first line is "juosan".
func isCanonical(_ string, data []byte) bool {
	first, ok := firstLine(data)
	return ok && first.Text == "juosan"
}

// isURLs reports whether data's first line is a puzz.link Juosan URL.
func isURLs(_ string, data []byte) bool {
	first, ok := firstLine(data)
	return ok && len(first.Toks) == 1 && isURLToken(first.Toks[0].Text)
}

// isURLToken reports whether s looks like a puzz.link Juosan URL.
func isURLToken(s string) bool {
	if strings.HasPrefix(s, "juosan/") {
		return true
	}
	i := strings.IndexByte(s, '?')
	return i >= 0 && strings.HasPrefix(s[i+1:], "juosan/")
}

// isJanko reports whether a line of data starts with a keyword of
// janko.at's format (and data is not in the canonical format or a URL
// list, whose comments may hold anything).
func isJanko(data []byte) bool {
	if jsonpos.Looks(data) || isCanonical("", data) || isURLs("", data) {
		return false
	}
	for ln := range text.All(data, false) { // one line at a time: the file may be large
		switch strings.ToLower(ln.Toks[0].Text) {
		case "begin", "areas", "problem":
			return true
		case "puzzle":
			if len(ln.Toks) > 1 && strings.EqualFold(ln.Toks[1].Text, "juosan") {
				return true
			}
		}
	}
	return false
}

// isIn reports whether data (from a file called name) starts like a
// `.in` file (janko.at text,
// which ignores header lines it does not know, wins): "R C", the number K
// of territories alone on its line, K clues, then R rows of C territory
// numbers; a file named NAME.in, when its first line has two words. Of an
// input larger than the detection window only the rows in it are seen. Lines after the puzzle make it a `.in` file only when the
// first of them starts another ("R C": a concatenation of `.in` files,
// which the reader refuses, saying where the second starts).
func isIn(name string, data []byte) bool {
	// A Linjat rows text may start like a header ("2     4", "3") but
	// never goes on like one.
	if jsonpos.Looks(data) || isJanko(data) {
		return false
	}
	if strings.HasSuffix(name, ".in") {
		// Named so: read as one from its size line, so that the reader
		// says what is wrong with the rest.
		for l := range text.All(data, false) {
			return len(l.Toks) == 2
		}
	}
	ints := func(l text.Line, n int) bool {
		if n >= 0 && len(l.Toks) != n {
			return false
		}
		for _, t := range l.Toks {
			if _, ok := atoi(t.Text); !ok {
				return false
			}
		}
		return true
	}
	var rows, cols, k, seen int
	for l := range text.All(data, false) {
		seen++
		switch {
		case seen == 1:
			if !ints(l, 2) {
				return false
			}
			rows, _ = atoi(l.Toks[0].Text)
			cols, _ = atoi(l.Toks[1].Text)
		case seen == 2:
			if !ints(l, 1) {
				return false
			}
			k, _ = atoi(l.Toks[0].Text)
		case seen == 3:
			if !ints(l, k) {
				return false
			}
		case seen <= 3+rows:
			if !ints(l, cols) {
				return false
			}
		case seen == 4+rows:
			if !ints(l, 2) {
				return false // another .in's size line, or not a .in
			}
		default:
			return ints(l, 1) // and its number of territories
		}
	}
	return seen > 3 && seen != 4+rows
}

// isAnswer reports whether data is only a grid of cell symbols (a `.ans`).
func isAnswer(data []byte) bool {
	lines := text.Lines(data, true)
	for _, ln := range lines {
		for _, t := range ln.Toks {
			for _, ch := range t.Text {
				if _, ok := symbolOf(ch); !ok {
					return false
				}
			}
		}
	}
	return len(lines) > 0
}
