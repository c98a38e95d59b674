package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// quickRun runs the given sets on the in-process back-ends, twice each,
// and returns the Go benchmark format output.
func quickRun(t *testing.T, sets []Set) []byte {
	t.Helper()
	rep, err := Run(context.Background(), sets, []string{"gini", "gophersat"}, RunOptions{Reps: 2})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGo(&buf, rep); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// quickSets are the first n quick sets (bench --quick, in Sets' order:
// by kind) that vary axis ("card" or "shift"), each under encs (nil: the
// first two of the set's own encodings). The kinds are the registry's,
// whichever they are: what these tests hold to is the output, not a kind.
func quickSets(t *testing.T, axis string, n int, encs []string) []Set {
	t.Helper()
	sets, err := Sets(kinds.Default(), "../testdata", true)
	if err != nil {
		t.Fatal(err)
	}
	var out []Set
	for _, s := range sets {
		if s.Axis != axis || len(out) == n {
			continue
		}
		if encs != nil {
			s.Encodings = encs
		} else if len(s.Encodings) > 2 {
			s.Encodings = s.Encodings[:2]
		}
		out = append(out, s)
	}
	if len(out) != n {
		t.Fatalf("have %d quick sets varying %s, want %d", len(out), axis, n)
	}
	return out
}

// smallSets are the first two quick sets of grid kinds, under two
// cardinality encodings.
func smallSets(t *testing.T) []Set {
	return quickSets(t, "card", 2, []string{"totalizer", "ladder"})
}

// TestBenchstatReadsOutput: benchfmt (what benchstat reads with) parses
// every line of our output, names carry the set, encoding and back-end as
// sub-name keys, the deterministic units are declared exact, and times are
// tidied to sec/op.
func TestBenchstatReadsOutput(t *testing.T) {
	sets := smallSets(t)
	var bases []string // a benchmark's base name is its kind's, capitalized
	for _, s := range sets {
		bases = append(bases, strings.ToUpper(s.Kind[:1])+s.Kind[1:])
	}
	out := quickRun(t, sets)
	rd := benchfmt.NewReader(bytes.NewReader(out), "run.txt")
	results, exact := 0, map[string]bool{}
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("benchfmt: %v", rec)
		case *benchfmt.UnitMetadata:
			if rec.Key == "assume" {
				exact[rec.Unit] = rec.Value == "exact"
			}
		case *benchfmt.Result:
			results++
			base, parts := rec.Name.Parts()
			if b := string(base); !slices.Contains(bases, b) {
				t.Errorf("benchmark %s: base name %q, want one of %q", rec.Name, b, bases)
			}
			var keys []string
			for _, p := range parts {
				k, _, _ := strings.Cut(strings.TrimPrefix(string(p), "/"), "=")
				keys = append(keys, k)
			}
			if !slices.Equal(keys, []string{"set", "enc", "solver"}) {
				t.Errorf("benchmark %s: sub-name keys %v, want set, enc, solver", rec.Name, keys)
			}
			if _, ok := rec.Value("sec/op"); !ok {
				t.Errorf("benchmark %s has no sec/op", rec.Name)
			}
			for _, u := range []string{UnitVars, UnitClauses, UnitConflicts, UnitDecisions} {
				if _, ok := rec.Value(u); !ok {
					t.Errorf("benchmark %s has no %s", rec.Name, u)
				}
			}
			if got := rec.GetConfig("goarch"); got == "" {
				t.Errorf("benchmark %s: no goarch configuration", rec.Name)
			}
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	// 2 sets × 2 encodings × 2 back-ends × 2 repeats.
	if results != 16 {
		t.Errorf("have %d results, want 16", results)
	}
	for _, u := range exactUnits {
		if !exact[u] {
			t.Errorf("unit %s is not declared assume=exact", u)
		}
	}
}

// redundant adds to an instance's encoding one clause per unknown that its
// other clauses already imply: "the unknown takes one of its values".
type redundant struct{ kind.Instance }

func (r redundant) Encode(b *encode.Builder) (encode.Layout, error) {
	lay, err := r.Instance.Encode(b)
	for _, lits := range lay.Lits {
		b.AddClause(lits...)
	}
	return lay, err
}

// withRedundantClauses returns sets whose instances are wrapped in
// redundant.
func withRedundantClauses(t *testing.T) []Set {
	t.Helper()
	cases, err := Corpus(kinds.Default(), "../testdata")
	if err != nil {
		t.Fatal(err)
	}
	sets := smallSets(t)
	for i, s := range sets {
		for j, it := range s.Items {
			var c *Case
			for k := range cases {
				if cases[k].Kind == s.Kind && cases[k].Item == it.Name {
					c = &cases[k]
				}
			}
			if c == nil {
				t.Fatalf("no corpus case for %s %s", s.Kind, it.Name)
			}
			sets[i].Items[j] = PuzzleItem(it.Name, it.Size, func(card string) (kind.Instance, error) {
				in, err := c.parse(kind.Options{Card: card})
				return redundant{in}, err
			})
		}
	}
	return sets
}

// TestCompareFlagsRedundantClauses: one redundant clause per cell is a
// clauses/op regression on every benchmark, and the comparison fails;
// once the baseline is rewritten from the new encoding, the same encoding
// passes (its counters are deterministic, and times are never gated).
func TestCompareFlagsRedundantClauses(t *testing.T) {
	base := quickRun(t, smallSets(t))
	changed := quickRun(t, withRedundantClauses(t))
	cmp, err := Compare(bytes.NewReader(base), "base", bytes.NewReader(changed), "changed", DefaultCompareOptions)
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Failed() {
		t.Fatal("a redundant clause per cell passed the comparison")
	}
	benches := map[string]bool{}
	for _, r := range cmp.Rows {
		if r.Unit == UnitClauses {
			benches[r.Bench] = true
			if r.Verdict != Regression || r.New <= r.Old {
				t.Errorf("%s clauses/op: %v → %v, %s; want a regression", r.Bench, r.Old, r.New, r.Verdict)
			}
		}
		if r.Unit == "sec/op" && r.Verdict == Regression {
			t.Errorf("%s: a time was gated", r.Bench)
		}
	}
	if len(benches) != 8 {
		t.Errorf("clauses/op compared on %d benchmarks, want 8", len(benches))
	}
	var text bytes.Buffer
	if err := cmp.Write(&text, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "FAIL:") || !strings.Contains(text.String(), "clauses/op") {
		t.Errorf("the report does not name the failure:\n%s", text.String())
	}

	// The baseline rewritten (make bench-baseline): the same encoding run
	// again passes.
	again := quickRun(t, withRedundantClauses(t))
	cmp, err = Compare(bytes.NewReader(changed), "baseline", bytes.NewReader(again), "again", DefaultCompareOptions)
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Failed() {
		var text bytes.Buffer
		cmp.Write(&text, false)
		t.Errorf("the rewritten baseline fails against a run of the same encoding:\n%s", text.String())
	}
	for _, r := range cmp.Rows {
		if r.Gated && r.Verdict != Same {
			t.Errorf("%s %s: %v → %v (%s): deterministic figures differ between two runs", r.Bench, r.Unit, r.Old, r.New, r.Verdict)
		}
	}
}

// TestCompareVerdicts: the gate on deterministic units by tolerance, times
// reported by significance and never gated, and benchmarks on one side
// only listed without failing.
func TestCompareVerdicts(t *testing.T) {
	const head = "Unit clauses/op assume=exact\nUnit conflicts/op assume=exact\ngoarch: amd64\n"
	old := head +
		"BenchmarkX/set=a 1 100 ns/op 1000 clauses/op 100 conflicts/op\n" +
		"BenchmarkX/set=a 1 101 ns/op 1000 clauses/op 100 conflicts/op\n" +
		"BenchmarkX/set=a 1 102 ns/op 1000 clauses/op 100 conflicts/op\n" +
		"BenchmarkX/set=a 1 100 ns/op 1000 clauses/op 100 conflicts/op\n" +
		"BenchmarkX/set=a 1 101 ns/op 1000 clauses/op 100 conflicts/op\n" +
		"BenchmarkX/set=gone 1 100 ns/op\n"
	tests := []struct {
		name      string
		new       string
		opt       CompareOptions
		verdicts  map[string]string // unit → verdict for BenchmarkX/set=a
		wantFail  bool
		wantExtra []string // verdicts of other rows
	}{
		{"same", strings.ReplaceAll(old, "BenchmarkX/set=gone 1 100 ns/op\n", ""), DefaultCompareOptions,
			map[string]string{"clauses/op": Same, "conflicts/op": Same, "sec/op": NoChange}, false, []string{OnlyOld}},
		{"one more clause fails at 0%", strings.ReplaceAll(old, "1000 clauses", "1001 clauses"), DefaultCompareOptions,
			map[string]string{"clauses/op": Regression, "conflicts/op": Same}, true, nil},
		{"conflicts within 5%", strings.ReplaceAll(old, "100 conflicts", "104 conflicts"), DefaultCompareOptions,
			map[string]string{"conflicts/op": Same}, false, nil},
		{"conflicts beyond 5%", strings.ReplaceAll(old, "100 conflicts", "106 conflicts"), DefaultCompareOptions,
			map[string]string{"conflicts/op": Regression}, true, nil},
		{"conflicts beyond a 10% tolerance", strings.ReplaceAll(old, "100 conflicts", "106 conflicts"), CompareOptions{Tolerance: 0.10},
			map[string]string{"conflicts/op": Same}, false, nil},
		{"fewer clauses", strings.ReplaceAll(old, "1000 clauses", "900 clauses"), DefaultCompareOptions,
			map[string]string{"clauses/op": Improvement}, false, nil},
		{"much slower is reported, not gated", strings.NewReplacer("100 ns", "900 ns", "101 ns", "901 ns", "102 ns", "902 ns").Replace(old), DefaultCompareOptions,
			map[string]string{"sec/op": Slower, "clauses/op": Same}, false, nil},
		{"a new benchmark", old + "BenchmarkY 1 5 ns/op\n", DefaultCompareOptions,
			map[string]string{"clauses/op": Same}, false, []string{OnlyNew}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmp, err := Compare(strings.NewReader(old), "old", strings.NewReader(tc.new), "new", tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if cmp.Failed() != tc.wantFail {
				t.Errorf("Failed() = %v, want %v", cmp.Failed(), tc.wantFail)
			}
			have := map[string]string{}
			var extra []string
			for _, r := range cmp.Rows {
				if r.Bench == "X/set=a" {
					have[r.Unit] = r.Verdict
				} else if r.Bench != "X/set=gone" || r.Verdict != Same {
					extra = append(extra, r.Verdict)
				}
			}
			for u, want := range tc.verdicts {
				if have[u] != want {
					t.Errorf("%s: have %q, want %q (all: %v)", u, have[u], want, have)
				}
			}
			for _, want := range tc.wantExtra {
				if !slices.Contains(extra, want) {
					t.Errorf("other rows %v lack %q", extra, want)
				}
			}
			// A row without a change (a benchmark on one side only) is
			// still JSON: its change is null.
			if _, err := json.Marshal(cmp); err != nil {
				t.Errorf("JSON: %v", err)
			}
		})
	}
}

func TestCompareBadInput(t *testing.T) {
	good := "BenchmarkX 1 100 ns/op\n"
	for _, bad := range []string{"", "hello\n", "BenchmarkX 1 100\n"} {
		if _, err := Compare(strings.NewReader(bad), "bad", strings.NewReader(good), "good", DefaultCompareOptions); err == nil {
			t.Errorf("Compare(%q, ...) gave no error", bad)
		}
	}
}
