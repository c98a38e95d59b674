package juosan

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ParseJanko reads janko.at's text format:
//
//	begin
//	puzzle juosan
//	size 6            (or "size R C", or "rows R" and "cols C")
//	problem           R rows: a territory's number in one of its cells,
//	                  "-" elsewhere ("?" for an unknown number)
//	areas             R rows of territory labels (any words)
//	solution          optional: R rows of h (-) and v (|)
//	end
//
// Other header lines (author, source, info, ...) are ignored, and so is
// everything after "end". It returns the solution block too (nil when
// absent). The puzzle is named after the file.
func ParseJanko(file string, data []byte) (*Puzzle, Grid, error) {
	var errs puzzle.ErrorList
	p, g := parseJanko(&errs, file, data)
	if err := errs.Err(); err != nil {
		return nil, nil, err
	}
	return p, g, nil
}

func parseJanko(errs *puzzle.ErrorList, file string, data []byte) (*Puzzle, Grid) {
	lines := scanLines(data, false)
	if len(lines) == 0 {
		errs.Add(file, 1, 0, "empty input: want a janko.at puzzle (begin, puzzle juosan, size, problem, areas)")
		return nil, nil
	}
	var (
		rows, cols int
		problem    []textLine
		areas      []textLine
		solution   Grid
	)
	setSize := func(dst *int, t token) bool {
		n, ok := atoi(t.text)
		if !ok || !sizeOK(n) {
			errAt(errs, file, t, "size %q: want an integer in 1..%d", t.text, MaxSize)
			return false
		}
		*dst = n
		return true
	}
lines:
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		kw := ln.toks[0]
		switch strings.ToLower(kw.text) {
		case "end":
			break lines
		case "puzzle":
			if len(ln.toks) < 2 || !strings.EqualFold(ln.toks[1].text, "juosan") {
				errAt(errs, file, kw, "not a Juosan puzzle: %q", ln.text)
				return nil, nil
			}
		case "size":
			if len(ln.toks) < 2 || len(ln.toks) > 3 {
				errAt(errs, file, kw, "want \"size N\" or \"size ROWS COLS\"")
				return nil, nil
			}
			if !setSize(&rows, ln.toks[1]) {
				return nil, nil
			}
			cols = rows
			if len(ln.toks) == 3 && !setSize(&cols, ln.toks[2]) {
				return nil, nil
			}
		case "rows", "cols":
			if len(ln.toks) != 2 {
				errAt(errs, file, kw, "want \"%s N\"", kw.text)
				return nil, nil
			}
			dst := &rows
			if strings.EqualFold(kw.text, "cols") {
				dst = &cols
			}
			if !setSize(dst, ln.toks[1]) {
				return nil, nil
			}
		case "problem", "areas", "solution":
			if rows == 0 || cols == 0 {
				errAt(errs, file, kw, "%q block before the size is known", kw.text)
				return nil, nil
			}
			if len(lines)-i-1 < rows {
				errs.Add(file, lines[len(lines)-1].num+1, 0, "%q block has %d rows, want %d", kw.text, len(lines)-i-1, rows)
				return nil, nil
			}
			block := lines[i+1 : i+1+rows]
			i += rows
			switch strings.ToLower(kw.text) {
			case "problem":
				problem = block
			case "areas":
				areas = block
			default:
				solution = symbolRows(errs, file, block, cols)
			}
		}
	}
	if areas == nil {
		errs.Add(file, lines[len(lines)-1].num+1, 0, "missing \"areas\" block")
	}
	if problem == nil {
		errs.Add(file, lines[len(lines)-1].num+1, 0, "missing \"problem\" block")
	}
	if len(*errs) > 0 {
		return nil, nil
	}
	labels := make([][]token, rows)
	for i, ln := range areas {
		if len(ln.toks) != cols {
			errAt(errs, file, ln.toks[0], "areas row %d has %d labels, want %d", i+1, len(ln.toks), cols)
			continue
		}
		labels[i] = ln.toks
	}
	clues := map[string]rawClue{}
	for i, ln := range problem {
		if len(ln.toks) != cols {
			errAt(errs, file, ln.toks[0], "problem row %d has %d cells, want %d", i+1, len(ln.toks), cols)
			continue
		}
		if labels[i] == nil {
			continue
		}
		for j, t := range ln.toks {
			v := NoNumber
			switch t.text {
			case "-", ".":
				continue
			case "?":
				v = Question
			default:
				n, ok := atoi(t.text)
				if !ok || n < 0 {
					errAt(errs, file, t, "problem cell %q: want a number, ? or -", t.text)
					continue
				}
				v = n
			}
			label := labels[i][j].text
			if prev, dup := clues[label]; dup {
				errAt(errs, file, t, "territory %s has a second number (the first is at line %d col %d)", label, prev.at.line, prev.at.col)
				continue
			}
			clues[label] = rawClue{v, t}
		}
	}
	if len(*errs) > 0 {
		return nil, nil
	}
	return build(errs, file, nameFromFile(file), labels, clues), solution
}
