package serve

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/puzzlesat/puzzlesat/amend"
	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// minimize answers the record `minimize --format json` writes
// (answer.EditRecord: the clues a maximal removal takes away, the smaller
// puzzle's text), for the editor's "Clues that can go". A puzzle that is
// not unique is an answer about the puzzle, not a fault: 422.
func (s *Server) minimize(c *call) (any, error) {
	return s.amend(c, answer.Minimize)
}

// repair answers the record `repair --format json` writes: the clues of
// the intended (else first) solution that make the puzzle unique, or, for
// an unsolvable one, the clues in conflict (status "conflict"); "no-repair"
// when no clues of that solution do. All three are answers (200).
func (s *Server) repair(c *call) (any, error) {
	return s.amend(c, answer.Repair)
}

// amend runs edit on the request's puzzle, writing the edited puzzle in
// the format its text is in, as the command line writes it in its file's
// (a URL or an example's text in the kind's canonical format).
func (s *Server) amend(c *call, edit func(context.Context, kind.Instance, answer.Options, answer.EditOptions) (answer.EditRecord, error)) (any, error) {
	var req puzzleSpec
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	l, err := s.load(req)
	if err != nil {
		return nil, err
	}
	how := answer.EditOptions{Kinds: s.opt.Kinds}
	if t := strings.TrimSpace(req.Text); req.Example == "" && l.kind.FormatOf != nil && !strings.Contains(t, "://") {
		how.Format = l.kind.FormatOf("input"+safeExt(req.Name), []byte(req.Text))
	}
	return edited(edit(c.ctx, l.inst, s.asked(answer.Options{}), how))
}

// edited is an edit's record, or its error with the status it answers.
func edited(rec answer.EditRecord, err error) (any, error) {
	var st *amend.StatusError
	switch {
	case errors.As(err, &st):
		return nil, &httpError{http.StatusUnprocessableEntity, err.Error()}
	case err != nil:
		return nil, err
	}
	return rec, nil
}
