package model

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/text"
)

// readCanonical reads the canonical text format (see the package doc); the
// puzzle carries its solution block when there is one.
func readCanonical(errs *puzzle.ErrorList, file string, lines []text.Line) *Puzzle {
	if lines[0].Text != "juosan" {
		text.Errorf(errs, file, lines[0].Toks[0], "first line must be \"juosan\", found %q", lines[0].Text)
		return nil
	}
	var (
		name             string
		rows, cols       int
		labels           [][]text.Token
		clues            = map[string]rawClue{}
		solution         Grid
		seen             = map[string]bool{}
		haveGrid, hasEnd bool
	)
	for i := 1; i < len(lines); i++ {
		ln := lines[i]
		kw := ln.Toks[0]
		if hasEnd {
			text.Errorf(errs, file, kw, "text after \"end\"")
			return nil
		}
		if seen[kw.Text] {
			text.Errorf(errs, file, kw, "second %q line", kw.Text)
			return nil
		}
		seen[kw.Text] = true
		switch kw.Text {
		case "name":
			name = strings.TrimSpace(strings.TrimPrefix(ln.Text, "name"))
		case "size":
			if len(ln.Toks) != 3 {
				text.Errorf(errs, file, kw, "want \"size ROWS COLS\"")
				return nil
			}
			for j, dst := range []*int{&rows, &cols} {
				t := ln.Toks[j+1]
				n, ok := atoi(t.Text)
				if !ok || !sizeOK(n) {
					text.Errorf(errs, file, t, "%s %q: want an integer in 1..%d", []string{"rows", "columns"}[j], t.Text, MaxSize)
					return nil
				}
				*dst = n
			}
		case "grid", "solution":
			if len(ln.Toks) != 1 {
				text.Errorf(errs, file, ln.Toks[1], "%q stands alone on its line; the rows follow on the next lines", kw.Text)
				return nil
			}
			if rows == 0 {
				text.Errorf(errs, file, kw, "%q before \"size\"", kw.Text)
				return nil
			}
			block, ok := blockAfter(errs, file, lines, &i, rows)
			if !ok {
				return nil
			}
			if kw.Text == "solution" {
				solution = symbolRows(errs, file, block, cols)
				continue
			}
			haveGrid = true
			labels = gridTokens(errs, file, block, cols, clues)
		case "end":
			hasEnd = true
		default:
			text.Errorf(errs, file, kw, "unknown line %q (want name, size, grid, solution or end)", kw.Text)
			return nil
		}
	}
	if !haveGrid {
		errs.Add(file, lines[len(lines)-1].Num+1, 1, "missing \"grid\" block")
	}
	return finish(errs, file, name, labels, clues, solution)
}

// gridTokens reads the grid block: each token a label of ASCII letters with
// an optional number or "?".
func gridTokens(errs *puzzle.ErrorList, file string, block []text.Line, cols int, clues map[string]rawClue) [][]text.Token {
	labels := make([][]text.Token, len(block))
	for i, ln := range block {
		if !rowWidth(errs, file, ln, cols, "grid row %d has %d cells, want %d", i+1, len(ln.Toks), cols) {
			continue
		}
		labels[i] = make([]text.Token, cols)
		for j, t := range ln.Toks {
			k := 0
			for k < len(t.Text) && isLetter(t.Text[k]) {
				k++
			}
			label, num := t.Text[:k], t.Text[k:]
			if label == "" {
				text.Errorf(errs, file, t, "cell %q: want a territory label of letters, optionally followed by a number or ?", t.Text)
				continue
			}
			labels[i][j] = text.Token{Text: label, Line: t.Line, Col: t.Col}
			if num == "" {
				continue
			}
			v := Question
			if num != "?" {
				n, ok := atoi(num)
				if !ok || num[0] == '+' || num[0] == '-' {
					text.Errorf(errs, file, t, "cell %q: %q after the label is not a number or ?", t.Text, num)
					continue
				}
				v = n
			}
			if prev, dup := clues[label]; dup {
				text.Errorf(errs, file, t, "territory %s has a second number (the first is at line %d col %d)", label, prev.at.Line, prev.at.Col)
				continue
			}
			clues[label] = rawClue{v, t}
		}
	}
	return labels
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// Label is the canonical format's label of territory i: a..z, aa..az, ba...
func Label(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append(b, byte('a'+(i-1)%26))
	}
	for l, r := 0, len(b)-1; l < r; l, r = l+1, r-1 {
		b[l], b[r] = b[r], b[l]
	}
	return string(b)
}

// FormatCanonical writes p in the canonical format, with the solution it
// carries. Each territory's number stands on its first cell. Line breaks
// and '#' in the name become spaces.
func FormatCanonical(p *Puzzle) string {
	var sol Grid
	if p.Solution != nil {
		// A carried solution of the wrong size is not written (only a
		// hand-built Puzzle can have one).
		sol, _ = p.GridOf(p.Solution)
	}
	return writeCanonical(p, sol)
}

// writeCanonical writes p and sol (unless nil) in the canonical format.
func writeCanonical(p *Puzzle, sol Grid) string {
	var b strings.Builder
	b.WriteString("juosan\n")
	name := strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '#' || text.IsSpace(r) {
			return ' '
		}
		return r
	}, p.Title))
	if name != "" {
		b.WriteString("name " + name + "\n")
	}
	b.WriteString("size " + strconv.Itoa(p.NumRows) + " " + strconv.Itoa(p.NumCols) + "\n")
	b.WriteString("grid\n")
	cells := make([][]string, p.NumRows)
	width := 0
	labelled := make([]bool, len(p.Clue))
	for r, row := range p.Region {
		cells[r] = make([]string, p.NumCols)
		for c, t := range row {
			s := Label(t)
			if !labelled[t] {
				labelled[t] = true
				switch cl := p.Clue[t]; {
				case cl == Question:
					s += "?"
				case cl >= 0:
					s += strconv.Itoa(cl)
				}
			}
			cells[r][c] = s
			width = max(width, len(s))
		}
	}
	for _, row := range cells {
		for c, s := range row {
			if c == len(row)-1 {
				b.WriteString(s)
				break
			}
			b.WriteString(s + strings.Repeat(" ", width+1-len(s)))
		}
		b.WriteByte('\n')
	}
	if sol != nil {
		b.WriteString("solution\n")
		b.WriteString(FormatGrid(sol))
	}
	b.WriteString("end\n")
	return b.String()
}
