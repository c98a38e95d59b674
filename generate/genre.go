package generate

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// genre is what generation does with the kinds of one sort, so that the
// front ends ask every kind the same questions (ParseBand, Generate, Run)
// and branch on none: a grid kind's pipeline (kind.Generation: start,
// help, minimise, SAT, grade) or a moves kind's generator (kind.Moves:
// scramble or draw, the optimum proven).
type genre interface {
	// band checks a band name of the kind ("" and "any": any band).
	band(name string) error
	// prepare checks opt, whose kind is the genre's, and resolves the
	// job, its attempts included (job.try).
	prepare(opt Options) (*job, error)
}

// gridGenre is a grid kind's generation (kind.Kind.Generate).
type gridGenre struct{ k *kind.Kind }

// movesGenre is a moves kind's generation (kind.Kind.Moves).
type movesGenre struct{ k *kind.Kind }

// genreOf is the genre of k: the one place generation tells a kind
// played by moves from a grid kind. A kind that is neither generated is
// an error.
func genreOf(k *kind.Kind) (genre, error) {
	switch {
	case k.Moves != nil:
		return movesGenre{k}, nil
	case k.Generate != nil:
		return gridGenre{k}, nil
	}
	return nil, fmt.Errorf("cannot generate kind %q", k.Name)
}

func (g gridGenre) band(name string) error {
	_, err := g.k.Generate.Band(name)
	return err
}

func (g movesGenre) band(name string) error {
	mv := g.k.Moves
	if _, ok := mv.Band(name); !ok {
		return fmt.Errorf("unknown difficulty %q (have %s)", name, strings.Join(mv.BandNames(), ", "))
	}
	return nil
}
