// Package cubes takes the proof that a shift puzzle has no solution of K
// moves past one machine: it writes the proof obligation of depth K as
// independent cubes in iCNF (the incremental CNF that cube-and-conquer
// solvers read: the clauses, then one "a LITS 0" line per cube), solves a
// shard of the cubes anywhere, and merges the shards' answers into the
// depth's verdict.
//
// A cube is a part of the depth (encshift.Deepener.Parts) with the first
// layer of moves from the start fixed (encshift.Cuber); the cubes of a
// depth cover its models and do not overlap, so the depth is refuted
// exactly when every cube is, and a satisfiable cube is a solution of K
// moves. The file carries the puzzle (in the text format of package
// shift, as comments) and a fingerprint of its clauses and cubes, so a
// shard solver needs nothing else, checks that the clauses are the ones
// the puzzle encodes to (a model then decodes to moves, which are replayed
// before they are believed), and every shard answer names the file it
// answers. Merge accepts the answers only when they are about the same
// file and cover every cube.
//
// The whole workflow, for depth 10 of Reborn on four machines:
//
//	puzzlesat shift cubes --builtin reborn --depth 10 > d10.icnf
//	puzzlesat shift solve --cubes d10.icnf --shard 0/4 --format json > s0.json   # on machine 1, ...
//	puzzlesat shift merge --cubes d10.icnf s0.json s1.json s2.json s3.json
//
// and "shift solve --max-steps 9" (or more cube files) for the depths
// below: together they prove that no solution is shorter than 11 moves.
package cubes

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/encode"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	shift "github.com/puzzlesat/puzzlesat/kinds/shift/model"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/dimacs"
	"github.com/puzzlesat/puzzlesat/shard"
)

// magic is the first line of every cubes file.
const magic = "c puzzlesat shift cubes 1"

// File is a depth's proof obligation: the formula, the cubes and what
// they come from.
type File struct {
	// Name is the puzzle's name; Puzzle its text (shift.Format).
	Name   string
	Puzzle string
	Depth  int
	// Encoding names the CNF encoding (encode/shift).
	Encoding string
	// Fingerprint is "fnv128a:" and the hash of the clause and cube lines:
	// it catches a changed or truncated file, not a forged one, and a
	// cryptographic hash would link crypto's initialisers into every
	// start of puzzlesat.
	Fingerprint string
	Formula     sat.Formula
	Cubes       [][]int
	// Parts names each cube's part.
	Parts []string
}

// Build encodes depth of p with enc and splits it into cubes. The puzzle
// is encoded as its text reads back, so that a shard solver that reads
// the text gets the very same formula.
func Build(p *shift.Puzzle, depth int, enc *encshift.Encoding) (*File, error) {
	if depth < 0 {
		return nil, fmt.Errorf("cubes: depth %d (want ≥ 0)", depth)
	}
	text := shift.Format(p)
	q, err := shift.Parse(p.Name, []byte(text))
	if err != nil {
		return nil, fmt.Errorf("cubes: the puzzle does not read back: %v", err)
	}
	q.Name = p.Name
	f := &File{Name: p.Name, Puzzle: text, Depth: depth, Encoding: enc.Name}
	d, err := encodeDepth(q, depth, enc, &f.Formula)
	if err != nil {
		return nil, err
	}
	if c, ok := d.(encshift.Cuber); ok {
		for _, cube := range c.Cubes(depth) {
			f.Cubes = append(f.Cubes, cube.Assume)
			f.Parts = append(f.Parts, cube.Part)
		}
	} else {
		for _, pt := range d.Parts(depth) {
			f.Cubes = append(f.Cubes, pt.Assume)
			f.Parts = append(f.Parts, pt.Name)
		}
	}
	f.Fingerprint = fingerprint(&f.Formula, f.Cubes)
	return f, nil
}

// encodeDepth writes p's encoding, extended to depth, into a, and asks for
// every part of the depth (which may add the clauses of the start).
func encodeDepth(p *shift.Puzzle, depth int, enc *encshift.Encoding, a encode.Adder) (encshift.Deepener, error) {
	d, err := encshift.NewExtended(enc, p, a, encshift.Options{MaxSteps: depth}, depth)
	if err != nil {
		return nil, err
	}
	if c, ok := d.(encshift.Cuber); ok {
		c.Cubes(depth)
	}
	d.Parts(depth)
	return d, nil
}

// fingerprintScheme names the hash a fingerprint is of.
const fingerprintScheme = "fnv128a:"

// fingerprint hashes the body of the file as Write prints it.
func fingerprint(f *sat.Formula, cubes [][]int) string {
	h := fnv.New128a()
	w := bufio.NewWriter(h)
	writeBody(w, f, cubes)
	w.Flush()
	return fingerprintScheme + hex.EncodeToString(h.Sum(nil))
}

func writeBody(w *bufio.Writer, f *sat.Formula, cubes [][]int) {
	fmt.Fprintf(w, "p inccnf\n")
	for _, c := range f.Clauses {
		writeLits(w, "", c)
	}
	for _, c := range cubes {
		writeLits(w, "a ", c)
	}
}

func writeLits(w *bufio.Writer, prefix string, lits []int) {
	w.WriteString(prefix)
	var buf [24]byte
	for _, l := range lits {
		w.Write(strconv.AppendInt(buf[:0], int64(l), 10))
		w.WriteByte(' ')
	}
	w.WriteString("0\n")
}

// Write prints f in iCNF, its header as comment lines.
func (f *File) Write(out io.Writer) error {
	w := bufio.NewWriter(out)
	fmt.Fprintln(w, magic)
	fmt.Fprintf(w, "c name %s\n", f.Name)
	fmt.Fprintf(w, "c depth %d\n", f.Depth)
	fmt.Fprintf(w, "c encoding %s\n", f.Encoding)
	fmt.Fprintf(w, "c cubes %d\n", len(f.Cubes))
	fmt.Fprintf(w, "c fingerprint %s\n", f.Fingerprint)
	for i := 0; i < len(f.Parts); {
		j := i
		for j < len(f.Parts) && f.Parts[j] == f.Parts[i] {
			j++
		}
		fmt.Fprintf(w, "c part %s %d %d\n", f.Parts[i], i, j-i)
		i = j
	}
	for _, l := range strings.Split(strings.TrimRight(f.Puzzle, "\n"), "\n") {
		fmt.Fprintf(w, "c puzzle %s\n", l)
	}
	writeBody(w, &f.Formula, f.Cubes)
	return w.Flush()
}

// Read parses a cubes file and checks its fingerprint.
func Read(r io.Reader) (*File, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	f := &File{Depth: -1}
	line := 0
	errf := func(format string, args ...any) error {
		return fmt.Errorf("cubes: line %d: %s", line, fmt.Sprintf(format, args...))
	}
	// count reads a header number, which is never negative.
	count := func(what, val string) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return 0, errf("bad %s %q", what, val)
		}
		return n, nil
	}
	var puzzle []string
	declared := -1
	var err error
	inBody := false
	for sc.Scan() {
		line++
		t := sc.Text()
		if line == 1 && t != magic {
			return nil, errf("not a puzzlesat cubes file (want %q first)", magic)
		}
		if strings.HasPrefix(t, "c") && (len(t) == 1 || t[1] == ' ') {
			if inBody {
				continue
			}
			key, val, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(t, "c"), " "), " ")
			switch key {
			case "name":
				f.Name = val
			case "depth":
				if f.Depth, err = count("depth", val); err != nil {
					return nil, err
				}
			case "encoding":
				f.Encoding = val
			case "cubes":
				if declared, err = count("cube count", val); err != nil {
					return nil, err
				}
			case "fingerprint":
				f.Fingerprint = val
			case "part":
				var name string
				var from, n int
				if k, err := fmt.Sscanf(val, "%s %d %d", &name, &from, &n); err != nil || k != 3 || from != len(f.Parts) || n < 1 {
					return nil, errf("bad part line %q", val)
				}
				for i := 0; i < n; i++ {
					f.Parts = append(f.Parts, name)
				}
			case "puzzle":
				puzzle = append(puzzle, val)
			}
			continue
		}
		if t == "p inccnf" {
			if inBody {
				return nil, errf("second header")
			}
			inBody = true
			continue
		}
		if !inBody {
			return nil, errf("want \"p inccnf\" before clauses")
		}
		isCube := strings.HasPrefix(t, "a ")
		lits, err := dimacs.ParseLits(strings.TrimPrefix(t, "a "))
		if err != nil {
			return nil, errf("%v", err)
		}
		if isCube {
			f.Cubes = append(f.Cubes, lits)
		} else {
			if len(f.Cubes) > 0 {
				return nil, errf("clause after a cube")
			}
			f.Formula.AddClause(lits...)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cubes: %v", err)
	}
	switch {
	case !inBody:
		return nil, errors.New("cubes: no \"p inccnf\" line")
	case f.Depth < 0 || f.Encoding == "" || f.Fingerprint == "" || len(puzzle) == 0:
		return nil, errors.New("cubes: the header lacks the depth, encoding, fingerprint or puzzle")
	case declared != len(f.Cubes):
		return nil, fmt.Errorf("cubes: %d cubes, the header says %d (truncated?)", len(f.Cubes), declared)
	case len(f.Parts) != len(f.Cubes):
		return nil, fmt.Errorf("cubes: the part lines name %d cubes, the file has %d", len(f.Parts), len(f.Cubes))
	}
	f.Puzzle = strings.Join(puzzle, "\n") + "\n"
	if !strings.HasPrefix(f.Fingerprint, fingerprintScheme) {
		return nil, fmt.Errorf("cubes: the fingerprint %s is not of the %s scheme this puzzlesat writes (write the cubes again with shift cubes)", f.Fingerprint, strings.TrimSuffix(fingerprintScheme, ":"))
	}
	if got := fingerprint(&f.Formula, f.Cubes); got != f.Fingerprint {
		return nil, fmt.Errorf("cubes: the clauses and cubes hash to %s, the header says %s (the file was changed)", got, f.Fingerprint)
	}
	return f, nil
}

// decoder reads the file's puzzle back, encodes it again and checks that
// it gives the file's clauses and cubes, so that models decode to moves.
func (f *File) decoder() (*shift.Puzzle, encshift.Deepener, error) {
	p, err := shift.Parse(f.Name, []byte(f.Puzzle))
	if err != nil {
		return nil, nil, fmt.Errorf("cubes: the file's puzzle: %v", err)
	}
	p.Name = f.Name
	enc, err := encshift.Lookup(f.Encoding)
	if err != nil {
		return nil, nil, fmt.Errorf("cubes: %v", err)
	}
	var again sat.Formula
	d, err := encodeDepth(p, f.Depth, enc, &again)
	if err != nil {
		return nil, nil, err
	}
	if fingerprint(&again, f.Cubes) != f.Fingerprint {
		return nil, nil, errors.New("cubes: the file's clauses are not what its puzzle encodes to (another version of puzzlesat?)")
	}
	return p, d, nil
}

// Status of a shard or of a merged depth.
const (
	// Refuted: every cube answered is unsatisfiable (for a merge: every
	// cube of the file, so the depth has no solution).
	Refuted = "refuted"
	// Solved: a cube is satisfiable; Moves is a solution of Depth moves.
	Solved = "solved"
	// Unknown: stopped before every cube was answered.
	Unknown = "unknown"
	// Incomplete (merge only): some cubes have no answer.
	Incomplete = "incomplete"
)

// Answer is one cube's answer.
type Answer struct {
	Cube   int     `json:"cube"`
	Part   string  `json:"part"`
	Status string  `json:"status"`
	MS     float64 `json:"ms"`
}

// ShardResult is what a shard solver reports; Merge reads it back.
type ShardResult struct {
	Name        string   `json:"name"`
	Depth       int      `json:"depth"`
	Fingerprint string   `json:"fingerprint"`
	Cubes       int      `json:"cubes"`
	Shard       string   `json:"shard"`
	Solver      string   `json:"solver"`
	Status      string   `json:"status"`
	Moves       []string `json:"moves"`
	MS          float64  `json:"ms"`
	Answers     []Answer `json:"answers"`
}

// SolveShard answers the shard's cubes in turn on one solver (the
// file's clauses loaded once; an incremental back-end keeps what it
// learns from cube to cube, others get the clauses again per cube). It
// stops at the first satisfiable cube, whose model is decoded and
// replayed, or when ctx ends (status Unknown, the answers so far kept).
func SolveShard(ctx context.Context, f *File, sh shard.Shard, newSolver func() (sat.Solver, error)) (*ShardResult, error) {
	p, d, err := f.decoder()
	if err != nil {
		return nil, err
	}
	s, err := newSolver()
	if err != nil {
		return nil, err
	}
	sat.Load(s, &f.Formula)
	res := &ShardResult{Name: f.Name, Depth: f.Depth, Fingerprint: f.Fingerprint, Cubes: len(f.Cubes),
		Shard: sh.String(), Solver: s.Name(), Status: Refuted, Moves: []string{}, Answers: []Answer{}}
	t0 := time.Now()
	defer func() { res.MS = millis(time.Since(t0)) }()
	for i, cube := range f.Cubes {
		if !sh.Has(i) {
			continue
		}
		tc := time.Now()
		st, err := s.Solve(ctx, cube...)
		if err != nil || st == sat.Unknown {
			res.Status = Unknown
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			return res, fmt.Errorf("cubes: cube %d: %w", i, err)
		}
		res.Answers = append(res.Answers, Answer{Cube: i, Part: f.Parts[i], Status: st.String(), MS: millis(time.Since(tc))})
		if st == sat.Sat {
			moves, err := d.Decode(s.Model(), f.Depth)
			if err != nil {
				return res, fmt.Errorf("cubes: cube %d: %w", i, err)
			}
			names, err := replay(p, moves, f.Depth)
			if err != nil {
				return res, fmt.Errorf("cubes: cube %d: the model's moves: %v", i, err)
			}
			res.Status, res.Moves = Solved, names
			return res, nil
		}
	}
	return res, nil
}

// replay checks that moves are k moves from p's start to a goal state and
// returns their names.
func replay(p *shift.Puzzle, moves []int, k int) ([]string, error) {
	if len(moves) != k {
		return nil, fmt.Errorf("%d moves, want %d", len(moves), k)
	}
	names := make([]string, len(moves))
	for i, m := range moves {
		if m < 0 || m >= len(p.Moves) {
			return nil, fmt.Errorf("move index %d out of range", m)
		}
		names[i] = p.Moves[m].Name
	}
	states, err := p.Replay(names)
	if err != nil {
		return nil, err
	}
	if !p.IsGoal(states[len(states)-1]) {
		return nil, errors.New("they do not reach a goal state")
	}
	return names, nil
}

// Verdict is the merged answer for a depth.
type Verdict struct {
	Name   string `json:"name"`
	Depth  int    `json:"depth"`
	Status string `json:"status"` // Refuted, Solved or Incomplete
	Cubes  int    `json:"cubes"`
	// Refuted counts the cubes answered unsatisfiable.
	Refuted int `json:"refuted"`
	// Missing lists cubes without an answer (Incomplete), at most 100.
	Missing []int    `json:"missing,omitempty"`
	Moves   []string `json:"moves,omitempty"`
	Shards  int      `json:"shards"`
	// MS adds up the shards' solving times.
	MS float64 `json:"ms"`
}

// Merge joins shard answers about f. Every answer must name f (depth,
// fingerprint, cube count) and agree with the other answers for the same
// cube. A satisfiable cube's moves are replayed on f's puzzle before the
// depth counts as Solved; otherwise the depth is Refuted only when every
// cube is unsatisfiable.
func Merge(f *File, results []*ShardResult) (*Verdict, error) {
	p, err := shift.Parse(f.Name, []byte(f.Puzzle))
	if err != nil {
		return nil, fmt.Errorf("cubes: the file's puzzle: %v", err)
	}
	v := &Verdict{Name: f.Name, Depth: f.Depth, Cubes: len(f.Cubes), Shards: len(results)}
	answer := make([]string, len(f.Cubes))
	for ri, r := range results {
		if r.Fingerprint != f.Fingerprint || r.Depth != f.Depth || r.Cubes != len(f.Cubes) {
			return nil, fmt.Errorf("cubes: result %d (shard %s) answers another file (depth %d, %d cubes, %s)", ri+1, r.Shard, r.Depth, r.Cubes, r.Fingerprint)
		}
		v.MS += r.MS
		for _, a := range r.Answers {
			if a.Cube < 0 || a.Cube >= len(f.Cubes) {
				return nil, fmt.Errorf("cubes: result %d: cube %d out of range", ri+1, a.Cube)
			}
			if a.Status != sat.Unsat.String() && a.Status != sat.Sat.String() {
				return nil, fmt.Errorf("cubes: result %d: cube %d: status %q", ri+1, a.Cube, a.Status)
			}
			if answer[a.Cube] != "" && answer[a.Cube] != a.Status {
				return nil, fmt.Errorf("cubes: cube %d is %s in one result and %s in another", a.Cube, answer[a.Cube], a.Status)
			}
			answer[a.Cube] = a.Status
		}
		if r.Status == Solved && v.Moves == nil {
			names := r.Moves
			states, err := p.Replay(names)
			if err != nil || len(names) != f.Depth || !p.IsGoal(states[len(states)-1]) {
				return nil, fmt.Errorf("cubes: result %d claims a solution that does not replay to a goal in %d moves", ri+1, f.Depth)
			}
			v.Moves = names
		}
	}
	for i, a := range answer {
		switch a {
		case sat.Unsat.String():
			v.Refuted++
		case sat.Sat.String():
			if v.Moves == nil {
				return nil, fmt.Errorf("cubes: cube %d is satisfiable but no result gives its solution", i)
			}
		case "":
			if len(v.Missing) < 100 {
				v.Missing = append(v.Missing, i)
			}
		}
	}
	switch {
	case v.Moves != nil:
		v.Status = Solved
		v.Missing = nil // beside the point once a solution is known
	case v.Refuted == len(f.Cubes):
		v.Status = Refuted
	default:
		v.Status = Incomplete
	}
	return v, nil
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
