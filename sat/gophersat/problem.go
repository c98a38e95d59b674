package gophersat

import (
	"fmt"

	"github.com/crillab/gophersat/solver"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
)

// request is one solve, sent to a worker: the whole problem, with the
// assumptions as unit clauses.
type request struct {
	Vars    int
	Clauses [][]int
	Units   []int
	Cards   []Card
	Certify bool
}

// response is a worker's answer. Model is indexed by variable (0 unused).
// Stats is the search's effort: gophersat counts conflicts and decisions,
// not propagations.
type response struct {
	Status int
	Model  []bool
	Cert   [][]int
	Err    string
	Stats  sat.Stats
}

// noSearch is the effort of an answer found before any search.
var noSearch = sat.Stats{Propagations: sat.NotCounted}

// solveRequest runs one fresh gophersat solver on req. It must only run in a
// worker process, one call at a time (gophersat shares a package-level
// buffer between solvers).
func solveRequest(req *request) (resp response) {
	defer func() {
		if r := recover(); r != nil {
			resp = response{Err: fmt.Sprintf("gophersat panicked: %v", r)}
		}
	}()
	// Unsatisfiable before any search: an empty clause or an impossible
	// cardinality constraint. The certificate is the empty clause alone,
	// which holds by unit propagation on a formula holding the empty clause.
	for _, c := range req.Clauses {
		if len(c) == 0 {
			return unsat(req.Certify, nil)
		}
	}
	for _, c := range req.Cards {
		if c.AtLeast > len(c.Lits) {
			return unsat(req.Certify, nil)
		}
	}
	clauses := make([][]int, 0, len(req.Clauses)+len(req.Units))
	for _, c := range req.Clauses {
		if nc, taut := normalizeClause(c); !taut {
			clauses = append(clauses, nc)
		}
	}
	for _, u := range req.Units {
		clauses = append(clauses, []int{u})
	}

	var pb *solver.Problem
	if len(req.Cards) == 0 {
		pb = solver.ParseSliceNb(clauses, req.Vars)
	} else {
		pb = solver.ParseCardConstrs(cardProblem(req.Vars, clauses, req.Cards))
	}
	s := solver.New(pb)

	var cert []string
	var collected chan struct{}
	if req.Certify {
		// gophersat sends each learnt clause on CertChan from inside Solve:
		// drain it concurrently or the search blocks.
		s.Certified = true
		s.CertChan = make(chan string, 1024)
		collected = make(chan struct{})
		go func() {
			for line := range s.CertChan {
				cert = append(cert, line)
			}
			close(collected)
		}()
	}
	st := s.Solve()
	if req.Certify {
		close(s.CertChan) // sent only from this goroutine, and Solve is done
		<-collected
	}
	effort := sat.Stats{
		Conflicts:    int64(s.Stats.NbConflicts),
		Decisions:    int64(s.Stats.NbDecisions),
		Propagations: sat.NotCounted,
	}

	switch st {
	case solver.Sat:
		m := make([]bool, req.Vars+1)
		for i, b := range s.Model() {
			if i+1 <= req.Vars {
				m[i+1] = b
			}
		}
		return response{Status: int(sat.Sat), Model: m, Stats: effort}
	case solver.Unsat:
		resp := unsat(req.Certify, cert)
		resp.Stats = effort
		return resp
	}
	return response{Err: fmt.Sprintf("gophersat returned status %v", st)}
}

// unsat builds an Unsat response; with certify, the certificate is the
// learnt clauses in order, ending with exactly one empty clause.
func unsat(certify bool, lines []string) response {
	resp := response{Status: int(sat.Unsat), Stats: noSearch}
	if !certify {
		return resp
	}
	cert := make([][]int, 0, len(lines)+1)
	for _, line := range lines {
		c, err := parseCertLine(line)
		if err != nil {
			return response{Err: err.Error()}
		}
		cert = append(cert, c)
		if len(c) == 0 {
			break
		}
	}
	if len(cert) == 0 || len(cert[len(cert)-1]) != 0 {
		cert = append(cert, []int{})
	}
	resp.Cert = cert
	return resp
}

// parseCertLine reads one certificate line, "l1 l2 ... 0".
func parseCertLine(line string) ([]int, error) {
	c, err := dimacs.ParseLits(line)
	if err != nil {
		return nil, fmt.Errorf("gophersat certificate: malformed line %q", line)
	}
	return c, nil
}

// normalizeClause drops repeated literals and reports tautologies, which
// gophersat's watch lists are not written for.
func normalizeClause(c []int) (out []int, tautology bool) {
	out = make([]int, 0, len(c))
next:
	for _, l := range c {
		for _, m := range out {
			if m == l {
				continue next
			}
			if m == -l {
				return nil, true
			}
		}
		out = append(out, l)
	}
	return out, false
}

// cardProblem turns clauses and cardinality constraints into gophersat
// cardinality constraints that avoid two traps:
//
//   - The cardinality parser simplifies with the unit clauses it sees and
//     then counts one true literal again and again, so "at least 2 of
//     {x1,x2,x3}" with x1 fixed true is dropped as satisfied. So no unit ever
//     reaches it: each unit literal l (from a unit clause or from a
//     constraint whose every literal must hold) becomes the pair of binary
//     clauses (l ∨ d), (l ∨ ¬d) over one fresh variable d, and the search,
//     not the parser, derives l.
//   - A constraint naming one variable twice (x twice, or x and ¬x) is not
//     something gophersat's watches are written for. Each repeat of a
//     variable in one constraint is replaced by a fresh copy c, tied to it by
//     c ↔ v, so every constraint names distinct variables.
func cardProblem(vars int, clauses [][]int, cards []Card) []solver.CardConstr {
	next := vars
	fresh := func() int { next++; return next }
	var out []solver.CardConstr
	d := 0
	unit := func(l int) {
		if d == 0 {
			d = fresh()
		}
		out = append(out, solver.AtLeast1(l, d), solver.AtLeast1(l, -d))
	}
	for _, c := range clauses {
		if len(c) == 1 {
			unit(c[0])
			continue
		}
		out = append(out, solver.AtLeast1(c...))
	}
	for _, c := range cards {
		if c.AtLeast <= 0 {
			continue // always true
		}
		seen := make(map[int]bool, len(c.Lits))
		lits := make([]int, 0, len(c.Lits))
		for _, l := range c.Lits {
			v := abs(l)
			if seen[v] {
				cp := fresh()
				out = append(out, solver.AtLeast1(-cp, v), solver.AtLeast1(cp, -v))
				if l < 0 {
					cp = -cp
				}
				l = cp
			}
			seen[v] = true
			lits = append(lits, l)
		}
		if c.AtLeast == len(lits) {
			for _, l := range lits {
				unit(l)
			}
			continue
		}
		out = append(out, solver.CardConstr{Lits: lits, AtLeast: c.AtLeast})
	}
	return out
}
