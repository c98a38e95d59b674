package shiftcmd

import (
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// tablesCommand is `shift tables`: the tables a solve keeps in the cache
// folder, read and checked, and built when missing or damaged, with no
// deadline unless --timeout sets one. A solve under a deadline builds a
// missing table only within it (Loopover 5×5's takes minutes), so this is
// how a machine gets them before its first timed solve.
func tablesCommand(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:      "tables",
		Usage:     "read and check the tables `shift solve` keeps in the cache folder, building those missing or damaged, with progress on stderr (exit 0 ready, 2 bad input, 3 timeout or interrupt before they were)",
		ArgsUsage: "FILE|--builtin NAME",
		Flags:     []cli.Flag{builtinFlag(reg), &cli.BoolFlag{Name: "quiet", Usage: "no progress on stderr"}, appio.TimeoutFlag, appio.FormatFlag},
		Action:    appio.Anywhere(tablesAction),
	}
}

// tablesRecord is `shift tables --format json`.
type tablesRecord struct {
	Name   string            `json:"name"`
	Tables []kind.MovesTable `json:"tables"`
	MS     float64           `json:"ms"`
}

func tablesAction(c *cli.Context, args []string) error {
	k, p, err := loadOnly(c, args)
	if err != nil {
		return err
	}
	rec := tablesRecord{Name: p.Title(), Tables: []kind.MovesTable{}}
	if k.Moves.Tables == nil {
		return emitTables(c, rec)
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	var progress io.Writer
	if !c.Bool("quiet") {
		progress = c.App.ErrWriter
	}
	t0 := time.Now()
	ts, err := k.Moves.Tables(ctx, p, progress)
	if err != nil {
		if ctx.Err() != nil {
			return appio.Exit(appio.ExitTimeout, "%s: the tables were not all ready: %v", interrupt.Reason(ctx), err)
		}
		return appio.Exit(appio.ExitBadInput, "%v", err)
	}
	rec.Tables, rec.MS = append(rec.Tables, ts...), appio.Millis(time.Since(t0))
	return emitTables(c, rec)
}

func emitTables(c *cli.Context, rec tablesRecord) error {
	return appio.Emit(c.App.Writer, appio.JSON(c), rec, func(w io.Writer) {
		name := rec.Name
		if name == "" {
			name = "puzzle"
		}
		if len(rec.Tables) == 0 {
			fmt.Fprintf(w, "%s: its solve keeps no table (what its search needs it builds as it runs)\n", name)
			return
		}
		for _, t := range rec.Tables {
			file := t.File
			if file == "" {
				file = "in the program"
			}
			fmt.Fprintf(w, "%s: %s, %s: %d entries, %.1f MB, %s\n", name, t.Name, t.Status, t.Entries, float64(t.Bytes)/(1<<20), file)
		}
		fmt.Fprintf(w, "time: %.3fs\n", rec.MS/1000)
	})
}
