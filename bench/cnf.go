package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// CNFTiming is one solve of a corpus CNF file.
type CNFTiming struct {
	Family string        `json:"family"`
	File   string        `json:"file"`
	Solver string        `json:"solver"`
	Status string        `json:"status"`
	Time   time.Duration `json:"time_ns"`
}

// CNF solves every file of the given families under root/cnf (UF20, UF50,
// UF75, sudoku, UUF250, ...) with every solver, best of reps, and checks
// that the solvers agree. progress, when set, is called after each file.
func CNF(ctx context.Context, root string, families, solverNames []string, reps int, progress func(file string)) ([]CNFTiming, error) {
	var out []CNFTiming
	for _, fam := range families {
		files, _ := filepath.Glob(filepath.Join(root, "cnf", fam, "*.cnf"))
		if len(files) == 0 {
			return out, fmt.Errorf("no CNF files in %s", filepath.Join(root, "cnf", fam))
		}
		sort.Strings(files)
		for _, path := range files {
			f, err := dimacs.ReadFile(path)
			if err != nil {
				return out, err
			}
			first := ""
			for _, name := range solverNames {
				best, status := time.Duration(-1), sat.Unknown
				for r := 0; r < max(reps, 1); r++ {
					s, err := solvers.New(name)
					if err != nil {
						return out, err
					}
					sat.Load(s, f)
					start := time.Now()
					st, err := s.Solve(ctx)
					d := time.Since(start)
					if err != nil {
						return out, fmt.Errorf("%s on %s: %w", name, path, err)
					}
					status = st
					if best < 0 || d < best {
						best = d
					}
				}
				if first == "" {
					first = status.String()
				} else if status.String() != first {
					return out, fmt.Errorf("%s: %s says %v, %s says %s", path, name, status, solverNames[0], first)
				}
				out = append(out, CNFTiming{Family: fam, File: filepath.Base(path), Solver: name, Status: status.String(), Time: best})
			}
			if progress != nil {
				progress(path)
			}
		}
	}
	return out, nil
}

// SummarizeCNF gives the median and maximum solve time per family and
// solver, in the Summary shape (Kind is the family, Size is empty).
func SummarizeCNF(ts []CNFTiming) []Summary {
	var as []Timing
	for _, t := range ts {
		as = append(as, Timing{Kind: t.Family, Solver: t.Solver, Time: t.Time})
	}
	return Summarize(as)
}
