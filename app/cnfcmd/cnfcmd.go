// Package cnfcmd is `puzzlesat cnf`: the SAT drivers on plain DIMACS CNF
// files. `cnf solve` speaks the SAT competition's output format; count,
// unique and backbone print a short summary or one JSON object.
//
// Exit codes: solve exits 10 (satisfiable), 20 (unsatisfiable) or 0 with
// "s UNKNOWN" when the time runs out. The others exit 0 on an answer
// (for unique: exactly one solution), 1 on a definite negative answer
// (unique: none or several; backbone: no solution), 3 when they ran out of
// time or the solver failed. Malformed input exits 2 with a positioned
// message (file:line:col) on stderr. With --certify, a certificate that
// cannot be produced and checked is an error (exit 1).
package cnfcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/certify"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

var (
	varsFlag = &cli.StringFlag{Name: "vars",
		Usage: "primary variables, a `LIST` such as 1-20,25 (default: those a \"cnf export\" file names in its \"c lit\" lines, else all); solutions differing only elsewhere count once"}
	maxFlag     = appio.AtLeast(&cli.IntFlag{Name: "max", Usage: "stop counting at this many solutions (0: no limit)"}, 0)
	certifyFlag = &cli.BoolFlag{Name: "certify",
		Usage: "prove an UNSAT answer (unique: that no other solution exists) with a RUP certificate checked independently"}
)

// Command returns `puzzlesat cnf` and its subcommands.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "cnf",
		Usage: "solve, count, check uniqueness and find backbones of DIMACS CNF files",
		Description: "Exit codes: solve 10 SAT, 20 UNSAT, 0 UNKNOWN (time out); count, unique and backbone\n" +
			"0 answered (unique: exactly one solution), 1 unique: none or several / backbone: no solution,\n" +
			"3 no answer (time out, solver failure); 2 bad input; 1 when --certify cannot produce a checked proof.",
		Subcommands: []*cli.Command{
			{
				Name:      "solve",
				Usage:     "decide satisfiability; SAT-competition output, exit 10 SAT / 20 UNSAT / 0 UNKNOWN",
				ArgsUsage: "FILE.cnf|-",
				Flags:     flags(certifyFlag),
				Action:    appio.Anywhere(driver(solve)),
			},
			{
				Name:      "count",
				Usage:     "count solutions, projected on --vars, up to --max",
				ArgsUsage: "FILE.cnf|-",
				Flags:     flags(varsFlag, maxFlag),
				Action:    appio.Anywhere(driver(count)),
			},
			{
				Name:      "unique",
				Usage:     "decide whether there is exactly one solution, projected on --vars (exit 0 yes, 1 no)",
				ArgsUsage: "FILE.cnf|-",
				Flags:     flags(varsFlag, certifyFlag),
				Action:    appio.Anywhere(driver(unique)),
			},
			{
				Name:      "backbone",
				Usage:     "list the literals of --vars true in every solution",
				ArgsUsage: "FILE.cnf|-",
				Flags:     flags(varsFlag),
				Action:    appio.Anywhere(driver(backbone)),
			},
		},
	}
}

func flags(extra ...cli.Flag) []cli.Flag {
	return append([]cli.Flag{appio.SolverFlag, appio.TimeoutFlag, appio.FormatFlag}, extra...)
}

// input is the parsed command line and formula shared by the subcommands.
type input struct {
	name    string
	f       *sat.Formula
	json    bool
	primary []int
}

func load(c *cli.Context, args []string) (*input, error) {
	if len(args) != 1 {
		return nil, appio.Exit(appio.ExitBadInput, "%s: want one FILE.cnf (or - for standard input), got %d arguments", c.Command.FullName(), len(args))
	}
	asJSON := appio.JSON(c)
	name, data, err := appio.ReadInput(c, args[0])
	if err != nil {
		return nil, err
	}
	f, err := dimacs.Read(bytes.NewReader(data), name)
	if err != nil {
		return nil, appio.BadInput(err)
	}
	spec := c.String("vars")
	primary, err := parseVars(spec, f.Vars)
	if named := exportedPrimary(data); spec == "" && len(named) > 0 {
		// A `cnf export` file names its puzzle's own variables; counting
		// over the auxiliaries too would count one solution many times.
		primary = named
	}
	if err != nil {
		return nil, appio.Exit(appio.ExitBadInput, "%v", err)
	}
	return &input{name: name, f: f, json: asJSON, primary: primary}, nil
}

// newSolver returns the --solver back-end loaded with the formula.
func (in *input) newSolver(c *cli.Context) (sat.Solver, error) {
	s, err := appio.NewSolver(c)
	if err != nil {
		return nil, err
	}
	sat.Load(s, in.f)
	return s, nil
}

// certInfo is a checked certificate as reported.
type certInfo struct {
	Lemmas   int     `json:"lemmas"`
	Verified bool    `json:"verified"`
	Backend  string  `json:"backend"`
	SolveMS  float64 `json:"solve_ms"`
	CheckMS  float64 `json:"check_ms"`
}

func (ci *certInfo) String() string {
	return fmt.Sprintf("%s, verified (RUP, by %s in %.1f ms, checked in %.1f ms)", plural.N(ci.Lemmas, "lemma"), ci.Backend, ci.SolveMS, ci.CheckMS)
}

func prove(ctx context.Context, f *sat.Formula, assumptions []int) (*certInfo, error) {
	cert, err := certify.Unsat(ctx, f, assumptions)
	if err != nil {
		if appio.IsTimeout(err) {
			return nil, appio.Exit(1, "certificate: ran out of time: %v", err)
		}
		return nil, appio.Exit(1, "certificate: %v", err)
	}
	return &certInfo{
		Lemmas:   cert.Size(),
		Verified: true,
		Backend:  cert.Backend,
		SolveMS:  appio.Millis(cert.SolveTime),
		CheckMS:  appio.Millis(cert.CheckTime),
	}, nil
}

// solveResult is `cnf solve --format json`.
type solveResult struct {
	File        string    `json:"file"`
	Solver      string    `json:"solver"`
	Vars        int       `json:"vars"`
	Clauses     int       `json:"clauses"`
	Status      string    `json:"status"`
	Model       []int     `json:"model,omitempty"`
	MS          float64   `json:"ms"`
	Error       string    `json:"error,omitempty"`
	Certificate *certInfo `json:"certificate,omitempty"`
}

// driver is the action of a cnf subcommand that runs on a formula: it
// reads the formula and makes the solver and the context, then runs run.
// The deadline counts from the start: reading a large formula is part of
// the command's time.
func driver(run func(ctx context.Context, c *cli.Context, in *input, s sat.Solver) error) func(*cli.Context, []string) error {
	return func(c *cli.Context, args []string) error {
		ctx, cancel := appio.Context(c)
		defer cancel()
		in, err := load(c, args)
		if err != nil {
			return err
		}
		s, err := in.newSolver(c)
		if err != nil {
			return err
		}
		return run(ctx, c, in, s)
	}
}

func solve(ctx context.Context, c *cli.Context, in *input, s sat.Solver) error {
	start := time.Now()
	st, err := s.Solve(ctx)
	res := solveResult{File: in.name, Solver: s.Name(), Vars: in.f.Vars, Clauses: len(in.f.Clauses),
		Status: st.String(), MS: appio.Millis(time.Since(start))}
	if err != nil {
		res.Error = err.Error()
	}
	if st == sat.Sat {
		m := s.Model()
		// Cheap insurance against a back-end bug: never print a wrong model.
		if ok, i := in.f.Satisfies(m); !ok {
			return appio.Exit(1, "%s: wrong answer: its model falsifies clause %d", s.Name(), i+1)
		}
		res.Model = literals(m, in.f.Vars)
	}
	var certErr error
	if st == sat.Unsat && c.Bool("certify") {
		res.Certificate, certErr = prove(ctx, in.f, nil)
	}

	w := c.App.Writer
	if in.json {
		if err := appio.WriteJSON(w, res); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(w, "c %s: %s, %s, solver %s, %.1f ms\n", in.name, plural.N(res.Vars, "variable"), plural.N(res.Clauses, "clause"), res.Solver, res.MS)
		if err != nil {
			fmt.Fprintf(w, "c no answer: %v\n", err)
		}
		if res.Certificate != nil {
			fmt.Fprintf(w, "c certificate: %s\n", res.Certificate)
		}
		fmt.Fprintf(w, "s %s\n", st)
		if st == sat.Sat {
			writeValues(w, res.Model)
		}
	}
	switch {
	case certErr != nil:
		return certErr
	case err != nil && !appio.IsTimeout(err):
		// Not an answer and not a timeout: the solver failed. The competition
		// format still says UNKNOWN with exit 0, but the reason goes to stderr.
		fmt.Fprintf(c.App.ErrWriter, "puzzlesat: %s: %v\n", s.Name(), err)
		return nil
	case st == sat.Unknown && interrupt.Is(ctx):
		// The competition's UNKNOWN exits 0, but a stopped run is cut
		// short, as every command's is.
		return appio.Exit(appio.ExitTimeout, "interrupted before an answer")
	case st == sat.Unknown:
		return nil
	}
	return cli.Exit("", int(st))
}

// literals returns model as DIMACS literals for variables 1..vars.
func literals(model []bool, vars int) []int {
	out := make([]int, vars)
	for v := 1; v <= vars; v++ {
		if v < len(model) && model[v] {
			out[v-1] = v
		} else {
			out[v-1] = -v
		}
	}
	return out
}

// project returns model's literals for the given variables.
func project(model []bool, vars []int) []int {
	out := make([]int, len(vars))
	for i, v := range vars {
		if v < len(model) && model[v] {
			out[i] = v
		} else {
			out[i] = -v
		}
	}
	return out
}

// writeValues writes "v" lines of at most 78 characters ending with 0.
func writeValues(w io.Writer, lits []int) {
	const width = 78
	var line strings.Builder
	line.WriteString("v")
	for _, l := range append(lits, 0) {
		tok := strconv.Itoa(l)
		if line.Len()+1+len(tok) > width {
			fmt.Fprintln(w, line.String())
			line.Reset()
			line.WriteString("v")
		}
		line.WriteString(" ")
		line.WriteString(tok)
	}
	fmt.Fprintln(w, line.String())
}

// noAnswer is the error for a driver that stopped without an answer (ctx
// says whether it ran out of time or was interrupted).
func noAnswer(ctx context.Context, err error) error {
	if appio.IsTimeout(err) {
		if interrupt.Is(ctx) {
			return appio.Exit(appio.ExitTimeout, "no answer: interrupted")
		}
		return appio.Exit(appio.ExitTimeout, "no answer: ran out of time (%v)", err)
	}
	return appio.Exit(appio.ExitTimeout, "no answer: %v", err)
}
