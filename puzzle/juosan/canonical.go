package juosan

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ParseCanonical reads the canonical text format (see the package doc) and
// returns the puzzle and its solution block (nil when there is none).
func ParseCanonical(file string, data []byte) (*Puzzle, Grid, error) {
	var errs puzzle.ErrorList
	p, g := parseCanonical(&errs, file, data)
	if err := errs.Err(); err != nil {
		return nil, nil, err
	}
	return p, g, nil
}

func parseCanonical(errs *puzzle.ErrorList, file string, data []byte) (*Puzzle, Grid) {
	lines := scanLines(data, true)
	if len(lines) == 0 {
		errs.Add(file, 1, 0, "empty input: want a first line \"juosan\"")
		return nil, nil
	}
	if lines[0].text != "juosan" {
		errAt(errs, file, lines[0].toks[0], "first line must be \"juosan\", found %q", lines[0].text)
		return nil, nil
	}
	var (
		name             string
		rows, cols       int
		labels           [][]token
		clues            = map[string]rawClue{}
		solution         Grid
		seen             = map[string]bool{}
		haveGrid, hasEnd bool
	)
	for i := 1; i < len(lines); i++ {
		ln := lines[i]
		kw := ln.toks[0]
		if hasEnd {
			errAt(errs, file, kw, "text after \"end\"")
			return nil, nil
		}
		if seen[kw.text] {
			errAt(errs, file, kw, "second %q line", kw.text)
			return nil, nil
		}
		seen[kw.text] = true
		switch kw.text {
		case "name":
			name = strings.TrimSpace(strings.TrimPrefix(ln.text, "name"))
		case "size":
			if len(ln.toks) != 3 {
				errAt(errs, file, kw, "want \"size ROWS COLS\"")
				return nil, nil
			}
			for j, dst := range []*int{&rows, &cols} {
				t := ln.toks[j+1]
				n, ok := atoi(t.text)
				if !ok || !sizeOK(n) {
					errAt(errs, file, t, "%s %q: want an integer in 1..%d", []string{"rows", "columns"}[j], t.text, MaxSize)
					return nil, nil
				}
				*dst = n
			}
		case "grid", "solution":
			if len(ln.toks) != 1 {
				errAt(errs, file, ln.toks[1], "%q stands alone on its line; the rows follow on the next lines", kw.text)
				return nil, nil
			}
			if rows == 0 {
				errAt(errs, file, kw, "%q before \"size\"", kw.text)
				return nil, nil
			}
			if len(lines)-i-1 < rows {
				errs.Add(file, lines[len(lines)-1].num+1, 0, "%q block has %d rows, want %d", kw.text, len(lines)-i-1, rows)
				return nil, nil
			}
			block := lines[i+1 : i+1+rows]
			i += rows
			if kw.text == "solution" {
				solution = symbolRows(errs, file, block, cols)
				continue
			}
			haveGrid = true
			labels = gridTokens(errs, file, block, cols, clues)
		case "end":
			hasEnd = true
		default:
			errAt(errs, file, kw, "unknown line %q (want name, size, grid, solution or end)", kw.text)
			return nil, nil
		}
	}
	if !haveGrid {
		errs.Add(file, lines[len(lines)-1].num+1, 0, "missing \"grid\" block")
	}
	if len(*errs) > 0 {
		return nil, nil
	}
	return build(errs, file, name, labels, clues), solution
}

// gridTokens reads the grid block: each token a label of ASCII letters with
// an optional number or "?".
func gridTokens(errs *puzzle.ErrorList, file string, block []textLine, cols int, clues map[string]rawClue) [][]token {
	labels := make([][]token, len(block))
	for i, ln := range block {
		if len(ln.toks) != cols {
			at := token{line: ln.num, col: ln.toks[len(ln.toks)-1].col}
			if len(ln.toks) > cols {
				at = ln.toks[cols]
			}
			errAt(errs, file, at, "grid row %d has %d cells, want %d", i+1, len(ln.toks), cols)
			continue
		}
		labels[i] = make([]token, cols)
		for j, t := range ln.toks {
			k := 0
			for k < len(t.text) && isLetter(t.text[k]) {
				k++
			}
			label, num := t.text[:k], t.text[k:]
			if label == "" {
				errAt(errs, file, t, "cell %q: want a territory label of letters, optionally followed by a number or ?", t.text)
				continue
			}
			labels[i][j] = token{label, t.line, t.col}
			if num == "" {
				continue
			}
			v := Question
			if num != "?" {
				n, ok := atoi(num)
				if !ok || num[0] == '+' || num[0] == '-' {
					errAt(errs, file, t, "cell %q: %q after the label is not a number or ?", t.text, num)
					continue
				}
				v = n
			}
			if prev, dup := clues[label]; dup {
				errAt(errs, file, t, "territory %s has a second number (the first is at line %d col %d)", label, prev.at.line, prev.at.col)
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

// FormatCanonical writes p (and sol, unless nil) in the canonical format.
// Each territory's number stands on its first cell. Line breaks and '#' in
// the name become spaces.
func FormatCanonical(p *Puzzle, sol Grid) string {
	var b strings.Builder
	b.WriteString("juosan\n")
	name := strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '#' || isSpace(r) {
			return ' '
		}
		return r
	}, p.Name))
	if name != "" {
		b.WriteString("name " + name + "\n")
	}
	b.WriteString("size " + strconv.Itoa(p.Rows) + " " + strconv.Itoa(p.Cols) + "\n")
	b.WriteString("grid\n")
	cells := make([][]string, p.Rows)
	width := 0
	labelled := make([]bool, len(p.Clue))
	for r, row := range p.Region {
		cells[r] = make([]string, p.Cols)
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
