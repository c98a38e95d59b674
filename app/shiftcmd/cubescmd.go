package shiftcmd

import (
	"cmp"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// cubesCommand is `shift cubes`: one depth's proof obligation as cubes.
func cubesCommand(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:      "cubes",
		Usage:     "write the proof that no solution has --depth moves as independent cubes in iCNF, to solve in shards anywhere (shift solve --cubes) and merge (shift merge)",
		ArgsUsage: "FILE|--builtin NAME",
		Flags: []cli.Flag{builtinFlag(reg),
			&cli.IntFlag{Name: "depth", Value: -1, Usage: "the depth (number of moves) to split"},
			encodingFlag(reg)},
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
	k, p, err := loadOnly(c, args)
	if err != nil {
		return err
	}
	depth := c.Int("depth")
	if depth < 0 {
		return appio.Exit(appio.ExitBadInput, "want --depth K (K ≥ 0)")
	}
	if k.Moves.Cubes == nil {
		return appio.Exit(appio.ExitBadInput, "%s puzzles are not split into cubes", k.Name)
	}
	summary, err := k.Moves.Cubes.Write(c.App.Writer, p, depth, c.String("encoding"))
	if err != nil {
		return appio.BadInput(err)
	}
	fmt.Fprintln(c.App.ErrWriter, summary)
	return nil
}

// readCubes reads a cubes file: the first moves kind's that reads it.
func readCubes(c *cli.Context, name string) (kind.CubesFile, error) {
	if name == "" {
		return nil, appio.Exit(appio.ExitBadInput, "want --cubes FILE")
	}
	_, data, err := appio.ReadInput(c, name)
	if err != nil {
		return nil, err
	}
	var first error
	for _, k := range appio.Kinds(c).Moves() {
		if k.Moves.Cubes == nil {
			continue
		}
		f, err := k.Moves.Cubes.Read(data)
		if err == nil {
			return f, nil
		}
		first = cmp.Or(first, err)
	}
	if first == nil {
		first = fmt.Errorf("no kind of puzzle is split into cubes")
	}
	return nil, appio.Exit(appio.ExitBadInput, "%s: %v", name, first)
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
	res, err := f.Solve(ctx, sh, newSolver)
	if err != nil && (res == nil || !appio.IsTimeout(err)) {
		return appio.Exit(appio.ExitBadInput, "%v", err)
	}
	if err := appio.Emit(c.App.Writer, asJSON, res.Record, func(w io.Writer) { fmt.Fprint(w, res.Text) }); err != nil {
		return err
	}
	if res.Done {
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
	var answers [][]byte
	for _, name := range args {
		_, data, err := appio.ReadInput(c, name)
		if err != nil {
			return err
		}
		answers = append(answers, data)
	}
	v, err := f.Merge(answers, args)
	if err != nil {
		return appio.BadInput(err)
	}
	if err := appio.Emit(c.App.Writer, asJSON, v.Record, func(w io.Writer) { fmt.Fprint(w, v.Text) }); err != nil {
		return err
	}
	if !v.Done {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}
