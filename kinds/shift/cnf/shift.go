// Package cnf encodes shift puzzles (see kinds/shift/model for the model)
// into CNF for incremental deepening: the encoding grows one move at a
// time, and the assumptions of depth k make its models exactly the
// solutions of k moves (up to the canonical-form restrictions below, which
// keep at least one solution of every optimal length), so one solver
// answers k = 0, 1, 2, ... and the first Sat is an optimum.
//
// States are one-hot per cell: x[c][v] is true when cell c holds value v.
// The encodings (see All) differ in how states are linked:
//
//   - "onehot": one state per move, from the start. Step t picks exactly
//     one move y[t][m]; per move, cell and value, y[t][m] implies
//     x[t][c][v] ⇔ x[t-1][Src_m(c)][v] (the frame axioms are the cells a
//     move leaves in place). The minimal non-canonical move words of
//     shift.Canon (inverse pairs, a 3-cycle turned twice, commuting moves
//     out of order) are excluded. Depth k assumes "state k is a goal".
//   - "source": as onehot, but linked through a one-hot choice of the cell
//     each token comes from, z[t][c][s] ⇔ ∨{y[t][m] : Src_m(c) = s}, plus
//     support clauses (a value on a cell came from one of its possible
//     sources and goes to one of its possible destinations), which
//     propagate before the move is known.
//   - "layers" (the default): a parallel-plan encoding with one state per
//     layer of commuting moves. Moves come in families (a column's up and
//     down; a row's left and right) and families moving disjoint cells
//     form a layer type (all columns; all rows). A layer applies one power
//     of every family of its type at once (a column: stay, up or down; a
//     row: any rotation) and layers alternate types, so the order of
//     commuting moves and redundant repeats are gone by construction, and
//     a solution of k moves needs far fewer than k states. It is indexed
//     from the goal: state 0 is a goal state (unconditionally), a running
//     unary sum counts the moves from the goal outwards (a totalizer node
//     per layer), and depth k assumes the start at the outermost layer it
//     needs and "exactly k moves". Lemmas about states near the goal stay
//     valid at every later depth. Depth k splits into 2k parts by the
//     number of non-empty layers (Deepener.Parts), which a solver refutes
//     faster one by one than all at once, and which can run side by side;
//     a part splits again into middle cases (Part.Middle: where the
//     pivot value's tokens are half way), which an incremental solver
//     refutes in turn, and into cubes by its first layer from the start
//     (Cuber), which any machine can refute on its own.
//
// The goal is compiled as a table of the goal arrangements when there are
// few, factored into independent blocks of cells when the arrangements are
// a product (Reborn: each grid is one of 8 Lo Shu squares, 64 in all): per
// block a selector per projection, at least one selected, and per cell and
// value "this value here implies a projection with it here". Otherwise it
// is compiled from its constraints: units for target cells, a partial-sum
// ladder (an MDD) per sum, at-most-one per value per distinct line.
package cnf

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/encode"
	model "github.com/puzzlesat/puzzlesat/kinds/shift/model"
)

// Encoding is one named way to encode the steps.
type Encoding struct {
	Name string
	Doc  string
	new  func(b *base) Deepener
}

// All lists the encodings, explicitly.
var All = []*Encoding{
	{Name: "onehot", Doc: "one state per move; per move, per cell, per value frame axioms",
		new: func(b *base) Deepener { return newSteps(b, false) }},
	{Name: "source", Doc: "one state per move; a one-hot source cell per cell, with support clauses",
		new: func(b *base) Deepener { return newSteps(b, true) }},
	{Name: "layers", Doc: "one state per layer of commuting moves (parallel plan); a running unary count of the moves",
		new: func(b *base) Deepener { return newLayers(b) }},
}

// Default is the encoding used when none is named.
const Default = "layers"

// Lookup returns the encoding called name ("" means Default).
func Lookup(name string) (*Encoding, error) {
	if e, ok := encode.LookupNamed(All, encodingName, name, Default); ok {
		return e, nil
	}
	return nil, fmt.Errorf("unknown shift encoding %q (have %s)", name, strings.Join(Names(), ", "))
}

// Names lists the encodings' names in order.
func Names() []string { return encode.Names(All, encodingName) }

func encodingName(e *Encoding) string { return e.Name }

// Deepener is an encoding in progress on one Adder.
type Deepener interface {
	// Extend makes solutions of k moves expressible. It is called with
	// k = 0, 1, 2, ... in order, before Assume(k).
	Extend(k int)
	// Assume returns the assumptions under which the models are the
	// solutions of exactly k moves (k ≤ the last Extend), up to the
	// canonical-form restrictions, which keep at least one solution of
	// every optimal length.
	Assume(k int) []int
	// Parts splits depth k into cases solved separately: the models
	// under Assume(k) are the disjoint union of the models under the
	// parts' assumptions (each part includes Assume(k)). Encodings that do
	// not split return one part, Assume(k). The parts of a depth are the
	// same, literal for literal, on every encoding extended the same way.
	Parts(k int) []Part
	// Decode returns the move indices of a model found under Assume(k).
	Decode(model []bool, k int) ([]int, error)
	// Clauses is the number of clauses written so far.
	Clauses() int
	// Vars is the number of variables allocated so far.
	Vars() int
}

// Part is one case of a depth: Assume holds the depth's assumptions and
// the case's own.
type Part struct {
	Name   string
	Assume []int
	// Middle, when not empty, divides the part into cases that an
	// incremental solver refutes in turn, keeping what it learns: the part
	// is Assume plus any one entry, the entries cover it and do not
	// overlap. The layers encoding splits by where the tokens of the most
	// constrained value (Reborn: the two 5s, which end on the centres) are
	// in the part's middle state, a meet in the middle: each case has
	// both halves of the path pin those tokens down.
	Middle [][]int
}

// Options tune an encoding. Zero values mean the defaults.
type Options struct {
	// Window is the longest forbidden move word excluded by the
	// one-state-per-move encodings (1..4, default 3).
	Window int
	// GoalTable is the most goal arrangements compiled as a table (default
	// 4096); beyond it the goal constraints are compiled instead. Negative:
	// never use a table.
	GoalTable int
	// MaxSteps is the deepest depth the "layers" encoding is extended to
	// (its move counter saturates just above it); default 60.
	MaxSteps int
	// NoMiddle leaves Part.Middle empty (to measure what it brings).
	NoMiddle bool
}

// New starts encoding p with enc on a; state 0 is the start.
func New(enc *Encoding, p *model.Puzzle, a encode.Adder, opt Options) (Deepener, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b, err := newBase(p, a, opt)
	if err != nil {
		return nil, err
	}
	return enc.new(b), nil
}

// NewExtended is New followed by Extend(0) … Extend(k): every depth up to
// k encoded at once, for a question about depth k alone.
func NewExtended(enc *Encoding, p *model.Puzzle, a encode.Adder, opt Options, k int) (Deepener, error) {
	d, err := New(enc, p, a, opt)
	if err != nil {
		return nil, err
	}
	for i := 0; i <= k; i++ {
		d.Extend(i)
	}
	return d, nil
}

// base holds what every encoding shares: the counting sink, the values and
// the goal compiler.
type base struct {
	p      *model.Puzzle
	a      encode.Adder
	opt    Options
	nv     int
	goals  [][]int // goal arrangements for the table; nil: compile constraints
	blocks []goalBlock
	vals   []int // integer values, for sums

	vars, clauses int
}

func newBase(p *model.Puzzle, a encode.Adder, opt Options) (*base, error) {
	if opt.Window == 0 {
		opt.Window = 3
	}
	if opt.GoalTable == 0 {
		opt.GoalTable = 4096
	}
	if opt.MaxSteps == 0 {
		opt.MaxSteps = 60
	}

	b := &base{p: p, opt: opt, nv: len(p.Values)}
	b.a = &counting{a, b}
	if opt.GoalTable > 0 {
		if gs, ok := p.GoalStates(opt.GoalTable, 2_000_000); ok {
			b.goals = gs
			b.blocks = factorGoals(p, gs)
		}
	}
	if b.goals == nil && len(p.Goal.Sums) > 0 {
		vals, err := p.IntValues()
		if err != nil {
			return nil, err
		}
		b.vals = vals
	}
	return b, nil
}

// counting counts variables and clauses on their way to the real sink.
type counting struct {
	encode.Adder
	b *base
}

func (c *counting) AddClause(lits ...int) { c.b.clauses++; c.Adder.AddClause(lits...) }
func (c *counting) NewVar() int           { c.b.vars++; return c.Adder.NewVar() }

func (b *base) Clauses() int { return b.clauses }
func (b *base) Vars() int    { return b.vars }

// newState allocates one-hot value literals for every cell; share[c] ≥ 0
// reuses the literals of an earlier state for cell c instead.
func (b *base) newCell() []int {
	lits := make([]int, b.nv)
	for v := range lits {
		lits[v] = b.a.NewVar()
	}
	b.exactlyOne(lits)
	return lits
}

func (b *base) exactlyOne(lits []int) {
	b.a.AddClause(lits...)
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			b.a.AddClause(-lits[i], -lits[j])
		}
	}
}

// startState allocates state 0 and fixes it to the start.
func (b *base) startState() [][]int {
	st := make([][]int, b.p.NumCells())
	for c := range st {
		st[c] = b.newCell()
		b.a.AddClause(st[c][b.p.Start[c]])
	}
	return st
}

// link writes "under sel, cell c of cur holds what cell s of prev held".
func (b *base) link(sel int, prev, cur [][]int, s, c int) {
	for v := range cur[c] {
		b.a.AddClause(-sel, -prev[s][v], cur[c][v])
		b.a.AddClause(-sel, prev[s][v], -cur[c][v])
	}
}

// support writes, for cell c of state st, "a value on c is on one of
// cells in state other": with st the later state, a token came from one of
// its sources; with st the earlier one, it goes to one of its destinations.
func (b *base) support(st, other [][]int, c int, cells []int) {
	for v := range st[c] {
		cl := []int{-st[c][v]}
		for _, x := range cells {
			cl = append(cl, other[x][v])
		}
		b.a.AddClause(cl...)
	}
}

// goal returns a fresh literal g with g → (st is a goal state).
func (b *base) goal(st [][]int) int {
	g := b.a.NewVar()
	ga := encode.Guard(b.a, g)
	if b.goals != nil {
		b.goalTable(ga, st)
	} else {
		b.goalConstraints(ga, st)
	}
	return g
}

// goalTable: the goal arrangements, factored into independent blocks of
// cells when the set of arrangements is a product (Reborn: grid A is one
// of 8 Lo Shu squares and grid B one of 8, 64 arrangements in all). Per
// block, one selector per projection, at least one selected; a selected
// projection fixes its cells, and per cell and value, the value implies
// one of the projections that has it there, which propagates from
// partial states.
func (b *base) goalTable(ga encode.Adder, st [][]int) {
	for _, blk := range b.blocks {
		sel := make([]int, len(blk.proj))
		for i := range sel {
			sel[i] = ga.NewVar()
		}
		ga.AddClause(sel...)
		for i, pr := range blk.proj {
			for k, c := range blk.cells {
				b.a.AddClause(-sel[i], st[c][pr[k]])
			}
		}
		for k, c := range blk.cells {
			for v := 0; v < b.nv; v++ {
				cl := []int{-st[c][v]}
				for i, pr := range blk.proj {
					if pr[k] == v {
						cl = append(cl, sel[i])
					}
				}
				ga.AddClause(cl...)
			}
		}
	}
}

// goalBlock is a set of cells and the distinct projections of the goal
// arrangements on them.
type goalBlock struct {
	cells []int
	proj  [][]int
}

// factorGoals splits the cells into the blocks that the goal constraints
// connect and keeps the split when the goal arrangements are exactly the
// product of their projections; otherwise one block holds every cell.
func factorGoals(p *model.Puzzle, goals [][]int) []goalBlock {
	n := p.NumCells()
	groups := slices.Clone(p.Goal.Distinct)
	for _, s := range p.Goal.Sums {
		groups = append(groups, s.Cells)
	}
	var blocks []goalBlock
	for _, cells := range model.Partition(n, groups) {
		blocks = append(blocks, goalBlock{cells: cells})
	}
	product := 1.0
	for i := range blocks {
		seen := map[string]bool{}
		for _, g := range goals {
			pr := make([]int, len(blocks[i].cells))
			key := make([]byte, len(pr))
			for k, c := range blocks[i].cells {
				pr[k] = g[c]
				key[k] = byte(g[c])
			}
			if !seen[string(key)] {
				seen[string(key)] = true
				blocks[i].proj = append(blocks[i].proj, pr)
			}
		}
		product *= float64(len(blocks[i].proj))
	}
	if product == float64(len(goals)) {
		return blocks
	}
	all := goalBlock{cells: make([]int, n), proj: goals}
	for c := range all.cells {
		all.cells[c] = c
	}
	return []goalBlock{all}
}

// goalConstraints compiles the goal from its constraints.
func (b *base) goalConstraints(ga encode.Adder, st [][]int) {
	g := b.p.Goal
	for c, v := range g.Target {
		if v != model.Any {
			ga.AddClause(st[c][v])
		}
	}
	for _, d := range g.Distinct {
		for v := 0; v < b.nv; v++ {
			for i := range d {
				for j := i + 1; j < len(d); j++ {
					ga.AddClause(-st[d[i]][v], -st[d[j]][v])
				}
			}
		}
	}
	for _, s := range g.Sums {
		b.sumLadder(ga, st, s)
	}
}

// sumLadder encodes Σ value(cell) = Total with partial-sum variables:
// p[i][s] means "the first i cells add up to s". Only partial sums from
// which Total is still reachable get a variable (an MDD of the sum).
func (b *base) sumLadder(ga encode.Adder, st [][]int, s model.Sum) {
	lo, hi := b.vals[0], b.vals[0]
	for _, v := range b.vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	k := len(s.Cells)
	layers := make([]map[int]int, k+1)
	layers[0] = map[int]int{0: 0} // 0: the constant true
	for i := 0; i < k; i++ {
		layers[i+1] = map[int]int{}
		left := k - i - 1
		for sum := range layers[i] {
			for _, v := range b.vals {
				ns := sum + v
				if ns+left*lo <= s.Total && s.Total <= ns+left*hi && (i+1 < k || ns == s.Total) {
					layers[i+1][ns] = 0
				}
			}
		}
	}
	for i := 1; i <= k; i++ {
		for _, sum := range sortedKeys(layers[i]) {
			layers[i][sum] = ga.NewVar()
		}
	}
	// p[i][s] ∧ x[c_i][v] → p[i+1][s+v], the clause losing its last
	// literal when s+v is not a useful partial sum.
	for i := 0; i < k; i++ {
		c := s.Cells[i]
		for _, sum := range sortedKeys(layers[i]) {
			from := layers[i][sum]
			for v, val := range b.vals {
				cl := []int{-st[c][v]}
				if from != 0 {
					cl = append(cl, -from)
				}
				if to, ok := layers[i+1][sum+val]; ok {
					cl = append(cl, to)
				}
				ga.AddClause(cl...)
			}
		}
	}
	last, ok := layers[k][s.Total]
	if !ok {
		ga.AddClause() // unsatisfiable under the guard
		return
	}
	ga.AddClause(last)
}

func sortedKeys(m map[int]int) []int {
	ks := make([]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

func litTrue(model []bool, lit int) bool {
	v := lit
	if v < 0 {
		v = -v
	}
	return v < len(model) && model[v] == (lit > 0)
}
