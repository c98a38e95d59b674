package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Room of a shift strip, in millimetres.
const (
	link      = 18.0  // between two states: the move's name over an arrow
	stripRow  = 8.0   // between two rows of a wrapped strip
	stripWide = 260.0 // a strip wider than this wraps
)

// ShiftPicture says what to draw of a shift puzzle.
type ShiftPicture struct {
	Title string
	// Moves, when set, are replayed from the start: the strip shows every
	// state with the move between each, the cells a move changed framed.
	// Without moves the strip is the start, and the target when the
	// puzzle has one.
	Moves   []string
	Caption string
}

// ShiftPlain is the picture of a shift puzzle by itself.
func ShiftPlain(kindName string, p kind.MovesPuzzle) ShiftPicture {
	return ShiftPicture{Title: shiftTitle(kindName, p), Caption: "moves: " + strings.Join(p.MoveNames(), " ")}
}

// ShiftSolution is the strip of a shortest solution, res (what
// answer.ShortestSolution proved of p): every state from the start to the
// goal, with a caption saying which proof shows that none is shorter. An
// answer that is not an optimum gives answer.ErrUnsolvable (none within the
// bound) or answer.ErrUnknown.
func ShiftSolution(kindName string, p kind.MovesPuzzle, res *answer.Shortest) (ShiftPicture, error) {
	pic := ShiftPicture{Title: shiftTitle(kindName, p)}
	switch res.Status {
	case kind.Optimal:
	case kind.NoSolutionWithin:
		return pic, answer.ErrUnsolvable
	default:
		return pic, answer.ErrUnknown
	}
	pic.Moves = make([]string, len(res.Moves))
	names := p.MoveNames()
	for i, m := range res.Moves {
		pic.Moves[i] = names[m]
	}
	pic.Title += fmt.Sprintf(" — shortest solution, %s", plural.N(len(res.Moves), "move"))
	switch {
	case len(res.Moves) == 0:
		pic.Caption = "the start is already solved"
	case res.Proof == kind.ProofBound:
		pic.Caption = fmt.Sprintf("no solution has fewer than %s: the proven lower bound, met by a solution found", plural.N(len(res.Moves), "move"))
	case res.Proof == kind.ProofSearch:
		pic.Caption = fmt.Sprintf("no solution has fewer than %s: proven by the exact search", plural.N(len(res.Moves), "move"))
	default:
		pic.Caption = fmt.Sprintf("no solution has fewer than %s: depths 0..%d refuted with %s, %s encoding",
			plural.N(len(res.Moves), "move"), len(res.Moves)-1, res.Solver, res.Encoding)
	}
	return pic, nil
}

// shiftTitle is the title of p, a puzzle of the moves kind called
// kindName.
func shiftTitle(kindName string, p kind.MovesPuzzle) string {
	if p.Title() == "" {
		return kindName + " puzzle"
	}
	return kindName + " " + p.Title()
}

// shiftState is one panel of a strip: a state, its label above it (the
// move that led to it), and the cells to frame.
type shiftState struct {
	cells   []int // value per cell; kind.Any for a target's free cell
	label   string
	changed map[int]bool
}

// DrawShift draws a puzzle of a moves kind as pic says: each state as
// the kind draws it (kind.MovesPuzzle.Board).
func DrawShift(p kind.MovesPuzzle, pic ShiftPicture) (*canvas.Canvas, error) {
	var panels []shiftState
	if pic.Moves == nil {
		panels = append(panels, shiftState{cells: p.Start()})
		if t := p.Target(); t != nil {
			panels = append(panels, shiftState{cells: t, label: "target"})
		}
	} else {
		states, err := p.Replay(pic.Moves)
		if err != nil {
			return nil, err
		}
		for k, s := range states {
			st := shiftState{cells: s, changed: map[int]bool{}}
			if k > 0 {
				st.label = pic.Moves[k-1]
				for c := range s {
					if s[c] != states[k-1][c] {
						st.changed[c] = true
					}
				}
			}
			panels = append(panels, st)
		}
	}
	f, err := loadFaces()
	if err != nil {
		return nil, err
	}
	rows, cols := len(p.Layout()), 0
	for _, l := range p.Layout() {
		cols = max(cols, len(l))
	}
	sw, sh := float64(cols)*S, float64(rows)*S
	perRow := max(1, int((stripWide-sw)/(sw+link))+1)
	perRow = min(perRow, len(panels))
	nRows := (len(panels) + perRow - 1) / perRow
	// Every row after the first starts with the link to its first state.
	content := float64(perRow)*sw + float64(perRow-1)*link
	if nRows > 1 {
		content += link
	}
	l := newLayout(f, pic.Title, pic.Caption, content)
	height := l.top + float64(nRows)*sh + float64(nRows-1)*stripRow + l.bottom
	c := canvas.New(l.width, math.Ceil(height))
	pn := newPen(c, f)
	l.draw(pn, float64(nRows)*sh+float64(nRows-1)*stripRow)
	x0 := (l.width - content) / 2
	for k, st := range panels {
		row, col := k/perRow, k%perRow
		x := x0 + float64(col)*(sw+link)
		if row > 0 {
			x += link
		}
		y := l.top + float64(row)*(sh+stripRow)
		if k > 0 {
			drawLink(pn.at(x-link, y), st.label, pic.Moves == nil, sh, f)
		}
		pn.at(x, y).items(p.Board(st.cells, st.changed).Clues, black)
	}
	return c, nil
}

// drawLink draws the arrow between two states with the move's name over
// it; the link to a target is dashed, since no move leads there.
func drawLink(p *pen, label string, dashed bool, h float64, f *faces) {
	p.layer(zClue)
	y := h / 2
	if dashed {
		p.ctx.SetDashes(0, 1.2, 0.8)
		defer p.ctx.SetDashes(0)
	}
	p.arrowTo(link*0.2, y+1.5, link*0.8, y+1.5, 0.5, labelGrey)
	p.text(link/2, y-2.2, label, f.face(2.4, true, black))
}

// tokenColors tell tokens apart at a glance, by value.
var tokenColors = []color.RGBA{
	{0xfd, 0xe2, 0xb8, 0xff}, {0xc8, 0xe6, 0xc9, 0xff}, {0xbb, 0xde, 0xfb, 0xff},
	{0xf8, 0xbb, 0xd0, 0xff}, {0xe1, 0xbe, 0xe7, 0xff}, {0xff, 0xf5, 0x9d, 0xff},
	{0xb2, 0xeb, 0xf2, 0xff}, {0xd7, 0xcc, 0xc8, 0xff}, {0xdc, 0xed, 0xc8, 0xff},
}
