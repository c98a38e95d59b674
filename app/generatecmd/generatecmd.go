// Package generatecmd is `puzzlesat generate`: new puzzles of a chosen
// difficulty, each proven unique by SAT and graded by the human rules
// (package generate).
//
// Text output writes each puzzle in its kind's canonical format on stdout
// (so `puzzlesat check` reads it back; with --solution the solution block
// too) and a one-line grade on stderr. JSON output writes one object per
// puzzle. Exit codes: 0 every puzzle generated, 1 the attempt budget ran
// out before a puzzle landed in the band, 2 bad flags, 3 --timeout.
package generatecmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// Command returns the generate command.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "generate new puzzles of a chosen difficulty, proven unique (exit 0 done, 1 none in the band within the budget, 2 bad input, 3 timeout)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "kind", Usage: "puzzle kind: " + strings.Join(generate.Kinds(), ", "), Required: true},
			&cli.StringFlag{Name: "size", Usage: "rows x columns, e.g. 8x8 (default: 8x8, arrows 6x6)"},
			&cli.StringFlag{Name: "difficulty", Value: "any", Usage: "difficulty `BAND`: easy, medium, hard or any (go doc ./generate has their bounds)"},
			&cli.Float64Flag{Name: "min-score", Usage: "lowest difficulty score accepted"},
			&cli.Float64Flag{Name: "max-score", Usage: "highest difficulty score accepted (0: no limit)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed; puzzle i of --count uses seed+i"},
			&cli.IntFlag{Name: "count", Value: 1, Usage: "number of puzzles"},
			&cli.IntFlag{Name: "attempts", Value: 100, Usage: "random starts per puzzle before giving up"},
			&cli.IntFlag{Name: "stones", Usage: "Shinro stone count (default: 3/16 of the cells)"},
			&cli.StringFlag{Name: "rule", Value: "either", Usage: "Juosan clue reading: either or majority"},
			&cli.StringFlag{Name: "rules", Usage: "rules file for kinds whose rules are data (arrows)"},
			&cli.BoolFlag{Name: "solution", Usage: "write the solution block with the puzzle"},
			&cli.BoolFlag{Name: "progress", Usage: "report every attempt on stderr"},
			appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag,
		},
		Action: action,
	}
}

// ParseSize reads "RxC" (or "N" for N×N).
func ParseSize(s string) (rows, cols int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		b = a
	}
	rows, err1 := strconv.Atoi(strings.TrimSpace(a))
	cols, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || rows < 1 || cols < 1 {
		return 0, 0, fmt.Errorf("bad --size %q (want ROWSxCOLS, e.g. 8x8)", s)
	}
	return rows, cols, nil
}

func action(c *cli.Context) error {
	asJSON, err := appio.JSON(c)
	if err != nil {
		return err
	}
	if c.Args().Len() > 0 {
		return appio.Exit(appio.ExitBadInput, "generate takes no arguments (got %q)", c.Args().First())
	}
	kind := c.String("kind")
	if _, err := kinds.Lookup(kind); err != nil {
		return appio.BadInput(err)
	}
	band, err := generate.ParseBand(c.String("difficulty"))
	if err != nil {
		return appio.BadInput(err)
	}
	rows, cols, err := ParseSize(c.String("size"))
	if err != nil {
		return appio.BadInput(err)
	}
	if c.Int("count") < 1 {
		return appio.Exit(appio.ExitBadInput, "--count must be at least 1")
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return err
	}
	switch r := c.String("rule"); r {
	case "", "either", "majority":
	default:
		return appio.Exit(appio.ExitBadInput, "unknown --rule %q (want either or majority)", r)
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	for i := 0; i < c.Int("count"); i++ {
		opt := generate.Options{
			Kind: kind, Rows: rows, Cols: cols, Band: band,
			MinScore: c.Float64("min-score"), MaxScore: c.Float64("max-score"),
			Seed: c.Uint64("seed") + uint64(i), Attempts: c.Int("attempts"),
			Solver: newSolver, Stones: c.Int("stones"),
			KindOptions: kinds.Options{Rule: c.String("rule"), Rules: c.String("rules")},
		}
		if c.Bool("progress") {
			seed := opt.Seed
			opt.Progress = func(a int, outcome string) {
				fmt.Fprintf(c.App.ErrWriter, "seed %d attempt %d: %s\n", seed, a, outcome)
			}
		}
		start := time.Now()
		p, err := generate.Generate(ctx, opt)
		ms := appio.Millis(time.Since(start))
		switch {
		case err != nil && appio.IsTimeout(err):
			return appio.Exit(appio.ExitTimeout, "timed out after %.0f ms generating puzzle %d of %d", ms, i+1, c.Int("count"))
		case errors.Is(err, generate.ErrExhausted):
			return appio.Exit(appio.ExitNo, "%v; try another --seed, more --attempts or another --difficulty", err)
		case errors.Is(err, generate.ErrOptions):
			return appio.BadInput(err)
		case err != nil:
			return err
		}
		text := p.Text
		if c.Bool("solution") {
			text = p.SolutionText
		}
		if asJSON {
			out := map[string]any{"kind": p.Kind, "name": p.Instance.Name(), "seed": p.Seed, "attempt": p.Attempt,
				"difficulty": string(p.Band), "status": string(p.Status), "sat_status": "unique",
				"report": p.Report, "metrics": p.Metrics, "clues": p.Clues, "puzzle": text,
				"solution": p.Instance.Draw(p.Solution), "solver": c.String("solver"), "ms": ms}
			if err := appio.WriteJSON(c.App.Writer, out); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(c.App.Writer)
		}
		fmt.Fprint(c.App.Writer, text)
		rep := p.Report
		hardest := rep.MaxRule
		if hardest == "" {
			hardest = "-"
		}
		fmt.Fprintf(c.App.ErrWriter, "%s: %s, unique (SAT), %s by rules: hardest rule %s (level %d), trial depth %d, score %.1f, %s; seed %d attempt %d, %.0f ms\n",
			p.Instance.Name(), p.Band, p.Status, hardest, rep.MaxLevel, rep.TrialDepth, rep.Score, plural.N(p.Clues, "clue"), p.Seed, p.Attempt, ms)
	}
	return nil
}
