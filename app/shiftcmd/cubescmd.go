package shiftcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/cubes"
)

// cubesCommand is `shift cubes`: one depth's proof obligation as cubes.
func cubesCommand() *cli.Command {
	return &cli.Command{
		Name:      "cubes",
		Usage:     "write the proof that no solution has --depth moves as independent cubes in iCNF, to solve in shards anywhere (shift solve --cubes) and merge (shift merge)",
		ArgsUsage: "FILE|--builtin NAME",
		Flags: []cli.Flag{builtinFlag,
			&cli.IntFlag{Name: "depth", Value: -1, Usage: "the depth (number of moves) to split"},
			encodingFlag},
		Action: appio.Anywhere(cubesAction),
	}
}

// mergeCommand is `shift merge`: shard answers joined into the verdict.
func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the shard answers (shift solve --cubes --shard --format json) of a cubes file: the depth is refuted when every cube is (exit 0 refuted or solved, 1 incomplete, 2 bad input or answers that do not fit)",
		ArgsUsage: "--cubes FILE SHARD.json...",
		Flags: []cli.Flag{&cli.StringFlag{Name: "cubes", Usage: "the cubes file the shards answer"},
			appio.FormatFlag},
		Action: appio.Anywhere(mergeAction),
	}
}

func cubesAction(c *cli.Context, args []string) error {
	p, err := loadOnly(c, args)
	if err != nil {
		return err
	}
	depth := c.Int("depth")
	if depth < 0 {
		return appio.Exit(appio.ExitBadInput, "want --depth K (K ≥ 0)")
	}
	enc, err := encshift.Lookup(c.String("encoding"))
	if err != nil {
		return appio.BadInput(err)
	}
	f, err := cubes.Build(p, depth, enc)
	if err != nil {
		return appio.BadInput(err)
	}
	if err := f.Write(c.App.Writer); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "depth %d: %d cubes, %d variables, %d clauses\n", depth, len(f.Cubes), f.Formula.Vars, len(f.Formula.Clauses))
	return nil
}

func readCubes(c *cli.Context, name string) (*cubes.File, error) {
	if name == "" {
		return nil, appio.Exit(appio.ExitBadInput, "want --cubes FILE")
	}
	_, data, err := appio.ReadInput(c, name)
	if err != nil {
		return nil, err
	}
	f, err := cubes.Read(bytes.NewReader(data))
	if err != nil {
		return nil, appio.Exit(appio.ExitBadInput, "%s: %v", name, err)
	}
	return f, nil
}

// shardAction is `shift solve --cubes FILE --shard I/N`.
func shardAction(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	if len(args) > 0 || c.String("builtin") != "" {
		return appio.Exit(appio.ExitBadInput, "--cubes FILE carries its puzzle: no FILE or --builtin with it")
	}
	sh, err := appio.Shard(c)
	if err != nil {
		return err
	}
	f, err := readCubes(c, c.String("cubes"))
	if err != nil {
		return err
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return err
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	res, err := cubes.SolveShard(ctx, f, sh, newSolver)
	if err != nil && (res == nil || !appio.IsTimeout(err)) {
		return appio.Exit(appio.ExitBadInput, "%v", err)
	}
	if err := appio.Emit(c.App.Writer, asJSON, res, func(w io.Writer) {
		fmt.Fprintf(w, "%s depth %d, shard %s: %s, %d of %d cubes answered (%.3fs, %s)\n",
			res.Name, res.Depth, res.Shard, res.Status, len(res.Answers), res.Cubes, res.MS/1000, res.Solver)
		if res.Status == cubes.Solved {
			fmt.Fprintf(w, "moves: %s\n", strings.Join(res.Moves, " "))
		}
	}); err != nil {
		return err
	}
	switch res.Status {
	case cubes.Refuted, cubes.Solved:
		return nil
	}
	return appio.Exit(appio.ExitTimeout, "%s: stopped before every cube of the shard was answered", interrupt.Reason(ctx))
}

func mergeAction(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	f, err := readCubes(c, c.String("cubes"))
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return appio.Exit(appio.ExitBadInput, "want the shard answers: SHARD.json...")
	}
	var results []*cubes.ShardResult
	for _, name := range args {
		_, data, err := appio.ReadInput(c, name)
		if err != nil {
			return err
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		for dec.More() {
			var r cubes.ShardResult
			if err := dec.Decode(&r); err != nil {
				return appio.Exit(appio.ExitBadInput, "%s: %v", name, err)
			}
			results = append(results, &r)
		}
	}
	v, err := cubes.Merge(f, results)
	if err != nil {
		return appio.BadInput(err)
	}
	if err := appio.Emit(c.App.Writer, asJSON, v, func(w io.Writer) {
		switch v.Status {
		case cubes.Refuted:
			fmt.Fprintf(w, "%s: no solution of %d moves (all %d cubes unsatisfiable, %d shard answers, %.3fs of solving)\n", v.Name, v.Depth, v.Cubes, v.Shards, v.MS/1000)
		case cubes.Solved:
			fmt.Fprintf(w, "%s: a solution of %d moves: %s\n", v.Name, v.Depth, strings.Join(v.Moves, " "))
		default:
			fmt.Fprintf(w, "%s depth %d: incomplete, %d of %d cubes refuted; unanswered from cube %d\n", v.Name, v.Depth, v.Refuted, v.Cubes, v.Missing[0])
		}
	}); err != nil {
		return err
	}
	if v.Status == cubes.Incomplete {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}
