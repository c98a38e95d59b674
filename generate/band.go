// The difficulty bands: their names, and whether a solve lands in one.

package generate

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Band is a difficulty band's name: one of the kind's
// (kind.Generation.Bands), or Any.
type Band string

// Band names most kinds have (see the package doc for each kind's).
const (
	Any    Band = "any"
	Easy   Band = "easy"
	Medium Band = "medium"
	Hard   Band = "hard"
	Expert Band = "expert"
)

// InBand reports whether a solve of a kind's rows×cols puzzle lands in
// band b.
func InBand(k *kind.Kind, b Band, rows, cols int, status human.Status, rep human.Report) bool {
	if k.Generate == nil {
		return false
	}
	band, err := k.Generate.Band(string(b))
	if err != nil {
		return false
	}
	return band.At(rows, cols).In(status, rep)
}

// ParseBand reads a band name of k ("" is Any); an unknown name is an
// error listing the kind's bands. Puzzles played by moves are banded by
// their proven optimum (kind.Kind.Moves), the others by their grade
// (kind.Kind.Generate).
func ParseBand(k *kind.Kind, s string) (Band, error) {
	g, err := genreOf(k)
	if err != nil {
		return "", fmt.Errorf("%s puzzles are not generated", k.Name)
	}
	if err := g.band(s); err != nil {
		return "", err
	}
	if s == "" {
		return Any, nil
	}
	return Band(s), nil
}

// inBand judges a solve against the band and the score range.
func (j *job) inBand(res *human.Result) (bool, string) {
	rep := res.Report
	grade := fmt.Sprintf("%s, level %d, trial depth %d, %d steps in %d layers, score %.1f", res.Status, rep.MaxLevel, rep.TrialDepth, rep.Steps, rep.Depth, rep.Score)
	switch {
	case !j.band.In(res.Status, rep):
		return false, "out of band: " + grade
	case !j.scored(rep):
		return false, "score out of range: " + grade
	}
	return true, "in band: " + grade
}

// lands reports what inBand does without writing the outcome, for the
// minimisation's many removals.
func (j *job) lands(res *human.Result) bool {
	return j.band.In(res.Status, res.Report) && j.scored(res.Report)
}

// scored reports whether a solve's score is in the range asked for.
func (j *job) scored(rep human.Report) bool {
	return rep.Score >= j.opt.MinScore && (j.opt.MaxScore <= 0 || rep.Score <= j.opt.MaxScore)
}
