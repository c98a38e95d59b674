// Package ext runs any SAT-competition solver binary (cadical, kissat,
// picosat, lingeling, minisat, glucose, ...) as a sat.Solver back-end.
//
// The solver keeps its own clause list. Every Solve writes the formula, with
// the assumptions as unit clauses, to a temporary DIMACS file, runs the
// binary on it and reads the answer: "s SATISFIABLE" / "s UNSATISFIABLE" and
// "v ... 0" lines on standard output, or, for binaries whose base name starts
// with "minisat" or "glucose", the result file given as a second argument
// ("minisat in.cnf out.txt"). Exit codes 10 and 20 are used when no status
// line is printed. Cancelling the context kills the process and its whole
// process group; Solve then returns Unknown with ctx.Err().
//
// Effort counters (sat.Statser) are read from the binary's statistics on
// standard output, lines such as cadical's and kissat's
// "c conflicts: 94 ..." or minisat's "conflicts : 25 ...": conflicts,
// decisions and propagations. A solve whose output names none of them
// leaves the counters NotCounted; one that names some counts the others as
// 0 (cadical leaves out counters that stayed 0).
//
// A model from the binary is checked against the formula and the
// assumptions before Solve reports Sat, so a buggy binary gives an error,
// not a wrong answer. There is no incrementality (each Solve starts a new
// process) and no failed-assumption analysis.
//
// Options for the binary follow its name, separated by spaces, and are
// passed before the input file: New("cadical --sat") runs
// "cadical --sat in.cnf" (so a binary's path cannot contain spaces).
package ext

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
	"github.com/puzzlesat/puzzlesat/sat/internal/tailbuf"
)

// Solver runs one external binary. It is not safe for concurrent use.
type Solver struct {
	name    string   // "ext:" + the binary as given
	path    string   // resolved executable
	opts    []string // options before the input file
	minisat bool     // answer in a result file, not on stdout
	f       sat.Formula
	model   []bool
	stats   sat.Stats
	solved  bool // some Solve read the binary's output
}

var (
	_ sat.Solver  = (*Solver)(nil)
	_ sat.Statser = (*Solver)(nil)
)

// killGrace is how long Solve waits for the output pipes to close after the
// process was killed (a grandchild may still hold them).
const killGrace = 2 * time.Second

// New returns a solver running spec: a binary, found on PATH or, when it
// contains a path separator, at that path, optionally followed by options
// for it. Its name is "ext:"+spec.
func New(spec string) (sat.Solver, error) {
	fields := strings.Fields(spec)
	if len(fields) == 0 {
		return nil, errors.New("ext: empty solver binary name")
	}
	binary := fields[0]
	var path string
	if strings.ContainsRune(binary, filepath.Separator) || strings.ContainsRune(binary, '/') {
		info, err := os.Stat(binary)
		if err != nil {
			return nil, fmt.Errorf("ext: solver binary %s: %w", binary, err)
		}
		if info.IsDir() || info.Mode()&0o111 == 0 {
			return nil, fmt.Errorf("ext: solver binary %s is not an executable file", binary)
		}
		path = binary
	} else {
		p, err := exec.LookPath(binary)
		if err != nil {
			return nil, fmt.Errorf("ext: solver %q not found on PATH", binary)
		}
		path = p
	}
	return &Solver{name: "ext:" + strings.Join(fields, " "), path: path, opts: fields[1:], minisat: minisatStyle(path)}, nil
}

// minisatStyle reports whether the binary writes its answer to a result
// file given as its second argument, as MiniSat and its descendants do.
func minisatStyle(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	return strings.HasPrefix(base, "minisat") || strings.HasPrefix(base, "glucose")
}

// NewVar allocates the next variable.
func (s *Solver) NewVar() int { return s.f.NewVar() }

// AddClause records the clause for the next Solve.
func (s *Solver) AddClause(lits ...int) { s.f.AddClause(lits...) }

// NumVars is the largest variable allocated or used.
func (s *Solver) NumVars() int { return s.f.Vars }

// Formula returns the clauses added so far.
func (s *Solver) Formula() *sat.Formula { return &s.f }

// Model returns a copy of the last model, or nil unless the last Solve
// returned Sat.
func (s *Solver) Model() []bool {
	if s.model == nil {
		return nil
	}
	return append([]bool(nil), s.model...)
}

// Failed returns nil: a competition binary does not report which
// assumptions failed.
func (s *Solver) Failed() []int { return nil }

// Name is "ext:" followed by the binary as given to New.
func (s *Solver) Name() string { return s.name }

// Capabilities: cancellation by killing the process, nothing else.
func (s *Solver) Capabilities() sat.Capabilities { return sat.Capabilities{Cancel: true} }

// Solve runs the binary on the clauses plus the assumptions as units.
func (s *Solver) Solve(ctx context.Context, assumptions ...int) (sat.Status, error) {
	s.model = nil
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	vars := s.f.Vars
	for _, a := range assumptions {
		if a == 0 {
			return sat.Unknown, fmt.Errorf("%s: assumption literal 0", s.name)
		}
		vars = max(vars, a, -a)
	}
	in, err := s.writeInput(vars, assumptions)
	if err != nil {
		return sat.Unknown, err
	}
	defer os.Remove(in)

	args := append(append([]string(nil), s.opts...), in)
	var result string
	if s.minisat {
		f, err := os.CreateTemp("", "puzzlesat-*.result")
		if err != nil {
			return sat.Unknown, fmt.Errorf("%s: %w", s.name, err)
		}
		result = f.Name()
		f.Close()
		defer os.Remove(result)
		args = append(args, result)
	}

	var stdout bytes.Buffer
	stderr := &tailbuf.Buffer{Max: 2048}
	cmd := exec.CommandContext(ctx, s.path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	cmd.WaitDelay = killGrace
	ownProcessGroup(cmd)
	runErr := cmd.Run()
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	code := -1
	var exitErr *exec.ExitError
	switch {
	case runErr == nil:
		code = 0
	case errors.As(runErr, &exitErr):
		code = exitErr.ExitCode() // -1 when killed by a signal
	default:
		return sat.Unknown, fmt.Errorf("%s: %w", s.name, runErr)
	}
	s.addStats(parseStats(stdout.Bytes()))

	var ans answer
	if s.minisat {
		data, err := os.ReadFile(result)
		if err != nil {
			return sat.Unknown, fmt.Errorf("%s: reading result file: %w", s.name, err)
		}
		ans, err = parseResultFile(data)
		if err != nil {
			return sat.Unknown, s.failure(code, stderr, err)
		}
	} else {
		ans, err = parseCompetition(&stdout)
		if err != nil {
			return sat.Unknown, s.failure(code, stderr, err)
		}
	}
	status, err := s.decide(ans, code, stderr)
	if err != nil || status != sat.Sat {
		return status, err
	}
	model, err := s.buildModel(ans.lits, vars, assumptions)
	if err != nil {
		return sat.Unknown, err
	}
	s.model = model
	return sat.Sat, nil
}

func (s *Solver) writeInput(vars int, assumptions []int) (string, error) {
	f, err := os.CreateTemp("", "puzzlesat-*.cnf")
	if err != nil {
		return "", fmt.Errorf("%s: %w", s.name, err)
	}
	clauses := s.f.Clauses
	if len(assumptions) > 0 {
		clauses = make([][]int, 0, len(s.f.Clauses)+len(assumptions))
		clauses = append(clauses, s.f.Clauses...)
		for _, a := range assumptions {
			clauses = append(clauses, []int{a})
		}
	}
	werr := dimacs.Write(f, &sat.Formula{Vars: vars, Clauses: clauses})
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("%s: writing input: %w", s.name, err)
	}
	return f.Name(), nil
}

// decide combines the printed status with the exit code.
func (s *Solver) decide(ans answer, code int, stderr *tailbuf.Buffer) (sat.Status, error) {
	switch {
	case ans.status == sat.Unknown && code == int(sat.Sat):
		return sat.Unknown, s.failure(code, stderr, errors.New("exit code 10 (satisfiable) without a model"))
	case ans.status == sat.Unknown && code == int(sat.Unsat):
		return sat.Unsat, nil
	case ans.status == sat.Unknown && ans.seen:
		return sat.Unknown, fmt.Errorf("%s: solver answered UNKNOWN", s.name)
	case ans.status == sat.Unknown:
		return sat.Unknown, s.failure(code, stderr, errors.New("no answer"))
	case code != 0 && code != int(ans.status):
		return sat.Unknown, s.failure(code, stderr, fmt.Errorf("answer %v contradicts exit code %d", ans.status, code))
	}
	return ans.status, nil
}

func (s *Solver) failure(code int, stderr *tailbuf.Buffer, err error) error {
	msg := fmt.Sprintf("%s: %v (exit code %d)", s.name, err, code)
	if tail := strings.TrimSpace(stderr.String()); tail != "" {
		msg += ": " + tail
	}
	return errors.New(msg)
}

// buildModel turns the printed literals into a model and checks it.
func (s *Solver) buildModel(lits []int, vars int, assumptions []int) ([]bool, error) {
	model := make([]bool, vars+1)
	for _, l := range lits {
		v := max(l, -l)
		if v > vars {
			return nil, fmt.Errorf("%s: model literal %d beyond the %d variables given", s.name, l, vars)
		}
		model[v] = l > 0
	}
	if ok, i := s.f.Satisfies(model); !ok {
		return nil, fmt.Errorf("%s: wrong answer: the model falsifies clause %d %v", s.name, i+1, s.f.Clauses[i])
	}
	for _, a := range assumptions {
		if model[max(a, -a)] != (a > 0) {
			return nil, fmt.Errorf("%s: wrong answer: the model falsifies assumption %d", s.name, a)
		}
	}
	// Like the other back-ends, the model covers the formula's variables;
	// fresh variables named only by assumptions are not part of it.
	return model[:s.f.Vars+1], nil
}

// answer is what the binary printed.
type answer struct {
	status sat.Status
	seen   bool  // a status (possibly UNKNOWN) was printed
	lits   []int // model literals, without the final 0
}

// parseCompetition reads SAT-competition output: "s ..." and "v ..." lines.
func parseCompetition(r io.Reader) (answer, error) {
	var ans answer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "s "):
			if ans.seen {
				return ans, errors.New("two status lines")
			}
			ans.seen = true
			switch st := strings.TrimSpace(line[2:]); st {
			case "SATISFIABLE":
				ans.status = sat.Sat
			case "UNSATISFIABLE":
				ans.status = sat.Unsat
			case "UNKNOWN", "INDETERMINATE":
			default:
				return ans, fmt.Errorf("unknown status line %q", line)
			}
		case strings.HasPrefix(line, "v ") || line == "v":
			lits, err := parseLits(strings.Fields(line[1:]))
			if err != nil {
				return ans, err
			}
			ans.lits = append(ans.lits, lits...)
		}
	}
	return ans, sc.Err()
}

// parseResultFile reads MiniSat's result file: "SAT" and a model line,
// "UNSAT", or "INDET".
func parseResultFile(data []byte) (answer, error) {
	var ans answer
	fs := strings.Fields(string(data))
	if len(fs) == 0 {
		return ans, errors.New("empty result file")
	}
	ans.seen = true
	switch fs[0] {
	case "SAT":
		ans.status = sat.Sat
		lits, err := parseLits(fs[1:])
		if err != nil {
			return ans, err
		}
		ans.lits = lits
	case "UNSAT":
		ans.status = sat.Unsat
	case "INDET":
	default:
		return ans, fmt.Errorf("result file starts with %q", fs[0])
	}
	return ans, nil
}

func parseLits(fs []string) ([]int, error) {
	lits := make([]int, 0, len(fs))
	for _, f := range fs {
		l, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("bad model literal %q", f)
		}
		if l != 0 {
			lits = append(lits, l)
		}
	}
	return lits, nil
}

// parseStats reads the effort counters from a binary's output (see the
// package comment): lines of an optional "c ", a counter's name, a colon
// and its value. (No package-level regexp: compiling one would cost every
// start of the program.)
func parseStats(out []byte) sat.Stats {
	st, seen := sat.Stats{}, false
	for line := range strings.SplitSeq(string(out), "\n") {
		line = strings.TrimPrefix(line, "c ")
		name, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		var dst *int64
		switch strings.TrimSpace(name) {
		case "conflicts":
			dst = &st.Conflicts
		case "decisions":
			dst = &st.Decisions
		case "propagations":
			dst = &st.Propagations
		default:
			continue
		}
		fs := strings.Fields(rest)
		if len(fs) == 0 {
			continue
		}
		n, err := strconv.ParseInt(fs[0], 10, 64)
		if err != nil || n < 0 {
			continue // not a count we can use
		}
		*dst, seen = n, true
	}
	if !seen {
		return sat.Uncounted
	}
	return st
}

func (s *Solver) addStats(st sat.Stats) {
	if !s.solved {
		s.stats, s.solved = st, true
		return
	}
	s.stats = s.stats.Add(st)
}

// Stats returns the counters the binary printed, summed over every Solve
// (Uncounted before the first, or when the binary prints none).
func (s *Solver) Stats() sat.Stats {
	if !s.solved {
		return sat.Uncounted
	}
	return s.stats
}
