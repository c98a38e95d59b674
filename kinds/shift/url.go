package shift

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	sm "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The URL of a shift puzzle: shift/BODY, the query of a playground URL
// (https://host/?shift/…) in puzz.link's shape, BODY the puzzle's text
// (shift.Format) compressed with DEFLATE and written in unpadded
// URL-safe base64: shift puzzles are any picture, moves and goal, which
// no grid of symbols encodes more compactly.

// maxURLText bounds the text a URL inflates to.
const maxURLText = 64 << 10

// FormatURL writes p as the query of a playground URL.
func FormatURL(p *sm.Puzzle) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	_, _ = io.WriteString(w, sm.Format(p))
	_ = w.Close()
	return "shift/" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// url writes q, a shift puzzle, as the query of a playground URL.
func url(q kind.MovesPuzzle) string { return FormatURL(Model(q)) }

// isURL reports whether data is a shift puzzle's URL.
func isURL(data []byte) bool {
	_, ok := puzzle.URLQuery(data, "shift")
	return ok
}

// parse reads a puzzle in the shift format or as its URL.
func parse(name string, data []byte) (kind.MovesPuzzle, error) {
	p, err := parseModel(name, data)
	if err != nil {
		return nil, err
	}
	return Wrap(p), nil
}

// parseModel reads a puzzle in the shift format or as its URL.
func parseModel(name string, data []byte) (*sm.Puzzle, error) {
	q, ok := puzzle.URLQuery(data, "shift")
	if !ok {
		return sm.Parse(name, data)
	}
	raw, err := base64.RawURLEncoding.DecodeString(q[len("shift/"):])
	if err != nil {
		return nil, fmt.Errorf("%s: the URL's body is not base64: %v", name, err)
	}
	text, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxURLText+1))
	if err != nil {
		return nil, fmt.Errorf("%s: the URL's body does not inflate: %v", name, err)
	}
	if len(text) > maxURLText {
		return nil, fmt.Errorf("%s: the URL's puzzle is over %d bytes", name, maxURLText)
	}
	return sm.Parse(name, text)
}
