package serve

import (
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// maxEditSide bounds a puzzle drawn in the editor.
const maxEditSide = 30

// editAnswer is a drawing made a puzzle: its text (the kind's Compose),
// and the board it parses to, with the solution the text carries; or
// why it does not parse.
type editAnswer struct {
	Text   string `json:"text"`
	Puzzle *board `json:"puzzle,omitempty"`
	Values []int  `json:"values,omitempty"`
	Error  string `json:"error,omitempty"`
}

// editorOf is the kind an edit names, with its play data and editor.
func editorOf(reg *kinds.Registry, name string) (*kind.Kind, *kind.Play, error) {
	k, err := reg.Lookup(name)
	if err != nil {
		return nil, nil, badRequest("%v", err)
	}
	p := k.Play
	if p == nil || p.Editor == nil || p.Compose == nil || p.Open == nil {
		return nil, nil, badRequest("%s puzzles have no editor", k.Name)
	}
	return k, p, nil
}

// edit composes a drawing into the kind's text and reads it back.
func (s *Server) edit(c *call) (any, error) {
	var req struct {
		kind.Edit
		// Name, when set, names the puzzle drawn (its text's name).
		Name string `json:"name,omitempty"`
	}
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	e := req.Edit
	k, p, err := editorOf(s.opt.Kinds, e.Kind)
	if err != nil {
		return nil, err
	}
	if e.Rows < 1 || e.Cols < 1 || e.Rows > maxEditSide || e.Cols > maxEditSide || e.Rows*e.Cols > s.opt.MaxCells {
		return nil, badRequest("size %dx%d: the editor draws 1x1 to %dx%d, at most %d cells", e.Rows, e.Cols, maxEditSide, maxEditSide, s.opt.MaxCells)
	}
	text, err := p.ComposeEdit(&e)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	out := editAnswer{Text: text}
	insts, err := k.Parse("input", []byte(text), kind.Options{})
	if err == nil && len(insts) != 1 {
		err = badRequest("the drawing makes %d puzzles", len(insts))
	}
	if err != nil {
		out.Error = err.Error()
		return out, nil
	}
	if name := strings.Join(strings.Fields(req.Name), " "); name != "" {
		// The name goes into the text the way the kind writes one.
		insts[0].Head().Title = name
		if named, err := insts[0].Format(k.Outputs[0]); err == nil {
			out.Text = named
		}
	}
	if out.Puzzle, err = boardOf(k, insts[0]); err != nil {
		return nil, err
	}
	out.Values = insts[0].Solution()
	return out, nil
}

// editOpen is the drawing a puzzle is, for the editor; a kind whose
// editor wants a solution gets the one the puzzle carries, or one SAT
// finds.
func (s *Server) editOpen(c *call, l *loaded, _ puzzle.Assignment) (any, error) {
	_, p, err := editorOf(s.opt.Kinds, l.kind.Name)
	if err != nil {
		return nil, err
	}
	var sol puzzle.Assignment
	if p.Editor.Solution {
		if sol = l.inst.Solution(); sol == nil {
			rec, err := answer.Solve(c.ctx, l.inst, s.asked(answer.Options{}))
			if err != nil {
				return nil, err
			}
			sol = rec.Values
		}
	}
	e, err := p.Open(l.inst, sol)
	if err != nil {
		return nil, err
	}
	return map[string]any{"edit": e}, nil
}
