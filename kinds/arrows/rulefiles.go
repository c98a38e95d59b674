package arrows

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	am "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	ha "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// ruleFiles: the Arrows rules are a rules file in the first-order rule
// language (kinds/arrows/rules/fol), which the rules commands check and
// audit.
var ruleFiles = &kind.RuleFiles{
	Language: "Japanese Arrows' first-order rule language",
	Flag:     "rules",
	Parse: func(name string, data []byte) (kind.RuleSet, error) {
		rs, err := ha.ParseRules(name, data)
		if err != nil {
			return nil, err
		}
		// Type-checking the file is compiling its rules.
		if _, err := rs.HumanRules(fol.AllOptimizations); err != nil {
			return nil, err
		}
		return ruleSet{rs}, nil
	},
	Default: func() kind.RuleSet { return ruleSet{ha.Default()} },
	Generate: func(ctx context.Context, rng *rand.Rand, rules []*human.Rule, rows, cols int, diagonal bool, opt kind.Options) (kind.Instance, error) {
		p, err := ha.Generate(ctx, rng, &human.Engine{Rules: rules}, ha.GenOptions{Rows: rows, Cols: cols, Diagonal: diagonal})
		if err != nil {
			return nil, err
		}
		return readBack(p, opt)
	},
	Layout: func(rng *rand.Rand, rows, cols int, diagonal bool, opt kind.Options) (kind.Instance, error) {
		return readBack(ha.RandomLayout(rng, ha.GenOptions{Rows: rows, Cols: cols, Diagonal: diagonal}), opt)
	},
	State: func(inst kind.Instance, cands []human.Cands) []string {
		x, ok := inst.(interface{ Model() *am.Puzzle })
		if !ok {
			return inst.Draw(nil)
		}
		return ha.FormatState(x.Model(), cands)
	},
}

// readBack makes a puzzle built in memory an instance through its
// canonical text, as any input would be.
func readBack(p *am.Puzzle, opt kind.Options) (kind.Instance, error) {
	ps, err := models.Read(p.Title, []byte(p.CanonicalText(nil)))
	if err != nil || len(ps) != 1 {
		return nil, fmt.Errorf("%s: internal error: the puzzle does not read back: %v", p.Title, err)
	}
	return models.Instance(ps[0], opt), nil
}

// ruleSet is a rules file's rules as the rules commands see them.
type ruleSet struct{ rs *ha.RuleSet }

func (r ruleSet) Rules(without ...string) ([]*human.Rule, error) {
	return r.rs.Without(without...).HumanRules(fol.AllOptimizations)
}

func (r ruleSet) Has(name string) bool { return r.rs.Has(name) }

func (r ruleSet) Summary() string {
	return fmt.Sprintf("%s, levels 1..%d, trial depth %d", plural.N(len(r.rs.Rules), "rule"), r.rs.MaxLevel(), r.rs.TrialDepth())
}
