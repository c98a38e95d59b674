package kind

import (
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// OpenOf is Play.Open for a kind called name whose instances are *Of[P]:
// an Edit of the puzzle's size with layers at their defaults, which fill
// gives the puzzle's tokens (sol as Play.Open has it). An instance of
// another kind is an error: "arrows: not an arrows puzzle".
func OpenOf[P Model](name string, layers []EditLayer, fill func(e *Edit, p P, sol puzzle.Assignment)) func(Instance, puzzle.Assignment) (*Edit, error) {
	return func(inst Instance, sol puzzle.Assignment) (*Edit, error) {
		x, ok := inst.(interface{ Model() P })
		if !ok {
			article := "a"
			if strings.ContainsRune("aeiou", rune(name[0])) {
				article = "an"
			}
			return nil, fmt.Errorf("%s: not %s %s puzzle", name, article, name)
		}
		p := x.Model()
		e := NewEdit(inst.Kind(), p.Rows(), p.Cols(), layers)
		fill(e, p, sol)
		return e, nil
	}
}
