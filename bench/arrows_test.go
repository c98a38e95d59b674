package bench

// Japanese Arrows benchmarks:
//
//	BenchmarkArrowsRules/<rules>/<passes>: the rule engine on the whole
//	corpus, with the optimizer passes off, miniscoping only, elimination
//	only, both, and both plus ray generators (the reference's table for its
//	own tests: 4m47s, 19 s, 48 s, 9 s).
//	BenchmarkArrowsCheck/<backend>: `check` on all corpus puzzles (encode,
//	solve, prove no second solution); target < 0.3 s per op.
//	BenchmarkArrowsGrade/<puzzle>: grading one puzzle with our rules.

import (
	"context"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	encarrows "github.com/puzzlesat/puzzlesat/kinds/arrows/cnf"
	arrows "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	humarrows "github.com/puzzlesat/puzzlesat/kinds/arrows/rules"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/sat"
)

func arrowsCorpus(tb testing.TB) []*arrows.Puzzle {
	return corpus(tb, func(dir string, _ []byte) ([]*arrows.Puzzle, error) {
		p, err := arrows.ReadDir(dir)
		return []*arrows.Puzzle{p}, err
	}, "arrows", "20*")
}

var arrowsPasses = []struct {
	name string
	opt  fol.Options
}{
	{"off", fol.Options{}},
	{"miniscope", fol.Options{Miniscope: true}},
	{"eliminate", fol.Options{Eliminate: true}},
	{"both", fol.Options{Miniscope: true, Eliminate: true}},
	{"both+generators", fol.AllOptimizations},
}

func BenchmarkArrowsRules(b *testing.B) {
	ps := arrowsCorpus(b)
	ref, err := humarrows.LoadRules("../testdata/arrows/rules.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for _, rs := range []struct {
		name string
		set  *humarrows.RuleSet
	}{{"reference", ref}, {"default", humarrows.Default()}} {
		for _, pass := range arrowsPasses {
			b.Run(rs.name+"/"+pass.name, func(b *testing.B) {
				rules, err := rs.set.HumanRules(pass.opt)
				if err != nil {
					b.Fatal(err)
				}
				eng := &human.Engine{Rules: rules}
				for i := 0; i < b.N; i++ {
					solved := 0
					for _, p := range ps {
						res, err := eng.Solve(context.Background(), humarrows.Input(p), humarrows.Start(p))
						if err != nil {
							b.Fatal(err)
						}
						if res.Status == human.StatusSolved {
							solved++
						}
					}
					b.ReportMetric(float64(solved), "solved")
				}
			})
		}
	}
}

// arrowsCheck solves p and proves there is no second solution.
func arrowsCheck(ctx context.Context, s sat.Solver, p *arrows.Puzzle) (int, error) {
	l, err := encarrows.Encode(encode.NewBuilder(s), p, encarrows.Options{})
	if err != nil {
		return 0, err
	}
	n := 0
	for n < 2 {
		st, err := s.Solve(ctx)
		if err != nil || st != sat.Sat {
			return n, err
		}
		n++
		m := s.Model()
		var block []int
		for _, row := range l.Lits {
			for _, lit := range row {
				if m[lit] {
					block = append(block, -lit)
				}
			}
		}
		s.AddClause(block...)
	}
	return n, nil
}

func BenchmarkArrowsCheck(b *testing.B) {
	ps := arrowsCorpus(b)
	for _, be := range inProcess {
		b.Run(be.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, p := range ps {
					n, err := arrowsCheck(context.Background(), be.solver(b), p)
					if err != nil || n != 1 {
						b.Fatalf("%s: %d solutions, %v", p.Name(), n, err)
					}
				}
			}
		})
	}
}

func BenchmarkArrowsGrade(b *testing.B) {
	eng, err := humarrows.NewEngine(humarrows.Default())
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range arrowsCorpus(b) {
		b.Run(p.Name(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g, err := humarrows.GradePuzzle(context.Background(), eng, p)
				if err != nil || g.Status != human.StatusSolved {
					b.Fatalf("%s: %v %v", p.Name(), g.Status, err)
				}
				b.ReportMetric(float64(g.Complexity), "complexity")
				b.ReportMetric(float64(g.Level), "level")
			}
		})
	}
}
