package serve

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	jm "github.com/puzzlesat/puzzlesat/kinds/juosan/model"
	lm "github.com/puzzlesat/puzzlesat/kinds/linjat/model"
	sm "github.com/puzzlesat/puzzlesat/kinds/shinro/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// puzzleSpec is how every request names its puzzle (see the package doc).
type puzzleSpec struct {
	Text    string `json:"text"`
	Kind    string `json:"kind,omitempty"`
	Select  string `json:"select,omitempty"`
	Name    string `json:"name,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Example string `json:"example,omitempty"`
}

// loaded is a puzzle read from a request.
type loaded struct {
	kind *kinds.Kind
	inst kinds.Instance
	// entries are the puzzles of the input, when it holds several.
	entries []entryJSON
	// warning reports bad entries of an input whose other puzzles were
	// read.
	warning string
}

// maxNames bounds the entries listed of an input holding many puzzles.
const maxNames = 1000

// entryJSON is one puzzle of an input holding several: its entry number
// (what "select" takes) and its name.
type entryJSON struct {
	Entry int    `json:"entry"`
	Name  string `json:"name"`
}

// load reads the puzzle a request names. The name given to the kind's
// reader is fixed ("input" plus the upload's extension): readers may look
// beside a file they know by name (an Arrows puzzle.txt), and a request
// must never lead the server to a file.
func (s *Server) load(spec puzzleSpec) (*loaded, error) {
	text, name := spec.Text, "input"
	if spec.Example != "" {
		ex, err := exampleByID(spec.Example)
		if err != nil {
			return nil, err
		}
		if ex.Kind == "shift" {
			return nil, badRequest("example %q is a shift puzzle: use /api/shift/...", spec.Example)
		}
		text, name = ex.Text, ex.Name
	} else if ext := safeExt(spec.Name); ext != "" {
		name += ext
	}
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("no puzzle: give its text (any format of its kind, or a puzz.link URL) or an example")
	}
	data := []byte(text)
	var k *kinds.Kind
	var err error
	if spec.Kind != "" {
		k, err = kinds.Lookup(spec.Kind)
	} else {
		k, err = kinds.Detect(name, data)
	}
	if err != nil {
		return nil, badRequest("%v", err)
	}
	switch spec.Rule {
	case "", "either", "majority":
	default:
		return nil, badRequest("unknown rule %q (want either or majority)", spec.Rule)
	}
	opt := kinds.Options{}.With("rule", spec.Rule)
	out := &loaded{kind: k}
	if spec.Select != "" {
		// Only the selected puzzle is read, by the rule of the command
		// line's FILE#SEL (puzzle.Selection).
		if out.inst, err = k.Select(name, data, opt, spec.Select); err != nil {
			return nil, badRequest("%v", err)
		}
	} else {
		insts, err := k.Parse(name, data, opt)
		var partial *kinds.PartialError
		switch {
		case errors.As(err, &partial) && len(insts) > 0:
			out.warning = partial.Err.Error()
		case err != nil:
			return nil, badRequest("%v", err)
		case len(insts) == 0:
			return nil, badRequest("no puzzle in the input")
		}
		if len(insts) > 1 {
			for _, in := range insts[:min(len(insts), maxNames)] {
				out.entries = append(out.entries, entryJSON{Entry: in.Head().Entry, Name: in.Name()})
			}
		}
		out.inst = insts[0]
	}
	if n := out.inst.Rows() * out.inst.Cols(); n > s.opt.MaxCells {
		return nil, badRequest("the puzzle has %d×%d cells; this server takes at most %d (serve --max-cells)", out.inst.Rows(), out.inst.Cols(), s.opt.MaxCells)
	}
	return out, nil
}

// safeExt is the extension of an upload's name, when it is a plain one:
// it helps detect a format, and is all of the name that is used.
func safeExt(name string) string {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	if len(ext) < 2 || len(ext) > 9 {
		return ""
	}
	for _, r := range ext[1:] {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

// values checks a board sent with a request: one value per unknown, each
// -1 or in its domain.
func values(inst kinds.Instance, vals []int) (puzzle.Assignment, error) {
	vars := inst.Vars()
	if vals == nil {
		a := make(puzzle.Assignment, len(vars))
		for i := range a {
			a[i] = -1
		}
		return a, nil
	}
	if len(vals) != len(vars) {
		return nil, badRequest("values has %d entries; the puzzle has %d unknowns", len(vals), len(vars))
	}
	for i, v := range vals {
		if v < -1 || v >= len(vars[i].Domain) {
			return nil, badRequest("values[%d] (%s) is %d; want -1 or 0..%d", i, vars[i].Name, v, len(vars[i].Domain)-1)
		}
	}
	return puzzle.Assignment(vals), nil
}

// board is a puzzle as the page draws it: the kind-independent unknowns,
// and the kind's own clues in one of the kind fields.
type board struct {
	Kind string    `json:"kind"`
	Name string    `json:"name"`
	Rows int       `json:"rows"`
	Cols int       `json:"cols"`
	Text string    `json:"text"`
	Vars []varJSON `json:"vars"`
	// Fixed gives the values the puzzle itself gives (Arrows' numbers),
	// -1 elsewhere; a board starts from it.
	Fixed  []int       `json:"fixed"`
	Juosan *juosanJSON `json:"juosan,omitempty"`
	Arrows *arrowsJSON `json:"arrows,omitempty"`
	Shinro *shinroJSON `json:"shinro,omitempty"`
	Linjat *linjatJSON `json:"linjat,omitempty"`
}

type varJSON struct {
	Name   string   `json:"name"`
	Row    int      `json:"row"`
	Col    int      `json:"col"`
	Domain []string `json:"domain"`
}

// cell is a grid position in the API's JSON.
type cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

func cellsOf(ps []puzzle.Pos) []cell {
	out := make([]cell, len(ps))
	for i, q := range ps {
		out[i] = cell{q.Row, q.Col}
	}
	return out
}

// juosanJSON: the territory of every cell, and each territory's number
// (-1 none, -2 "?").
type juosanJSON struct {
	Regions [][]int `json:"regions"`
	Clues   []int   `json:"clues"`
	Reading string  `json:"reading"`
}

// arrowsJSON: every cell's arrow as a step (dr, dc), and the given
// numbers (-1 none).
type arrowsJSON struct {
	Dirs  [][][2]int `json:"dirs"`
	Given [][]int    `json:"given"`
}

// shinroJSON: arrows as numpad digits (0: none) and their steps, the
// counts along the edges and the stone total.
type shinroJSON struct {
	Arrows    [][]int    `json:"arrows"`
	Steps     [][][2]int `json:"steps"`
	RowCounts []int      `json:"row_counts"`
	ColCounts []int      `json:"col_counts"`
	Total     int        `json:"total"`
}

// linjatJSON: every cell (0 empty, -1 a dot, 1..9 a number), and for each
// number (unknown i) its placements: value j is Placements[i][j].
type linjatJSON struct {
	Cells      [][]int           `json:"cells"`
	Placements [][]placementJSON `json:"placements"`
}

type placementJSON struct {
	Horizontal bool `json:"horizontal"`
	Row        int  `json:"row"`
	Col        int  `json:"col"`
	Len        int  `json:"len"`
}

// boardOf describes inst for the page.
func boardOf(k *kinds.Kind, inst kinds.Instance) (*board, error) {
	text, err := inst.Format(k.Outputs[0])
	if err != nil {
		return nil, err
	}
	b := &board{Kind: inst.Kind(), Name: inst.Name(), Rows: inst.Rows(), Cols: inst.Cols(), Text: text}
	for _, v := range inst.Vars() {
		b.Vars = append(b.Vars, varJSON{Name: v.Name, Row: v.Pos.Row, Col: v.Pos.Col, Domain: v.Domain})
	}
	b.Fixed = make([]int, len(b.Vars))
	for i := range b.Fixed {
		b.Fixed[i] = -1
	}
	switch m := modelOf(inst).(type) {
	case *jm.Puzzle:
		b.Juosan = &juosanJSON{Regions: m.Region, Clues: m.Clue, Reading: m.Reading.String()}
	case *am.Puzzle:
		a := &arrowsJSON{Given: m.Given}
		for _, row := range m.Dirs {
			var steps [][2]int
			for _, d := range row {
				dr, dc := d.Delta()
				steps = append(steps, [2]int{dr, dc})
			}
			a.Dirs = append(a.Dirs, steps)
		}
		for i := range b.Vars {
			if g := m.Given[b.Vars[i].Row][b.Vars[i].Col]; g >= 0 {
				b.Fixed[i] = g
			}
		}
		b.Arrows = a
	case *sm.Puzzle:
		sh := &shinroJSON{RowCounts: m.RowCounts, ColCounts: m.ColCounts, Total: m.Total}
		for _, row := range m.Arrows {
			var digits []int
			var steps [][2]int
			for _, d := range row {
				dr, dc := d.Delta()
				if !d.Valid() {
					dr, dc = 0, 0
				}
				digits = append(digits, int(d))
				steps = append(steps, [2]int{dr, dc})
			}
			sh.Arrows = append(sh.Arrows, digits)
			sh.Steps = append(sh.Steps, steps)
		}
		b.Shinro = sh
	case *lm.Puzzle:
		l := &linjatJSON{}
		for _, row := range m.Grid() {
			cells := make([]int, len(row))
			for c, v := range row {
				cells[c] = int(v)
			}
			l.Cells = append(l.Cells, cells)
		}
		for i := range m.Numbers() {
			var pls []placementJSON
			for _, pl := range m.Placements(i) {
				pls = append(pls, placementJSON{Horizontal: pl.Horizontal, Row: pl.Start.Row, Col: pl.Start.Col, Len: pl.Len})
			}
			l.Placements = append(l.Placements, pls)
		}
		b.Linjat = l
	default:
		return nil, fmt.Errorf("serve: no board for %s puzzles", inst.Kind())
	}
	return b, nil
}

// modelOf is the kind's own model behind an instance (the kinds registry
// gives it to code that draws a kind).
func modelOf(inst kinds.Instance) any {
	switch x := inst.(type) {
	case interface{ Model() *jm.Puzzle }:
		return x.Model()
	case interface{ Model() *am.Puzzle }:
		return x.Model()
	case interface{ Model() *sm.Puzzle }:
		return x.Model()
	case interface{ Model() *lm.Puzzle }:
		return x.Model()
	}
	return nil
}
