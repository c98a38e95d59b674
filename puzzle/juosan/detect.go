package juosan

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Format is one of the input formats.
type Format int

const (
	UnknownFormat    Format = iota
	CanonicalFormat         // the canonical text format (first line "juosan")
	InFormat                // tsaqifammar .in
	AnswerFormat            // a bare solution grid (.ans)
	PlaygroundFormat        // playground JSON
	JankoFormat             // janko.at text
	URLFormat               // puzz.link URL(s)
)

var formatNames = [...]string{"unknown", "canonical", "in", "answer", "playground", "janko", "puzzlink"}

// String returns the format's name: canonical, in, answer, playground,
// janko, puzzlink (or unknown).
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormatName maps a name from String back to its Format.
func ParseFormatName(name string) (Format, error) {
	for i, n := range formatNames {
		if i > 0 && n == name {
			return Format(i), nil
		}
	}
	return UnknownFormat, fmt.Errorf("unknown juosan format %q (want %s)", name, strings.Join(formatNames[1:], ", "))
}

// Detect tells the format of data from its content alone.
func Detect(data []byte) Format {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return UnknownFormat
	}
	if trimmed[0] == '[' || trimmed[0] == '{' {
		return PlaygroundFormat
	}
	lines := scanLines(data, true)
	if len(lines) == 0 {
		return UnknownFormat
	}
	first := lines[0]
	switch {
	case first.text == "juosan":
		return CanonicalFormat
	case len(first.toks) == 1 && isURLToken(first.toks[0].text):
		return URLFormat
	}
	for _, ln := range scanLines(data, false) {
		switch strings.ToLower(ln.toks[0].text) {
		case "begin", "areas", "problem":
			return JankoFormat
		case "puzzle":
			if len(ln.toks) > 1 && strings.EqualFold(ln.toks[1].text, "juosan") {
				return JankoFormat
			}
		}
	}
	if len(first.toks) == 2 {
		if _, ok := atoi(first.toks[0].text); ok {
			if _, ok := atoi(first.toks[1].text); ok {
				return InFormat
			}
		}
	}
	answer := true
	for _, ln := range lines {
		for _, t := range ln.toks {
			for _, ch := range t.text {
				if _, ok := symbolOf(ch); !ok {
					answer = false
				}
			}
		}
	}
	if answer {
		return AnswerFormat
	}
	return UnknownFormat
}

// isURLToken reports whether s looks like a puzz.link Juosan URL.
func isURLToken(s string) bool {
	if strings.HasPrefix(s, "juosan/") {
		return true
	}
	i := strings.IndexByte(s, '?')
	return i >= 0 && strings.HasPrefix(s[i+1:], "juosan/")
}

// Instance is one puzzle read from an input, with the solution the input
// gave for it (nil when none).
type Instance struct {
	Puzzle   *Puzzle
	Solution Grid
}

// Parse reads every puzzle in data, whatever its format (see Detect). A
// playground file gives all its well-formed puzzles and, when some entries
// are malformed, an error naming them alongside. A bare solution grid is
// not a puzzle and is rejected.
func Parse(file string, data []byte) ([]Instance, error) {
	return ParseAs(file, data, Detect(data))
}

// ParseAs is Parse with the format given.
func ParseAs(file string, data []byte, f Format) ([]Instance, error) {
	one := func(p *Puzzle, g Grid, err error) ([]Instance, error) {
		if err != nil {
			return nil, err
		}
		return []Instance{{p, g}}, nil
	}
	switch f {
	case CanonicalFormat:
		return one(ParseCanonical(file, data))
	case InFormat:
		p, err := ParseIn(file, data)
		return one(p, nil, err)
	case JankoFormat:
		return one(ParseJanko(file, data))
	case PlaygroundFormat:
		ps, err := ParsePlaygroundJSON(file, data)
		return instances(ps), err
	case URLFormat:
		ps, err := ParseURLs(file, data)
		return instances(ps), err
	case AnswerFormat:
		return nil, &puzzle.Error{File: file, Line: 1, Msg: "this is a solution grid, not a puzzle"}
	}
	return nil, &puzzle.Error{File: file, Line: 1,
		Msg: "cannot tell the Juosan format (want canonical, .in, janko.at text, playground JSON or a puzz.link URL)"}
}

func instances(ps []*Puzzle) []Instance {
	out := make([]Instance, len(ps))
	for i, p := range ps {
		out[i] = Instance{Puzzle: p}
	}
	return out
}

// Find returns the instance whose puzzle is called name, by full name or
// by ShortName.
func Find(insts []Instance, name string) (Instance, bool) {
	for _, in := range insts {
		if in.Puzzle.Name == name {
			return in, true
		}
	}
	for _, in := range insts {
		if ShortName(in.Puzzle.Name) == name {
			return in, true
		}
	}
	return Instance{}, false
}
