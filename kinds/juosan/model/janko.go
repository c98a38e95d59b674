package model

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// readJanko reads janko.at's text format:
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
// everything after "end". The puzzle carries the solution block when there
// is one, and is named after the file.
func readJanko(errs *puzzle.ErrorList, file string, lines []text.Line) *Puzzle {
	var (
		rows, cols int
		problem    []text.Line
		areas      []text.Line
		solution   Grid
	)
	setSize := func(dst *int, t text.Token) bool {
		n, ok := atoi(t.Text)
		if !ok || !sizeOK(n) {
			text.Errorf(errs, file, t, "size %q: want an integer in 1..%d", t.Text, MaxSize)
			return false
		}
		*dst = n
		return true
	}
lines:
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		kw := ln.Toks[0]
		switch strings.ToLower(kw.Text) {
		case "end":
			break lines
		case "puzzle":
			if len(ln.Toks) < 2 || !strings.EqualFold(ln.Toks[1].Text, "juosan") {
				text.Errorf(errs, file, kw, "not a Juosan puzzle: %q", ln.Text)
				return nil
			}
		case "size":
			if len(ln.Toks) < 2 || len(ln.Toks) > 3 {
				text.Errorf(errs, file, kw, "want \"size N\" or \"size ROWS COLS\"")
				return nil
			}
			if !setSize(&rows, ln.Toks[1]) {
				return nil
			}
			cols = rows
			if len(ln.Toks) == 3 && !setSize(&cols, ln.Toks[2]) {
				return nil
			}
		case "rows", "cols":
			if len(ln.Toks) != 2 {
				text.Errorf(errs, file, kw, "want \"%s N\"", kw.Text)
				return nil
			}
			dst := &rows
			if strings.EqualFold(kw.Text, "cols") {
				dst = &cols
			}
			if !setSize(dst, ln.Toks[1]) {
				return nil
			}
		case "problem", "areas", "solution":
			if rows == 0 || cols == 0 {
				text.Errorf(errs, file, kw, "%q block before the size is known", kw.Text)
				return nil
			}
			block, ok := blockAfter(errs, file, lines, &i, rows)
			if !ok {
				return nil
			}
			switch strings.ToLower(kw.Text) {
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
		errs.Add(file, lines[len(lines)-1].Num+1, 1, "missing \"areas\" block")
	}
	if problem == nil {
		errs.Add(file, lines[len(lines)-1].Num+1, 1, "missing \"problem\" block")
	}
	if len(*errs) > 0 {
		return nil
	}
	labels := make([][]text.Token, rows)
	for i, ln := range areas {
		if len(ln.Toks) != cols {
			text.Errorf(errs, file, ln.Toks[0], "areas row %d has %d labels, want %d", i+1, len(ln.Toks), cols)
			continue
		}
		labels[i] = ln.Toks
	}
	clues := map[string]rawClue{}
	for i, ln := range problem {
		if len(ln.Toks) != cols {
			text.Errorf(errs, file, ln.Toks[0], "problem row %d has %d cells, want %d", i+1, len(ln.Toks), cols)
			continue
		}
		if labels[i] == nil {
			continue
		}
		for j, t := range ln.Toks {
			v := NoNumber
			switch t.Text {
			case "-", ".":
				continue
			case "?":
				v = Question
			default:
				n, ok := atoi(t.Text)
				if !ok || n < 0 {
					text.Errorf(errs, file, t, "problem cell %q: want a number, ? or -", t.Text)
					continue
				}
				v = n
			}
			label := labels[i][j].Text
			if prev, dup := clues[label]; dup {
				text.Errorf(errs, file, t, "territory %s has a second number (the first is at line %d col %d)", label, prev.at.Line, prev.at.Col)
				continue
			}
			clues[label] = rawClue{v, t}
		}
	}
	return finish(errs, file, nameFromFile(file), labels, clues, solution)
}
