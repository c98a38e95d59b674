package puzzlecmd

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/amend"
	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/internal/atomicfile"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// amendCommands are minimize and repair: one puzzle in, the edited puzzle
// out in the input's format (stdout or -o, written whole), the clues
// taken away or added on stderr, or a JSON record of both.
func amendCommands(reg *kinds.Registry) []*cli.Command {
	flags := func(extra ...cli.Flag) []cli.Flag {
		fs := append(puzzleFlags(reg), appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag,
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the edited puzzle to `FILE` (whole or not at all; default: standard output)"})
		return append(fs, extra...)
	}
	return []*cli.Command{
		{Name: "minimize", Usage: "take away a maximal set of clues keeping the puzzle unique, each removal proven by SAT (exit 0 done, 1 not unique, 2 bad input, 3 timeout)",
			ArgsUsage: "PUZZLE",
			Flags:     flags(&cli.StringFlag{Name: "band", Usage: "keep the puzzle in this difficulty `BAND` of its kind's too (graded by its human rules)"}),
			Action:    appio.Anywhere(minimizeAction)},
		{Name: "repair", Usage: "add the fewest clues of the intended or first solution that make the puzzle unique (a proven minimum, else minimal; each step proven by SAT); name the contradicting clues of an unsolvable one (exit 0 repaired, 1 no repair or unsolvable, 2 bad input, 3 timeout)",
			ArgsUsage: "PUZZLE", Flags: flags(), Action: appio.Anywhere(repairAction)},
	}
}

// loadOne reads the one puzzle arg names (FILE, -, FILE#SEL) and the
// format it came in, which the edited puzzle is written back in (the
// kind's canonical format when it does not write that one).
func loadOne(c *cli.Context, args []string) (item, string, error) {
	if len(args) != 1 {
		return item{}, "", appio.Exit(appio.ExitBadInput, "give one puzzle: FILE, - for standard input, or FILE#SEL (got %s)", plural.N(len(args), "argument"))
	}
	opt, err := options(c)
	if err != nil {
		return item{}, "", err
	}
	name, sel, data, err := readArg(c, args[0])
	if err != nil {
		return item{}, "", appio.Failure(err)
	}
	items, err := parseInput(c, name, sel, data, opt)
	var partial *kind.PartialError
	switch {
	case err != nil && !errors.As(err, &partial):
		appio.Report(c.App.ErrWriter, err)
		return item{}, "", cli.Exit("", appio.ExitBadInput)
	case len(items) != 1:
		return item{}, "", appio.Exit(appio.ExitBadInput, "%s holds %s: pick one with FILE#N or FILE#NAME", name, plural.N(len(items), "puzzle"))
	}
	it := items[0]
	format := ""
	if it.kind.FormatOf != nil && !isURL(args[0]) {
		format = it.kind.FormatOf(name, data)
	}
	return it, format, nil
}

// editAction runs one edit (ask) on the puzzle of args and writes its
// record: the puzzle to stdout or --output, the clues on stderr, or the
// JSON record on stdout.
func editAction(c *cli.Context, args []string, ask func(b *batch, it item, how answer.EditOptions) (answer.EditRecord, error)) error {
	it, format, err := loadOne(c, args)
	if err != nil {
		return err
	}
	ctx, cancel := appio.Context(c)
	defer cancel()
	newSolver, err := solverOf(c)
	if err != nil {
		return err
	}
	b := &batch{json: appio.JSON(c), solver: newSolver, ctx: ctx}
	rec, err := ask(b, it, answer.EditOptions{Format: format, Kinds: appio.Kinds(c)})
	switch {
	case rec.Status == answer.Timeout:
		return appio.Exit(appio.ExitTimeout, "%s: %s before the edit was done; nothing written", it.file, interrupt.Reason(ctx))
	case err != nil:
		var se *amend.StatusError
		if errors.As(err, &se) {
			return appio.Exit(appio.ExitNo, "%s: %v", it.file, err)
		}
		return appio.Exit(appio.Failure(err).ExitCode(), "%s: %v", it.file, err)
	}
	out := c.String("output")
	if out != "" && rec.Puzzle != "" {
		if err := atomicfile.WriteFile(out, []byte(rec.Puzzle), 0o644); err != nil {
			return err
		}
	}
	if b.json {
		if err := appio.WriteJSON(c.App.Writer, it.filed(rec)); err != nil {
			return err
		}
	} else {
		if out == "" {
			if _, err := io.WriteString(c.App.Writer, rec.Puzzle); err != nil {
				return err
			}
		}
		printEdit(c.App.ErrWriter, it.file, rec)
	}
	return exitWith(editExit(rec.Status))
}

// editExit is the exit code of an edit's status: 0 for an edited puzzle,
// 1 when no edit exists.
func editExit(status string) int {
	switch status {
	case answer.Minimized, answer.Repaired:
		return appio.ExitOK
	}
	return appio.ExitNo
}

// printEdit says on w which clues the edit took away or added, and how it
// found them.
func printEdit(w io.Writer, label string, rec answer.EditRecord) {
	list := func(cs []kind.Clue) string {
		var parts []string
		for _, c := range cs {
			parts = append(parts, fmt.Sprintf("%s r%dc%d", c.Label, c.Cell.Row+1, c.Cell.Col+1))
		}
		return strings.Join(parts, ", ")
	}
	switch rec.Status {
	case answer.Minimized:
		if len(rec.Removed) == 0 {
			fmt.Fprintf(w, "%s: no clue of %d can go\n", label, rec.Clues)
		} else {
			fmt.Fprintf(w, "%s: removed %s of %d: %s\n", label, plural.N(len(rec.Removed), "clue"), rec.Clues, list(rec.Removed))
		}
		if rec.Band != "" {
			fmt.Fprintf(w, "%s: still in band %s\n", label, rec.Band)
		}
	case answer.Repaired:
		if len(rec.Added) == 0 {
			fmt.Fprintf(w, "%s: unique already: no clue added\n", label)
		} else {
			fmt.Fprintf(w, "%s: added %s from the %s solution: %s\n", label, plural.N(len(rec.Added), "clue"), rec.From, list(rec.Added))
		}
		if rec.Band != "" {
			fmt.Fprintf(w, "%s: band %s\n", label, rec.Band)
		}
	case answer.NoRepair:
		fmt.Fprintf(w, "%s: no repair: even every clue the solution gives leaves several solutions\n", label)
		return
	case answer.Conflict:
		if len(rec.Conflict) == 1 {
			fmt.Fprintf(w, "%s: no solution; 1 clue contradicts the rules on its own (edit it): %s\n", label, list(rec.Conflict))
		} else {
			fmt.Fprintf(w, "%s: no solution; %s contradict each other (edit one): %s\n", label, plural.N(len(rec.Conflict), "clue"), list(rec.Conflict))
		}
	}
	if rec.Puzzle != "" {
		fmt.Fprintf(w, "%s: written in the %s format\n", label, rec.Format)
	}
	fmt.Fprintf(w, "%s: %s; %s\n", label, rec.Method, plural.N(rec.Proofs, "SAT proof"))
}

func minimizeAction(c *cli.Context, args []string) error {
	return editAction(c, args, func(b *batch, it item, how answer.EditOptions) (answer.EditRecord, error) {
		how.Band = c.String("band")
		return answer.Minimize(b.ctx, it.inst, b.ask(c, answer.Options{}), how)
	})
}

func repairAction(c *cli.Context, args []string) error {
	return editAction(c, args, func(b *batch, it item, how answer.EditOptions) (answer.EditRecord, error) {
		return answer.Repair(b.ctx, it.inst, b.ask(c, answer.Options{}), how)
	})
}
