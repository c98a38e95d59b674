package crosscheck_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/sat/gophersat"
)

// backends are the in-process back-ends the sweep tests compare.
var backends = []crosscheck.Backend{{Name: "gini", New: gini.NewSolver}, {Name: "gophersat", New: gophersat.NewSolver}}

// parse reads the puzzles of a corpus file (FILE or FILE#NAME).
func parse(t *testing.T, k *kind.Kind, rel string) []crosscheck.Puzzle {
	t.Helper()
	file, sel, _ := strings.Cut(rel, "#")
	path := testcorpus.Path(file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := k.Parse(path, data, kind.Options{})
	var partial *kind.PartialError
	if err != nil && !(sel != "" && errors.As(err, &partial)) {
		t.Fatal(err) // a bad entry beside the one picked is no matter
	}
	if sel != "" {
		in, err := k.Select(path, data, kind.Options{}, sel)
		if err != nil {
			t.Fatal(err)
		}
		insts = []kind.Instance{in}
	}
	var out []crosscheck.Puzzle
	for _, in := range insts {
		out = append(out, crosscheck.Puzzle{Label: rel + "#" + in.Name(), Inst: in})
	}
	return out
}

// sample is a sample of the corpus of every kind (kind.Corpus.Sample):
// unique and multiple puzzles, with and without a solution of their own.
func sample(t *testing.T) []crosscheck.Puzzle { return sampleOf(t, kinds.Default()) }

// sampleOf is the sample of every grid kind of reg; a kind that names
// none fails t, since no sweep would run it.
func sampleOf(t *testing.T, reg *kinds.Registry) []crosscheck.Puzzle {
	var ps []crosscheck.Puzzle
	for _, k := range reg.List() {
		if k.Corpus == nil || len(k.Corpus.Sample) == 0 {
			t.Errorf("%s names no puzzles for the sweeps (kind.Corpus.Sample)", k.Name)
			continue
		}
		for _, rel := range k.Corpus.Sample {
			ps = append(ps, parse(t, k, rel)...)
		}
	}
	return ps
}

// randomSample draws n random small puzzles of every kind.
func randomSample(t *testing.T, reg *kinds.Registry, n int) []crosscheck.Puzzle {
	var ps []crosscheck.Puzzle
	for ki, k := range reg.List() {
		if k.Random == nil {
			continue
		}
		for i := range n {
			rows, cols := 3+i%3, 4+i%2
			in, err := k.Random(rand.New(rand.NewPCG(uint64(ki), uint64(i))), rows, cols, kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, crosscheck.Puzzle{Label: fmt.Sprintf("random-%s-%d", k.Name, i), Inst: in})
		}
	}
	return ps
}

func sweep(t *testing.T, ps []crosscheck.Puzzle) []crosscheck.Outcome {
	t.Helper()
	out, err := crosscheck.Sweep(context.Background(), ps, crosscheck.SweepOptions{Backends: backends, Trials: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(ps) {
		t.Fatalf("have %d outcomes for %d puzzles", len(out), len(ps))
	}
	return out
}

// TestSweepAgrees: on a sample of the corpus and on random small puzzles
// of every kind the back-ends, the puzzles' own solutions and the human
// solver agree, and the human solver's eliminations are certified.
func TestSweepAgrees(t *testing.T) { sweepAgrees(t, kinds.Default()) }

// TestSweepToyKind: a registry of the toy kind alone (one line) sweeps
// its own sample (kind.Corpus.Sample), unique and multiple, and agrees.
func TestSweepToyKind(t *testing.T) {
	reg, err := kinds.New(toykind.Kind)
	if err != nil {
		t.Fatal(err)
	}
	sweepAgrees(t, reg)
}

func sweepAgrees(t *testing.T, reg *kinds.Registry) {
	ps := append(sampleOf(t, reg), randomSample(t, reg, 6)...)
	statuses := map[string]int{}
	certified := 0
	for i, o := range sweep(t, ps) {
		if o.Label != ps[i].Label {
			t.Errorf("outcome %d is %s, want %s", i, o.Label, ps[i].Label)
		}
		for _, d := range o.Disagreements {
			t.Errorf("%s: %s: %s", o.Label, d.What, d.Detail)
		}
		if !slices.Equal(o.Backends, []string{"gini", "gophersat"}) {
			t.Errorf("%s: compared %v", o.Label, o.Backends)
		}
		statuses[o.Status]++
		certified += o.Certified
	}
	if statuses["unique"] == 0 || statuses["multiple"] == 0 {
		t.Errorf("statuses %v: the sample should hold unique and multiple puzzles", statuses)
	}
	if certified == 0 {
		t.Error("no elimination certified")
	}
	t.Logf("statuses %v, %d eliminations certified", statuses, certified)
}

// brokenEncoding wraps an instance with a wrong encoding.
type brokenEncoding struct {
	kind.Instance
	wrong func(b *encode.Builder, inner func(*encode.Builder) (encode.Layout, error)) (encode.Layout, error)
}

func (x brokenEncoding) Encode(b *encode.Builder) (encode.Layout, error) {
	return x.wrong(b, x.Instance.Encode)
}

// dropping is an Adder that drops the clauses of one length.
type dropping struct {
	encode.Adder
	n int
}

func (d dropping) AddClause(lits ...int) {
	if len(lits) != d.n {
		d.Adder.AddClause(lits...)
	}
}

// TestSweepCatchesBrokenEncodings: an encoding that lets wrong solutions
// through (Juosan without its three-in-a-row clauses) and one that
// excludes the true solution are both disagreements.
func TestSweepCatchesBrokenEncodings(t *testing.T) {
	juosan := parse(t, kinds.Default().MustFind("juosan"), "juosan/6x6_1.juosan")[0]
	sol := juosan.Inst.Solution()
	if sol == nil {
		t.Fatal("6x6_1.juosan carries no solution")
	}
	tests := []struct {
		name  string
		wrong func(*encode.Builder, func(*encode.Builder) (encode.Layout, error)) (encode.Layout, error)
		want  []string // disagreement kinds that must appear
	}{
		{"too weak", func(b *encode.Builder, inner func(*encode.Builder) (encode.Layout, error)) (encode.Layout, error) {
			return inner(encode.NewBuilder(dropping{b, 3}))
		}, []string{"error"}},
		{"too strong", func(b *encode.Builder, inner func(*encode.Builder) (encode.Layout, error)) (encode.Layout, error) {
			lay, err := inner(b)
			if err == nil {
				b.AddClause(-lay.Lits[0][sol[0]]) // the true value of r1c1 is excluded
			}
			return lay, err
		}, []string{"stored solution", "human"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := crosscheck.Puzzle{Label: "broken", Inst: brokenEncoding{juosan.Inst, tc.wrong}}
			o := sweep(t, []crosscheck.Puzzle{p})[0]
			var have []string
			for _, d := range o.Disagreements {
				have = append(have, d.What)
				t.Logf("%s: %s", d.What, d.Detail)
			}
			for _, w := range tc.want {
				if !slices.Contains(have, w) {
					t.Errorf("disagreements %v lack %q", have, w)
				}
			}
		})
	}
}

// TestSweepCatchesUnsoundRule: a rule that eliminates the true value of
// r1c1 is an unsound step, named with its rule.
func TestSweepCatchesUnsoundRule(t *testing.T) {
	p := parse(t, kinds.Default().MustFind("juosan"), "juosan/6x6_1.juosan")[0]
	sol := p.Inst.Solution()
	liar := &human.Rule{Name: "liar", Doc: "eliminates the true value of r1c1", Level: 1,
		Apply: func(pass *human.Pass) []human.Deduction {
			if !pass.Cands[0].Has(sol[0]) || pass.Cands[0].Count() == 1 {
				return nil
			}
			return []human.Deduction{{Elims: []human.Elim{{Var: 0, Value: sol[0]}}, Reason: "because"}}
		}}
	p.Inst = withRules{p.Inst, []*human.Rule{liar}}
	o := sweep(t, []crosscheck.Puzzle{p})[0]
	if o.Agrees() {
		t.Fatal("an unsound rule went unnoticed")
	}
	if len(o.Unsound) != 1 || o.Unsound[0].Rule != "liar" || o.Unsound[0].Counter[0] != sol[0] {
		t.Errorf("unsound rules %+v, want liar with a counter-solution holding r1c1's value", o.Unsound)
	}
	if o.Disagreements[0].What != "unsound" {
		t.Errorf("disagreements %+v, want an unsound one", o.Disagreements)
	}
	// The back-ends themselves agree: only the human side is wrong.
	if o.Status != "unique" {
		t.Errorf("status %s, want unique", o.Status)
	}
}

func TestSweepOptions(t *testing.T) {
	if _, err := crosscheck.Sweep(context.Background(), nil, crosscheck.SweepOptions{}); err == nil {
		t.Error("a sweep without back-ends gave no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := crosscheck.Sweep(ctx, sample(t)[:2], crosscheck.SweepOptions{Backends: backends}); err == nil {
		t.Error("a cancelled sweep gave no error")
	}
}
