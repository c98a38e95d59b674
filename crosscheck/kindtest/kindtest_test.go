package kindtest

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// record is what a recorder saw: the failures, each with its subtest.
type record struct {
	mu    sync.Mutex
	fails []string
}

// recorder is a tb that records failures instead of failing the test, so
// that the suite can be run on broken kinds. Subtests run one at a time on
// their own goroutine, as in package testing, so that Fatal (Goexit) ends
// only the subtest.
type recorder struct {
	testing.TB // the real test: Helper, TempDir, Context, Cleanup
	path       string
	rec        *record
	failed     bool
}

func (r *recorder) fail(msg string) {
	r.rec.mu.Lock()
	defer r.rec.mu.Unlock()
	r.rec.fails = append(r.rec.fails, r.path+": "+msg)
	r.failed = true
}

func (r *recorder) Name() string                     { return r.path }
func (r *recorder) Error(args ...any)                { r.fail(fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, args ...any)     { r.fail(fmt.Sprintf(f, args...)) }
func (r *recorder) Fatal(args ...any)                { r.fail(fmt.Sprint(args...)); runtime.Goexit() }
func (r *recorder) Fatalf(f string, args ...any)     { r.fail(fmt.Sprintf(f, args...)); runtime.Goexit() }
func (r *recorder) Fail()                            { r.fail("Fail") }
func (r *recorder) FailNow()                         { r.fail("FailNow"); runtime.Goexit() }
func (r *recorder) Failed() bool                     { return r.failed }
func (r *recorder) Log(args ...any)                  {}
func (r *recorder) Logf(f string, args ...any)       {}
func (r *recorder) Skip(args ...any)                 { r.fail("the suite must not skip"); runtime.Goexit() }
func (r *recorder) Skipf(f string, args ...any)      { r.fail("the suite must not skip"); runtime.Goexit() }
func (r *recorder) SkipNow()                         { r.fail("the suite must not skip"); runtime.Goexit() }
func (r *recorder) Run(name string, f func(tb)) bool { return r.run(name, f) }

func (r *recorder) run(name string, f func(tb)) bool {
	child := &recorder{TB: r.TB, path: r.path + "/" + name, rec: r.rec}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(child)
	}()
	<-done
	if child.failed {
		r.failed = true
	}
	return !child.failed
}

// recordRun runs the suite as test would, with failures recorded.
func recordRun(t *testing.T, reg []*kind.Kind, k *kind.Kind, files ...string) []string {
	root := &recorder{TB: t, path: k.Name, rec: &record{}}
	root.run("suite", func(t tb) { test(t, reg, k, kind.Options{}, files) })
	return root.rec.fails
}

// ignoreRule is an instance whose Verify ignores one rule.
type ignoreRule struct {
	kind.Instance
	rule string
}

func (x ignoreRule) Verify(a puzzle.Assignment) []puzzle.Violation {
	var out []puzzle.Violation
	for _, v := range x.Instance.Verify(a) {
		if v.Rule != x.rule {
			out = append(out, v)
		}
	}
	return out
}

// dropClue is an instance whose canonical writer drops the first clue.
type dropClue struct{ kind.Instance }

// firstClue is a numbered cell of a canonical Juosan grid ("a1": territory
// a, number 1) after the grid line.
var firstClue = regexp.MustCompile(`(?s)(\ngrid\n.*?[a-zA-Z]+)[0-9]+`)

func (x dropClue) Format(format string) (string, error) {
	text, err := x.Instance.Format(format)
	if err != nil || format != "canonical" {
		return text, err
	}
	loc := firstClue.FindStringSubmatchIndex(text)
	if loc == nil {
		return text, fmt.Errorf("dropClue: no clue in\n%s", text)
	}
	return text[:loc[3]] + text[loc[1]:], nil
}

// wrap returns a copy of k whose instances are wrapped by w.
func wrap(k *kind.Kind, w func(kind.Instance) kind.Instance) *kind.Kind {
	out := *k
	out.Parse = func(name string, data []byte, opt kind.Options) ([]kind.Instance, error) {
		insts, err := k.Parse(name, data, opt)
		for i := range insts {
			insts[i] = w(insts[i])
		}
		return insts, err
	}
	out.Select = func(name string, data []byte, opt kind.Options, sel string) (kind.Instance, error) {
		in, err := k.Select(name, data, opt, sel)
		if err != nil {
			return nil, err
		}
		return w(in), nil
	}
	return &out
}

// TestBrokenKinds: the suite passes every grid kind of the registry (on
// the first file of its sample, kind.Corpus.Sample) and reports each way a
// kind can be broken as a failure of the check that should see it (the
// broken ones are Juosan, whose canonical writer and rules the fixtures
// know, and a Detect that claims a second kind's sample too).
func TestBrokenKinds(t *testing.T) {
	type brokenCase struct {
		name  string
		reg   []*kind.Kind // nil: the registry
		kind  *kind.Kind
		files []string
		want  string // in a failure; "" for no failure at all
		clean string // a check that must not fail
	}
	var tests []brokenCase
	var sampled []*kind.Kind // the grid kinds with a sample, and theirs
	var samples []string
	for _, k := range kinds.Default().List() {
		if k.Corpus != nil && len(k.Corpus.Sample) > 0 {
			f := testcorpus.Path(k.Corpus.Sample[0])
			sampled, samples = append(sampled, k), append(samples, f)
			tests = append(tests, brokenCase{k.Name, nil, k, []string{f}, "", ""})
		}
	}
	if len(sampled) < 2 {
		t.Fatalf("%d grid kinds declare a sample, want two at least (kind.Corpus.Sample)", len(sampled))
	}
	// greedy is the first kind with its Detect also claiming the
	// second's files; it shows when the second is tested with greedy
	// registered in the first's place.
	first, second := sampled[0], sampled[1]
	greedy := *first
	greedy.Detect = func(name string, data []byte) bool { return first.Detect(name, data) || second.Detect(name, data) }
	withGreedy, err := kinds.Default().With(&greedy)
	if err != nil {
		t.Fatal(err)
	}
	file, _, _ := strings.Cut(samples[1], "#")
	tests = append(tests, brokenCase{"Detect claims another kind's file", withGreedy.List(), second, []string{samples[1]},
		fmt.Sprintf("Detect(%s): have [%s %s] claiming it, want [%s] alone", file, first.Name, second.Name, second.Name), "/SAT:"})
	juosan := testcorpus.Path("juosan", "6x6_1.juosan")
	two := testcorpus.Path("juosan", "janko_instances.json") + "#4x4_2"
	victim := kinds.Default().MustFind("juosan")
	tests = append(tests, []brokenCase{
		{"wrapped juosan", nil, wrap(victim, func(in kind.Instance) kind.Instance { return ignoreRule{in, "no such rule"} }), []string{juosan}, "", ""},
		{"Verify ignores a rule", nil,
			wrap(victim, func(in kind.Instance) kind.Instance { return ignoreRule{in, "territory-count"} }),
			[]string{juosan}, "/Verify: Verify(solution with", "/RoundTrip:"},
		{"writer drops a clue", nil,
			wrap(victim, func(in kind.Instance) kind.Instance { return dropClue{in} }),
			[]string{juosan}, `/RoundTrip: Parse(Format("canonical")).Draw(nil): have`, "/Verify:"},
		// 18 solutions: SAT tells which changed assignments Verify must
		// accept, so a sound Verify raises nothing.
		{"puzzle with several solutions", nil, victim, []string{two}, "/SAT: solve.Check on gini: have multiple", "/Verify:"},
		{"no such puzzle", nil, victim, []string{juosan + "#nosuch"}, `no puzzle named "nosuch" (the file holds 1 entry)`, ""},
		{"no files", nil, victim, nil, "no files given", ""},
	}...)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reg := tc.reg
			if reg == nil {
				reg = registry(tc.kind)
			}
			fails := recordRun(t, reg, tc.kind, tc.files...)
			found := false
			for _, f := range fails {
				found = found || tc.want != "" && strings.Contains(f, tc.want)
				if tc.want == "" || tc.clean != "" && strings.Contains(f, tc.clean) {
					t.Errorf("have failure %s, want none there", f)
				}
			}
			if tc.want != "" && !found {
				t.Errorf("have failures\n%s\nwant one containing %q", strings.Join(fails, "\n"), tc.want)
			}
		})
	}
}
