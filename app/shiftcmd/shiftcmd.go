// Package shiftcmd is `puzzlesat shift`: shortest move sequences of the
// puzzles of every kind played by moves (kinds.Registry.Moves: shift puzzles) with
// a proof that none is shorter (solve), random instances (scramble),
// replaying a move list (apply), and one depth's proof in shards (cubes,
// solve --cubes --shard, merge). Puzzles come from a file in a moves
// kind's format, "-" for standard input, or --builtin (shift: reborn,
// loopover:RxC). It asks each question of the kind (kind.Moves), so a new
// moves kind is played here without an edit.
package shiftcmd

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// builtinFlag is --builtin, naming the built-ins of the moves kinds of
// reg (a flag of more than one shift subcommand).
func builtinFlag(reg *kinds.Registry) *cli.StringFlag {
	return &cli.StringFlag{Name: "builtin", Usage: "a built-in puzzle instead of FILE: " + strings.Join(answer.BuiltinNames(reg), ", ")}
}

// encodingFlag is --encoding, of the encodings of the moves kinds of reg.
func encodingFlag(reg *kinds.Registry) *cli.StringFlag {
	def, names := encodings(reg)
	return &cli.StringFlag{Name: "encoding", Value: def, Usage: "CNF encoding: " + strings.Join(names, ", ")}
}

// encodings are the state-step encodings of the moves kinds of reg: the
// first kind's default, and every name.
func encodings(reg *kinds.Registry) (def string, names []string) {
	for _, k := range reg.Moves() {
		if def == "" {
			def = k.Moves.Encoding
		}
		for _, n := range k.Moves.Encodings {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return def, names
}

// Command returns the `shift` command group, of the moves kinds of reg.
func Command(reg *kinds.Registry) *cli.Command {
	return &cli.Command{
		Name:  "shift",
		Usage: "shift puzzles (Reborn magic shifter, Loopover): optimal move sequences with a proof of optimality",
		Subcommands: []*cli.Command{
			{
				Name:      "solve",
				Usage:     "find a shortest move sequence and prove that none is shorter (exit 0 optimal, 1 none within --max-steps, 2 bad input, 3 timeout)",
				ArgsUsage: "FILE|--builtin NAME",
				Flags: []cli.Flag{builtinFlag(reg),
					appio.AtLeast(&cli.IntFlag{Name: "max-steps", Value: 30, Usage: "longest solution tried"}, 0),
					encodingFlag(reg),
					&cli.StringFlag{Name: "method", Value: "auto", Usage: "auto (exact search and SAT side by side, the first proof wins; JSON field proof says which), sat (deepening with --solver only) or search (exact search only)"},
					&cli.BoolFlag{Name: "check", Usage: "also run the exact search and fail unless it agrees"},
					&cli.BoolFlag{Name: "quiet", Usage: "no per-depth progress on stderr"},
					appio.JobsFlag("parts of depths solved at once, each worker with its own solver (0: one per CPU; at most one per CPU)"),
					&cli.StringFlag{Name: "cubes", Usage: "solve a shard of this cubes file (shift cubes) instead of a puzzle; needs --shard"},
					appio.ShardFlag,
					appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag},
				Action: appio.Anywhere(solveAction),
			},
			tablesCommand(reg),
			cubesCommand(reg),
			mergeCommand(),
			{
				Name:      "scramble",
				Usage:     "make a random instance: a goal state moved by --moves random moves",
				ArgsUsage: "FILE|--builtin NAME",
				Flags: []cli.Flag{builtinFlag(reg),
					appio.AtLeast(&cli.IntFlag{Name: "moves", Value: 10, Usage: "number of random moves"}, 0),
					appio.SeedFlag("random seed")},
				Action: appio.Anywhere(scrambleAction),
			},
			{
				Name:      "apply",
				Usage:     "replay a move list from the start and say whether it reaches the goal (exit 0 yes, 1 no)",
				ArgsUsage: "FILE|--builtin NAME MOVE...",
				Flags:     []cli.Flag{builtinFlag(reg), appio.FormatFlag},
				Action:    appio.Anywhere(applyAction),
			},
			{
				Name:      "url",
				Usage:     "write the puzzle as a playground URL's query (shift/BODY; put http://HOST/? before it), which every shift command reads back",
				ArgsUsage: "FILE|--builtin NAME",
				Flags:     []cli.Flag{builtinFlag(reg)},
				Action: appio.Anywhere(func(c *cli.Context, args []string) error {
					k, p, err := loadOnly(c, args)
					if err != nil {
						return err
					}
					if k.Moves.URL == nil {
						return appio.Exit(appio.ExitBadInput, "%s puzzles have no URL", k.Name)
					}
					_, err = fmt.Fprintln(c.App.Writer, k.Moves.URL(p))
					return err
				}),
			},
		},
	}
}

// load reads the puzzle, its kind's, and returns the remaining arguments.
func load(c *cli.Context, args []string) (*kind.Kind, kind.MovesPuzzle, []string, error) {
	if name := c.String("builtin"); name != "" {
		k, p, err := answer.BuiltinMoves(appio.Kinds(c), name)
		if err != nil {
			return nil, nil, nil, appio.BadInput(err)
		}
		return k, p, args, nil
	}
	if len(args) == 0 {
		return nil, nil, nil, appio.Exit(appio.ExitBadInput, "want a puzzle FILE (or - for standard input) or --builtin NAME")
	}
	name, data, err := appio.ReadArg(c, args[0])
	if err != nil {
		return nil, nil, nil, err
	}
	k, p, err := answer.LoadMoves(appio.Kinds(c), name, data)
	if err != nil {
		return nil, nil, nil, appio.BadInput(err)
	}
	return k, p, args[1:], nil
}

// loadOnly reads the puzzle when it is all the arguments there are.
func loadOnly(c *cli.Context, args []string) (*kind.Kind, kind.MovesPuzzle, error) {
	k, p, rest, err := load(c, args)
	if err != nil {
		return nil, nil, err
	}
	if len(rest) > 0 {
		return nil, nil, appio.Exit(appio.ExitBadInput, "unexpected arguments %q", rest)
	}
	return k, p, nil
}

func solveAction(c *cli.Context, args []string) error {
	if c.String("cubes") != "" {
		return shardAction(c, args)
	}
	if c.IsSet("shard") {
		// Without --cubes there is nothing to split: solving the whole
		// puzzle as if it were one shard would pass for a shard's answer.
		return appio.Exit(appio.ExitBadInput, "--shard splits a cubes file: give --cubes FILE (shift cubes writes one)")
	}
	asJSON := appio.JSON(c)
	k, p, err := loadOnly(c, args)
	if err != nil {
		return err
	}
	maxSteps := c.Int("max-steps")
	ctx, cancel := appio.Context(c)
	defer cancel()
	method := c.String("method")
	if !c.IsSet("method") {
		method = answer.Methods(k)[0]
	}
	if !slices.Contains(answer.Methods(k), method) {
		ms := answer.Methods(k)
		return appio.Exit(appio.ExitBadInput, "unknown --method %q (want %s)", method, orList(append(slices.Clone(ms[1:]), ms[0])))
	}
	opt := answer.ShortestOptions{Method: method, MaxSteps: maxSteps, Encoding: c.String("encoding"), Jobs: c.Int("jobs")}
	if method != answer.MethodSearch {
		if opt.NewSolver, err = appio.Factory(c); err != nil {
			return err
		}
	}
	if !c.Bool("quiet") {
		opt.Progress = c.App.ErrWriter
	}
	t0 := time.Now()
	res, err := answer.ShortestSolution(ctx, k, p, opt)
	if res == nil || (err != nil && !appio.IsTimeout(err)) {
		return appio.Exit(appio.ExitBadInput, "%v", err)
	}
	out := answer.Record(res, p, method, maxSteps, time.Since(t0))
	status, moves, lb := out.Status, res.Moves, res.LowerBound
	checkFailed := false
	if c.Bool("check") && status != string(kind.Unknown) {
		tc := time.Now()
		res, err := answer.ShortestSolution(ctx, k, p, answer.ShortestOptions{Method: answer.MethodSearch, MaxSteps: maxSteps})
		if err != nil && !appio.IsTimeout(err) {
			return appio.Exit(appio.ExitBadInput, "%v", err)
		}
		if res != nil {
			ch := &answer.ShortestCheck{Status: string(res.Status), Length: len(res.Moves), MS: appio.Millis(time.Since(tc))}
			if ch.Status == string(kind.Optimal) {
				ch.Agrees = status == ch.Status && len(res.Moves) == len(moves)
			} else {
				ch.Length = 0
				ch.Agrees = status == ch.Status
			}
			out.Check = ch
			checkFailed = ch.Status != string(kind.Unknown) && !ch.Agrees
		}
	}
	if err := appio.Emit(c.App.Writer, asJSON, out, func(w io.Writer) { writeSolveText(w, out, maxSteps) }); err != nil {
		return err
	}
	switch {
	case checkFailed:
		return appio.Exit(appio.ExitNo, "the exact search disagrees: %s %s", out.Check.Status, plural.N(out.Check.Length, "move"))
	case status == string(kind.Optimal):
		return nil
	case status == string(kind.NoSolutionWithin):
		return cli.Exit("", appio.ExitNo)
	}
	why := ""
	if len(out.Notes) > 0 {
		why = "; " + strings.Join(out.Notes, "; ")
	}
	return appio.Exit(appio.ExitTimeout, "%s: stopped before an answer (proved: no solution shorter than %s)%s", interrupt.Reason(ctx), plural.N(lb, "move"), why)
}

func writeSolveText(w io.Writer, out answer.ShortestRecord, maxSteps int) {
	name := out.Name
	if name == "" {
		name = "puzzle"
	}
	switch out.Status {
	case string(kind.Optimal):
		fmt.Fprintf(w, "%s: optimal, %s\n", name, plural.N(out.Length, "move"))
		fmt.Fprintf(w, "moves: %s\n", strings.Join(out.Moves, " "))
		for i, st := range out.States {
			if i == 0 {
				fmt.Fprintln(w, "start")
			} else {
				fmt.Fprintf(w, "%d. %s\n", i, out.Moves[i-1])
			}
			for _, l := range st {
				fmt.Fprintln(w, "  "+l)
			}
		}
	case string(kind.NoSolutionWithin):
		fmt.Fprintf(w, "%s: no solution within %s\n", name, plural.N(maxSteps, "move"))
	default:
		fmt.Fprintf(w, "%s: unknown (stopped)\n", name)
		if out.BestFound != nil {
			fmt.Fprintf(w, "best found: %s, not proven optimal (%d..%d)\n", plural.N(out.BestLength, "move"), out.ProvedLowerBound, out.BestLength)
			fmt.Fprintf(w, "moves: %s\n", strings.Join(out.BestFound, " "))
		}
	}
	fmt.Fprintln(w, proofLine(out))
	for _, n := range out.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for _, d := range out.Depths {
		fmt.Fprintf(w, "  depth %2d: %-13s %2d %-5s  vars %7d  clauses %8d  %.3fs solving\n", d.K, d.Status, len(d.Parts), plural.Noun(len(d.Parts), "part"), d.Vars, d.Clauses, d.MS/1000)
	}
	if ch := out.Check; ch != nil {
		verdict := "agrees"
		if !ch.Agrees {
			verdict = "DISAGREES"
		}
		fmt.Fprintf(w, "exact search: %s", ch.Status)
		if ch.Status == string(kind.Optimal) {
			fmt.Fprintf(w, ", %s", plural.N(ch.Length, "move"))
		}
		fmt.Fprintf(w, " (%s, %.3fs)\n", verdict, ch.MS/1000)
	}
	fmt.Fprintf(w, "time: %.3fs\n", out.MS/1000)
}

func proofLine(out answer.ShortestRecord) string {
	lb := out.ProvedLowerBound
	var how string
	proof := out.Proof
	if proof == kind.ProofBound {
		proof = "" // the bound is the method's
	}
	switch {
	case proof == kind.ProofSAT || proof == "" && out.Method == "sat":
		how = fmt.Sprintf("depths 0..%d unsatisfiable with %s, %s encoding", lb-1, out.Solver, out.Encoding)
	case proof == kind.ProofSearch || out.Method == "search":
		how = "by exact search"
	default:
		how = "the better bound of exact search and SAT"
	}
	switch {
	case out.Proof == kind.ProofBound:
		how += ", met by a solution the beam search found"
	case out.Method == "auto" && out.Proof != "":
		how += ", which settled first"
	}
	if lb <= 0 {
		return "proof: nothing refuted"
	}
	return fmt.Sprintf("proof: no solution has fewer than %s (%s)", plural.N(lb, "move"), how)
}

func scrambleAction(c *cli.Context, args []string) error {
	k, p, err := loadOnly(c, args)
	if err != nil {
		return err
	}
	n := c.Int("moves")
	seed := c.Uint64("seed")
	scramble := k.Moves.Scramble
	if scramble == nil {
		scramble = kind.Scramble
	}
	q, moves, err := scramble(p, n, rand.New(rand.NewPCG(seed, 0x5eed)))
	if err != nil {
		return appio.BadInput(err)
	}
	if q.Title() != "" {
		q = q.Named(fmt.Sprintf("%s-scramble-%d-%d", q.Title(), n, seed))
	}
	fmt.Fprintf(c.App.Writer, "# %s from a goal state (seed %d): %s\n", plural.N(n, "random move"), seed, strings.Join(moves, " "))
	fmt.Fprint(c.App.Writer, q.Text())
	return nil
}

func applyAction(c *cli.Context, args []string) error {
	asJSON := appio.JSON(c)
	_, p, rest, err := load(c, args)
	if err != nil {
		return err
	}
	var names []string
	for _, a := range rest {
		names = append(names, strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })...)
	}
	states, err := p.Replay(names)
	if err != nil {
		return appio.BadInput(err)
	}
	out := answer.Applied(p, names, states)
	if asJSON {
		if err := appio.WriteJSON(c.App.Writer, out); err != nil {
			return err
		}
	} else {
		w := c.App.Writer
		for i, st := range out.States {
			if i == 0 {
				fmt.Fprintln(w, "start")
			} else {
				fmt.Fprintf(w, "%d. %s\n", i, names[i-1])
			}
			for _, l := range st {
				fmt.Fprintln(w, "  "+l)
			}
		}
		if out.Goal {
			fmt.Fprintf(w, "goal reached in %s\n", plural.N(len(names), "move"))
		} else {
			fmt.Fprintf(w, "not a goal state after %s\n", plural.N(len(names), "move"))
		}
	}
	if !out.Goal {
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
