package cnfcmd

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/sat"
)

// common are the fields every count/unique/backbone report starts with.
type common struct {
	File    string  `json:"file"`
	Solver  string  `json:"solver"`
	Vars    int     `json:"vars"`
	Clauses int     `json:"clauses"`
	Primary int     `json:"primary"`
	MS      float64 `json:"ms"`
	Error   string  `json:"error,omitempty"`
}

func (in *input) common(s sat.Solver, start time.Time, err error) common {
	c := common{File: in.name, Solver: s.Name(), Vars: in.f.Vars, Clauses: len(in.f.Clauses),
		Primary: len(in.primary), MS: appio.Millis(time.Since(start))}
	if err != nil {
		c.Error = err.Error()
	}
	return c
}

func (c common) writeText(w io.Writer) {
	fmt.Fprintf(w, "file: %s (%s, %s)\n", c.File, plural.N(c.Vars, "variable"), plural.N(c.Clauses, "clause"))
	fmt.Fprintf(w, "primary variables: %d\n", c.Primary)
	fmt.Fprintf(w, "solver: %s, %.1f ms\n", c.Solver, c.MS)
}

// countResult is `cnf count --format json`.
type countResult struct {
	common
	Count    int  `json:"count"`
	Complete bool `json:"complete"`
	Max      int  `json:"max,omitempty"`
}

func count(ctx context.Context, c *cli.Context, in *input, s sat.Solver) error {
	start := time.Now()
	n, complete, err := sat.Count(ctx, s, in.primary, c.Int("max"))
	res := countResult{common: in.common(s, start, err), Count: n, Complete: complete, Max: c.Int("max")}
	if werr := appio.Emit(c.App.Writer, in.json, res, func(w io.Writer) {
		res.writeText(w)
		switch {
		case complete:
			fmt.Fprintf(w, "solutions: %d\n", n)
		case appio.IsTimeout(err):
			fmt.Fprintf(w, "solutions: at least %d (%s: the count is incomplete)\n", n, interrupt.Reason(ctx))
		case err != nil:
			fmt.Fprintf(w, "solutions: at least %d (stopped without an answer)\n", n)
		default:
			fmt.Fprintf(w, "solutions: at least %d (stopped at --max %d)\n", n, res.Max)
		}
	}); werr != nil {
		return werr
	}
	if err != nil {
		return noAnswer(ctx, err)
	}
	return nil
}

// uniqueResult is `cnf unique --format json`. Solution and Second are
// projected onto the primary variables.
type uniqueResult struct {
	common
	Status      string    `json:"status"`
	Solution    []int     `json:"solution,omitempty"`
	Second      []int     `json:"second,omitempty"`
	Certificate *certInfo `json:"certificate,omitempty"`
}

func unique(ctx context.Context, c *cli.Context, in *input, s sat.Solver) error {
	start := time.Now()
	r, err := sat.Unique(ctx, s, in.primary)
	res := uniqueResult{common: in.common(s, start, err), Status: r.Status.String()}
	if r.First != nil {
		res.Solution = project(r.First, in.primary)
	}
	if r.Second != nil {
		res.Second = project(r.Second, in.primary)
	}
	var certErr error
	if err == nil && c.Bool("certify") {
		res.Certificate, certErr = in.certifyUnique(ctx, r)
	}

	if werr := appio.Emit(c.App.Writer, in.json, res, func(w io.Writer) {
		res.writeText(w)
		fmt.Fprintf(w, "status: %s\n", r.Status)
		if res.Solution != nil {
			fmt.Fprintln(w, "solution:")
			writeValues(w, res.Solution)
		}
		if res.Second != nil {
			fmt.Fprintln(w, "second solution:")
			writeValues(w, res.Second)
		}
		if res.Certificate != nil {
			fmt.Fprintf(w, "certificate: %s\n", res.Certificate)
		}
	}); werr != nil {
		return werr
	}
	switch {
	case err != nil:
		return noAnswer(ctx, err)
	case certErr != nil:
		return certErr
	case r.Status == sat.UniqueSolution:
		return nil
	case r.Status == sat.Unsolvable || r.Status == sat.MultipleSolutions:
		return cli.Exit("", appio.ExitNo)
	}
	return noAnswer(ctx, fmt.Errorf("uniqueness %v", r.Status))
}

// certifyUnique proves the part of a uniqueness answer that is a claim of
// absence: no solution at all, or none besides the first. Two distinct
// solutions need no certificate; they are checked against the formula.
func (in *input) certifyUnique(ctx context.Context, r sat.UniqueResult) (*certInfo, error) {
	switch r.Status {
	case sat.Unsolvable:
		return prove(ctx, in.f, nil)
	case sat.UniqueSolution:
		// The formula plus "differ from the solution on a primary variable".
		block := make([]int, len(in.primary))
		for i, l := range project(r.First, in.primary) {
			block[i] = -l
		}
		g := &sat.Formula{Vars: in.f.Vars, Clauses: append(slices.Clip(in.f.Clauses), block)}
		return prove(ctx, g, nil)
	case sat.MultipleSolutions:
		for _, m := range [][]bool{r.First, r.Second} {
			if ok, i := in.f.Satisfies(m); !ok {
				return nil, appio.Exit(1, "certificate: a reported solution falsifies clause %d", i+1)
			}
		}
		if slices.Equal(project(r.First, in.primary), project(r.Second, in.primary)) {
			return nil, appio.Exit(1, "certificate: the two reported solutions agree on the primary variables")
		}
	}
	return nil, nil
}

// backboneResult is `cnf backbone --format json`.
type backboneResult struct {
	common
	Status   string `json:"status"`
	Backbone []int  `json:"backbone"`
}

func backbone(ctx context.Context, c *cli.Context, in *input, s sat.Solver) error {
	start := time.Now()
	bb, st, err := sat.Backbone(ctx, s, in.primary)
	if err != nil {
		st = sat.Unknown
	}
	res := backboneResult{common: in.common(s, start, err), Status: st.String(), Backbone: bb}
	if werr := appio.Emit(c.App.Writer, in.json, res, func(w io.Writer) {
		res.writeText(w)
		switch st {
		case sat.Sat:
			fmt.Fprintf(w, "backbone: %d of %d primary variables fixed\n", len(bb), len(in.primary))
			writeValues(w, bb)
		case sat.Unsat:
			fmt.Fprintln(w, "backbone: none, no solution")
		default:
			fmt.Fprintln(w, "backbone: unknown")
		}
	}); werr != nil {
		return werr
	}
	switch {
	case err != nil:
		return noAnswer(ctx, err)
	case st == sat.Unsat:
		return cli.Exit("", appio.ExitNo)
	}
	return nil
}
