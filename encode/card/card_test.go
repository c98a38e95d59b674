package card_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/encode/satoracle"
)

// op names one of an Encoding's three functions and its meaning.
type op struct {
	name string
	fn   func(e *card.Encoding) func(encode.Adder, []int, int)
	want func(count, k int) bool
}

var ops = []op{
	{"AtMost", func(e *card.Encoding) func(encode.Adder, []int, int) { return e.AtMost }, func(c, k int) bool { return c <= k }},
	{"AtLeast", func(e *card.Encoding) func(encode.Adder, []int, int) { return e.AtLeast }, func(c, k int) bool { return c >= k }},
	{"Exactly", func(e *card.Encoding) func(encode.Adder, []int, int) { return e.Exactly }, func(c, k int) bool { return c == k }},
}

// variant is an encoding run on one kind of adder: Native behaves
// differently when the adder (or what a Builder forwards to) takes native
// constraints.
type variant struct {
	name string
	enc  *card.Encoding
	// adder wraps a fresh oracle CNF into the adder the encoding writes to.
	adder func(c *satoracle.CNF) encode.Adder
	// small: the oracle's naive native constraints grow exponentially, so
	// the variant is only run on small inputs.
	small bool
}

func plain(c *satoracle.CNF) encode.Adder { return c }

func variants() []variant {
	var vs []variant
	for _, e := range card.All {
		vs = append(vs, variant{e.Name, e, plain, false})
	}
	vs = append(vs,
		variant{"native/capable", card.Native, func(c *satoracle.CNF) encode.Adder { return &nativeCNF{CNF: c} }, true},
		variant{"native/builder", card.Native, func(c *satoracle.CNF) encode.Adder { return encode.NewBuilder(&nativeCNF{CNF: c}) }, true},
	)
	return vs
}

// countTrue is the number of positions of lits true under model.
func countTrue(lits []int, model []bool) int {
	n := 0
	for _, l := range lits {
		v := max(l, -l)
		if model[v] == (l > 0) {
			n++
		}
	}
	return n
}

func inputs(n int) []int {
	lits := make([]int, n)
	for i := range lits {
		lits[i] = i + 1
	}
	return lits
}

// TestProjection checks, for every encoding, n ≤ 8, k in −1..n+1 and each
// operation, that the input assignments extending to a model are exactly
// those satisfying the constraint.
func TestProjection(t *testing.T) {
	eachCase(t, 8, func(t *testing.T, v variant, o op, n, k int) {
		c := satoracle.New(n)
		o.fn(v.enc)(v.adder(c), inputs(n), k)
		for m := range uint(1) << n {
			in, model := satoracle.Assignment(n, m)
			want := o.want(countTrue(inputs(n), model), k)
			if have := c.Sat(in...); have != want {
				t.Fatalf("%s(n=%d, k=%d), inputs %v: satisfiable = %v, want %v", o.name, n, k, in, have, want)
			}
		}
	})
}

// eachCase runs check on every encoding variant (a subtest each), every n
// in 0..maxN, k in −1..n+1 and operation.
func eachCase(t *testing.T, maxN int, check func(t *testing.T, v variant, o op, n, k int)) {
	for _, v := range variants() {
		t.Run(v.name, func(t *testing.T) {
			for n := 0; n <= maxN; n++ {
				for k := -1; k <= n+1; k++ {
					for _, o := range ops {
						check(t, v, o, n, k)
					}
				}
			}
		})
	}
}

// TestGuard checks every encoding under encode.Guard: with the guard false
// every input assignment extends to a model, with it true exactly those
// satisfying the constraint do.
func TestGuard(t *testing.T) {
	eachCase(t, 7, func(t *testing.T, v variant, o op, n, k int) {
		c := satoracle.New(n + 1)
		g := n + 1
		o.fn(v.enc)(encode.Guard(v.adder(c), g), inputs(n), k)
		for m := range uint(1) << n {
			in, model := satoracle.Assignment(n, m)
			want := o.want(countTrue(inputs(n), model), k)
			if have := c.Sat(append(in, -g)...); !have {
				t.Fatalf("%s(n=%d, k=%d), guard false, inputs %v: unsatisfiable", o.name, n, k, in)
			}
			if have := c.Sat(append(in, g)...); have != want {
				t.Fatalf("%s(n=%d, k=%d), guard true, inputs %v: satisfiable = %v, want %v", o.name, n, k, in, have, want)
			}
		}
	})
}

// TestMultiset checks literal lists with repeats and complementary pairs:
// each position counts.
func TestMultiset(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	type list struct {
		vars int
		lits []int
	}
	lists := []list{{1, []int{1, 1}}, {1, []int{1, -1}}, {1, []int{1, -1, 1}}, {2, []int{1, 2, -1, -2}}, {2, []int{2, 2, 2, -1, -1}}}
	for range 40 {
		nv := 1 + r.IntN(4)
		lits := make([]int, 1+r.IntN(8))
		for i := range lits {
			lits[i] = 1 + r.IntN(nv)
			if r.IntN(2) == 0 {
				lits[i] = -lits[i]
			}
		}
		lists = append(lists, list{nv, lits})
	}
	for _, v := range variants() {
		t.Run(v.name, func(t *testing.T) {
			for _, l := range lists {
				for k := -1; k <= len(l.lits)+1; k++ {
					for _, o := range ops {
						c := satoracle.New(l.vars)
						o.fn(v.enc)(v.adder(c), l.lits, k)
						for m := range uint(1) << l.vars {
							in, model := satoracle.Assignment(l.vars, m)
							want := o.want(countTrue(l.lits, model), k)
							if have := c.Sat(in...); have != want {
								t.Fatalf("%s(%v, k=%d), inputs %v: satisfiable = %v, want %v", o.name, l.lits, k, in, have, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestExtremeK checks bounds far outside 0..n, with a complementary pair
// so that cancelling it cannot overflow.
func TestExtremeK(t *testing.T) {
	lits := []int{1, -1, 2, 3}
	tests := []struct {
		op   string
		k    int
		want bool // satisfiable at all
	}{
		{"AtMost", math.MinInt, false}, {"AtMost", math.MaxInt, true},
		{"AtLeast", math.MinInt, true}, {"AtLeast", math.MaxInt, false},
		{"Exactly", math.MinInt, false}, {"Exactly", math.MaxInt, false},
	}
	for _, e := range card.All {
		for _, tt := range tests {
			c := satoracle.New(3)
			i := slices.IndexFunc(ops, func(o op) bool { return o.name == tt.op })
			ops[i].fn(e)(c, lits, tt.k)
			if have := c.Sat(); have != tt.want {
				t.Errorf("%s %s(k=%d): satisfiable = %v, want %v", e.Name, tt.op, tt.k, have, tt.want)
			}
		}
	}
}

// TestLarger samples assignments of 20 inputs, reaching the deeper
// recursion of the trees, networks and recursive at-most-one encodings.
func TestLarger(t *testing.T) {
	const n, samples = 20, 40
	for _, v := range variants() {
		if v.small {
			continue // native constraints are covered by the exhaustive tests
		}
		t.Run(v.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			for _, k := range []int{1, 2, 7, 8, 10, 17, 19} {
				for _, o := range ops {
					c := satoracle.New(n)
					o.fn(v.enc)(v.adder(c), inputs(n), k)
					for range samples {
						// Aim near the bound so both answers occur.
						m := uint(0)
						for _, i := range r.Perm(n)[:max(0, k-1+r.IntN(3))] {
							m |= 1 << i
						}
						in, model := satoracle.Assignment(n, m)
						want := o.want(countTrue(inputs(n), model), k)
						if have := c.Sat(in...); have != want {
							t.Fatalf("%s(n=%d, k=%d), inputs %v: satisfiable = %v, want %v", o.name, n, k, in, have, want)
						}
					}
				}
			}
		})
	}
}

// TestEdgeCounts pins the easy cases, which every encoding writes the same
// way (see the package doc): the empty clause, units, one clause, or
// nothing, and no auxiliary variable.
func TestEdgeCounts(t *testing.T) {
	tests := []struct {
		op      string
		n, k    int
		clauses int
	}{
		{"AtMost", 5, -1, 1}, // impossible: the empty clause
		{"AtMost", 5, 0, 5},  // none: negative units
		{"AtMost", 5, 4, 1},  // not all: one clause
		{"AtMost", 5, 5, 0},  // always true
		{"AtLeast", 5, 1, 1}, // at least one: one clause
		{"AtLeast", 5, 6, 1}, // impossible
		{"Exactly", 5, 5, 5}, // all: positive units
		{"Exactly", 0, 0, 0}, // always true
		{"Exactly", 0, 1, 1}, // impossible
		{"AtMost", 0, -1, 1}, // impossible with no literal
	}
	for _, e := range card.All {
		for _, tt := range tests {
			if vars, clauses := counted(t, e.Name, tt.op, tt.n, tt.k); vars != 0 || clauses != tt.clauses {
				t.Errorf("%s %s n=%d k=%d: have %d aux vars, %d clauses; want 0, %d", e.Name, tt.op, tt.n, tt.k, vars, clauses, tt.clauses)
			}
		}
	}
}

// TestCounts pins exact auxiliary-variable and clause counts. Each was
// derived by hand from the construction, e.g. totalizer at most 3 of 8:
// four pair nodes (2 vars, 3 clauses each), two 4-nodes capped at 4 (4
// vars, 8 clauses each) and 5 root clauses: 16 vars, 33 clauses.
func TestCounts(t *testing.T) {
	tests := []struct {
		enc           string
		op            string
		n, k          int
		vars, clauses int
	}{
		// At most one.
		{"pairwise", "AtMost", 8, 1, 0, 28},
		{"pairwise", "Exactly", 8, 1, 0, 29},
		{"ladder", "AtMost", 8, 1, 7, 20},
		{"ladder", "Exactly", 8, 1, 7, 21},
		{"ladder", "AtLeast", 8, 7, 7, 20},
		{"commander", "AtMost", 8, 1, 3, 18},
		{"commander", "AtMost", 20, 1, 9, 54},
		{"product", "AtMost", 8, 1, 6, 22},
		{"product", "AtMost", 20, 1, 9, 56},
		// General k.
		{"seqcounter", "AtMost", 8, 1, 7, 20},
		{"seqcounter", "AtMost", 8, 3, 21, 46},
		{"seqcounter", "AtLeast", 8, 5, 21, 46},
		{"seqcounter", "Exactly", 8, 3, 21, 79},
		{"totalizer", "AtMost", 4, 1, 4, 9},
		{"totalizer", "AtMost", 8, 1, 12, 25},
		{"totalizer", "AtMost", 8, 3, 16, 33},
		{"totalizer", "AtMost", 8, 5, 14, 27},
		{"totalizer", "Exactly", 8, 3, 16, 64},
		{"totalizer", "Exactly", 8, 4, 16, 64},
		{"cardnet", "AtMost", 8, 1, 20, 34},
		{"cardnet", "AtMost", 8, 3, 32, 51},
		{"cardnet", "Exactly", 8, 3, 32, 98},
		{"cardnet", "AtMost", 20, 3, 98, 156},
		{"native", "Exactly", 8, 3, 16, 64}, // no native adder: totalizer
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/n=%d/k=%d", tt.enc, tt.op, tt.n, tt.k), func(t *testing.T) {
			if vars, clauses := counted(t, tt.enc, tt.op, tt.n, tt.k); vars != tt.vars || clauses != tt.clauses {
				t.Errorf("have %d aux vars, %d clauses; want %d, %d", vars, clauses, tt.vars, tt.clauses)
			}
		})
	}
}

// counted runs op of the encoding called enc on n fresh inputs with bound
// k, and returns the auxiliary variables and the clauses it wrote.
func counted(t *testing.T, enc, opName string, n, k int) (vars, clauses int) {
	t.Helper()
	e, err := card.Lookup(enc)
	if err != nil {
		t.Fatal(err)
	}
	var c count
	c.vars = n
	i := slices.IndexFunc(ops, func(o op) bool { return o.name == opName })
	ops[i].fn(e)(&c, inputs(n), k)
	return c.vars - n, c.clauses
}

// TestCountFormulas checks the closed forms of the classic encodings over
// a range of sizes.
func TestCountFormulas(t *testing.T) {
	for n := 3; n <= 40; n++ {
		for k := 1; k <= n-2; k++ {
			var c count
			c.vars = n
			card.SeqCounter.AtMost(&c, inputs(n), k)
			if want := (n - 1) * k; c.vars-n != want {
				t.Errorf("seqcounter n=%d k=%d: have %d vars, want (n-1)k = %d", n, k, c.vars-n, want)
			}
			if want := 2*n*k + n - 3*k - 1; c.clauses != want {
				t.Errorf("seqcounter n=%d k=%d: have %d clauses, want 2nk+n-3k-1 = %d", n, k, c.clauses, want)
			}
		}
		var p, l count
		card.Pairwise.AtMost(&p, inputs(n), 1)
		if want := n * (n - 1) / 2; p.vars != 0 || p.clauses != want {
			t.Errorf("pairwise n=%d: have %v, want 0 vars, %d clauses", n, &p, want)
		}
		card.Ladder.AtMost(&l, inputs(n), 1)
		if l.vars != n-1 || l.clauses != 3*n-4 {
			t.Errorf("ladder n=%d: have %v, want %d vars, %d clauses", n, &l, n-1, 3*n-4)
		}
	}
}

// TestAMOFallback checks that at-most-one encodings use the totalizer for
// bounds beyond one (and n−1), clause for clause.
func TestAMOFallback(t *testing.T) {
	for _, e := range card.All {
		if !e.AMOOnly {
			continue
		}
		for _, o := range ops {
			for _, k := range []int{2, 3, 4} {
				var have, want count
				o.fn(e)(&have, inputs(8), k)
				o.fn(card.Totalizer)(&want, inputs(8), k)
				if have != want {
					t.Errorf("%s %s(n=8, k=%d): have %v, want the totalizer's %v", e.Name, o.name, k, &have, &want)
				}
			}
		}
	}
}

// TestNative checks what Native hands to a native adder, and when it falls
// back to the totalizer instead.
func TestNative(t *testing.T) {
	tests := []struct {
		name    string
		wrap    func(*nativeCNF) encode.Adder
		op      string
		lits    []int
		k       int
		calls   []nativeCall
		clauses int // clauses written to the adder besides the native calls' own
	}{
		{"at most", func(c *nativeCNF) encode.Adder { return c }, "AtMost", []int{1, 2, 3, 4, 5}, 2,
			[]nativeCall{{[]int{-1, -2, -3, -4, -5}, 3}}, 0},
		{"at least", func(c *nativeCNF) encode.Adder { return c }, "AtLeast", []int{1, -2, 3, 4, 5}, 2,
			[]nativeCall{{[]int{1, -2, 3, 4, 5}, 2}}, 0},
		{"exactly", func(c *nativeCNF) encode.Adder { return c }, "Exactly", []int{1, 2, 3, 4, 5, 6}, 3,
			[]nativeCall{{[]int{1, 2, 3, 4, 5, 6}, 3}, {[]int{-1, -2, -3, -4, -5, -6}, 3}}, 0},
		{"through a builder", func(c *nativeCNF) encode.Adder { return encode.NewBuilder(c) }, "AtMost", []int{1, 2, 3, 4}, 1,
			[]nativeCall{{[]int{-1, -2, -3, -4}, 3}}, 0},
		{"pairs cancelled first", func(c *nativeCNF) encode.Adder { return c }, "AtMost", []int{1, 2, -1, 3, 4, 5}, 3,
			[]nativeCall{{[]int{-2, -3, -4, -5}, 2}}, 0},
		{"easy case stays a clause", func(c *nativeCNF) encode.Adder { return c }, "AtMost", []int{1, 2, 3, 4}, 3,
			nil, 1},
		{"under a guard: totalizer", func(c *nativeCNF) encode.Adder { return encode.Guard(c, 9) }, "AtMost", []int{1, 2, 3, 4}, 1,
			nil, 9},
		{"repeats: totalizer", func(c *nativeCNF) encode.Adder { return c }, "AtMost", []int{1, 2, 3, 3}, 1,
			nil, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &nativeCNF{CNF: satoracle.New(9)}
			i := slices.IndexFunc(ops, func(o op) bool { return o.name == tt.op })
			ops[i].fn(card.Native)(tt.wrap(c), tt.lits, tt.k)
			if !slices.EqualFunc(c.calls, tt.calls, func(a, b nativeCall) bool { return a.k == b.k && slices.Equal(a.lits, b.lits) }) {
				t.Errorf("native calls: have %v, want %v", c.calls, tt.calls)
			}
			if tt.calls == nil && len(c.Clauses) != tt.clauses {
				t.Errorf("have %d clauses, want %d", len(c.Clauses), tt.clauses)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	if err := card.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	ok := *card.Totalizer
	bad := []struct {
		name string
		e    *card.Encoding
	}{
		{"nil", nil},
		{"empty name", &card.Encoding{Doc: "d", AtMost: ok.AtMost, AtLeast: ok.AtLeast, Exactly: ok.Exactly}},
		{"upper-case name", &card.Encoding{Name: "Tot", Doc: "d", AtMost: ok.AtMost, AtLeast: ok.AtLeast, Exactly: ok.Exactly}},
		{"leading digit", &card.Encoding{Name: "2tot", Doc: "d", AtMost: ok.AtMost, AtLeast: ok.AtLeast, Exactly: ok.Exactly}},
		{"dash", &card.Encoding{Name: "seq-counter", Doc: "d", AtMost: ok.AtMost, AtLeast: ok.AtLeast, Exactly: ok.Exactly}},
		{"no doc", &card.Encoding{Name: "x", AtMost: ok.AtMost, AtLeast: ok.AtLeast, Exactly: ok.Exactly}},
		{"no exactly", &card.Encoding{Name: "x", Doc: "d", AtMost: ok.AtMost, AtLeast: ok.AtLeast}},
	}
	for _, b := range bad {
		if err := b.e.Validate(); err == nil {
			t.Errorf("%s: Validate() = nil, want an error", b.name)
		}
	}

	saved := card.All
	defer func() { card.All = saved }()
	card.All = []*card.Encoding{card.Totalizer, card.Pairwise, card.Totalizer}
	if err := card.Validate(); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate name: Validate() = %v, want a 'listed twice' error", err)
	}
	card.All = []*card.Encoding{card.Pairwise}
	if err := card.Validate(); err == nil || !strings.Contains(err.Error(), "default") {
		t.Errorf("no default: Validate() = %v, want a 'default' error", err)
	}
}

func TestLookup(t *testing.T) {
	for _, e := range card.All {
		if have, err := card.Lookup(e.Name); err != nil || have != e {
			t.Errorf("Lookup(%q) = %v, %v; want the encoding", e.Name, have, err)
		}
	}
	if have, err := card.Lookup(""); err != nil || have.Name != card.Default {
		t.Errorf(`Lookup("") = %v, %v; want %s`, have, err, card.Default)
	}
	if _, err := card.Lookup("nosuch"); err == nil || !strings.Contains(err.Error(), "totalizer") {
		t.Errorf(`Lookup("nosuch") error = %v, want one listing the known names`, err)
	}
}

func ExampleEncoding() {
	var f count // any encode.Adder: a solver, a sat.Formula, a Builder
	card.Totalizer.Exactly(&f, []int{1, 2, 3, 4, 5, 6}, 2)
	fmt.Println(&f)
	// Output: 10 vars, 38 clauses
}
