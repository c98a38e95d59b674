package appio

import (
	"os/exec"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/sat/solvers"
)

// The flags more than one command takes, defined once: the same name,
// type, default and meaning wherever they appear. A flag whose help says
// what it does in one command (--seed, --jobs) is made by a constructor
// given that usage.
var (
	SolverFlag = &cli.StringFlag{Name: "solver", Value: solvers.Default,
		Usage: "SAT back-end: gini, gophersat, ext:cadical, ext:/path/to/solver"}
	TimeoutFlag = &cli.DurationFlag{Name: "timeout", Usage: "give up after this long (0: no limit)"}
	FormatFlag  = &cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json", Action: checkFormat}
	// ShardFlag is --shard of every command that splits a job among
	// machines (package shard).
	ShardFlag = &cli.StringFlag{Name: "shard", Usage: "`I/N`: do only item k with k mod N = I (0-based), so N runs together do the whole job; " +
		"auto or auto/N: I (and N) from JOB_COMPLETION_INDEX (Kubernetes Indexed Job; give N) or SLURM_ARRAY_TASK_ID (Slurm job array)"}
	// CardFlag is --card of the commands that encode puzzles (KindOptions
	// reads it).
	CardFlag = &cli.StringFlag{Name: "card", Usage: "cardinality encoding (encode/card; default totalizer)"}
)

// SeedFlag is --seed, 1 by default, of a command that draws at random;
// usage says what it seeds.
func SeedFlag(usage string) *cli.Uint64Flag {
	return &cli.Uint64Flag{Name: "seed", Value: 1, Usage: usage}
}

// JobsFlag is --jobs, how many pieces of work a command runs at once, 0 (its
// default) one per CPU; usage says what the pieces are.
func JobsFlag(usage string) *cli.IntFlag {
	return AtLeast(&cli.IntFlag{Name: "jobs", Usage: usage}, 0)
}

// DefaultSolvers says which back-ends SolverNames gives without
// --solvers, for its usage.
const DefaultSolvers = "gini,gophersat, and ext:cadical when cadical is on PATH"

// SolverNames is --solvers split at its commas, or without it
// DefaultSolvers: gini, gophersat, and ext:cadical when cadical is
// installed.
func SolverNames(c *cli.Context) []string {
	if s := c.String("solvers"); s != "" {
		return strings.Split(s, ",")
	}
	names := []string{"gini", "gophersat"}
	if _, err := exec.LookPath("cadical"); err == nil {
		names = append(names, "ext:cadical")
	}
	return names
}

// Size reads --size, the rows and columns of the puzzles a command makes:
// "RxC" (or "RXC") or "N" for N×N, each at least 1; anything else is bad
// input (exit 2).
func Size(c *cli.Context) (rows, cols int, err error) {
	rows, cols, ok := ParseGrid(c.String("size"))
	if !ok {
		return 0, 0, Exit(ExitBadInput, "bad --size %q (want ROWSxCOLS, e.g. 8x8)", c.String("size"))
	}
	return rows, cols, nil
}

// ParseGrid reads a grid size, "RxC" or "N" for N×N.
func ParseGrid(s string) (rows, cols int, ok bool) {
	a, b, found := strings.Cut(strings.ToLower(s), "x")
	if !found {
		b = a
	}
	rows, err1 := strconv.Atoi(strings.TrimSpace(a))
	cols, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || rows < 1 || cols < 1 {
		return 0, 0, false
	}
	return rows, cols, true
}

// AtLeast gives f the Action that refuses a value below min as bad input
// (exit 2), so that the flag carries its own bound and the commands that
// take it need not check it. It returns f.
func AtLeast(f *cli.IntFlag, min int) *cli.IntFlag {
	f.Action = func(_ *cli.Context, v int) error {
		if v < min {
			return Exit(ExitBadInput, "--%s must be at least %d (got %d)", f.Name, min, v)
		}
		return nil
	}
	return f
}
