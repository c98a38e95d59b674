// Package kindtest is the test suite every puzzle kind must pass, in the
// style of testing/fstest and sat/conformance: a kind's test calls
//
//	kindtest.Test(t, kinds.Default().MustFind("shinro"), "testdata/shinro/playshinro.json")
//
// with files of that kind. A file may hold many puzzles (every one is
// tested) or pick one as FILE#NAME, as the command line does; a reference
// Arrows folder stands for its puzzle.txt. Among the registered kinds,
// exactly this kind must claim every file and every text it writes (Detect;
// the kind under test stands in for the registered kind of its name, or
// joins them when it is not registered). Each puzzle then gets a subtest
// named after it, with these subtests:
//
//   - RoundTrip: in every output format, parse → write → parse gives the
//     same puzzle (Draw(nil)) and the same unknowns (Vars), and writing the
//     re-read puzzle gives the same text. The text is written to a file in
//     an empty folder and read back from there, so nothing beside the
//     original is read. Names are not compared (a format without a name
//     field takes it from the file name), nor is a stored solution a format
//     drops (not every format has room for one), but one it keeps must be
//     the same. The canonical format (the first) must write every puzzle;
//     another may refuse one it cannot represent;
//   - SAT: package solve finds the stored solution and proves it unique on
//     every available back-end (Backends); a puzzle without a stored
//     solution is held to the one the first back-end finds;
//   - Verify: the solution is clean, and changing any one unknown to any
//     other value of its domain is caught, unless SAT shows the changed
//     assignment is a solution too (then Verify must accept it);
//   - Human: the kind's rules pass human.Validate, and a graded solve
//     (package crosscheck, the kind's default rules and trial rules) has
//     every elimination certified by SAT, finishes every puzzle SAT
//     proves unique, and reaches the same solution;
//   - Select: the puzzle has an entry number (Header.Entry, rising through
//     the file), and Kind.Select finds it again by that number (#N) and by
//     its name when no other puzzle of the file shares it, and refuses #0
//     and a name no puzzle has;
//   - Route: the optional kinds.RouteReporter, when the kind has it,
//     answers one of its documented routes.
package kindtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/crosscheck"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/solve"
)

// puzzleLimit bounds the SAT and grading work on one puzzle: the corpus
// puzzles take well under a second each, so reaching it means a hang.
const puzzleLimit = 5 * time.Minute

// maxReports caps the failures one check reports for one puzzle, so that a
// broken Verify does not print a line for every cell.
const maxReports = 5

// external are the SAT-competition binaries compared when on PATH. CI
// installs both (.ci/run), and cadical is required there.
var external = []string{"cadical", "minisat"}

// Parse reads every puzzle of the file at path as the kind called kind,
// with opt, and fails t when it cannot: what tests that start from corpus
// files share.
func Parse(t testing.TB, name, path string, opt kind.Options) []kind.Instance {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	k, err := kinds.Default().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := k.Parse(path, data, opt)
	if err != nil {
		t.Fatalf("Parse(%s): %v", path, err)
	}
	return insts
}

// Corpus reads the puzzles of k's corpus entries (kind.Corpus): each a
// glob below the corpus root (internal/testcorpus) that must match,
// ending in #SEL to pick one puzzle of each file, a puzzle folder
// standing for its puzzle file; the puzzles under opt, in order. A
// malformed entry beside a selected puzzle is no matter; another fails t.
func Corpus(t testing.TB, k *kind.Kind, opt kind.Options, patterns ...string) []kind.Instance {
	t.Helper()
	var out []kind.Instance
	for _, pattern := range patterns {
		pattern, sel, _ := strings.Cut(pattern, "#")
		for _, f := range testcorpus.Glob(t, pattern) {
			if pf := puzzleIn(k, f); pf != "" {
				f = pf
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if sel != "" {
				in, err := k.Select(f, data, opt, sel)
				if err != nil {
					t.Fatalf("%s#%s: %v", f, sel, err)
				}
				out = append(out, in)
				continue
			}
			insts, err := k.Parse(f, data, opt)
			if err != nil {
				t.Fatalf("Parse(%s): %v", f, err)
			}
			out = append(out, insts...)
		}
	}
	return out
}

// puzzleIn is the puzzle file of the folder dir when it is one puzzle of
// k (kind.Kind.Folder), or "".
func puzzleIn(k *kind.Kind, dir string) string {
	if k.Folder == nil {
		return ""
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return ""
	}
	return filepath.Join(dir, k.Folder.File)
}

// Backends returns the names of the SAT back-ends a kind must agree on:
// every registered in-process back-end, then ext:cadical and ext:minisat
// when they are on PATH. Under CI (the CI variable set) a missing cadical
// fails t, because .ci/run installs it.
func Backends(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, b := range solvers.List() {
		out = append(out, b.Name)
	}
	for _, bin := range external {
		if _, err := exec.LookPath(bin); err == nil {
			out = append(out, "ext:"+bin)
		} else if bin == "cadical" && os.Getenv("CI") != "" {
			t.Fatalf("cadical is not on PATH; CI installs it (.ci/run)")
		}
	}
	return out
}

// Test runs the suite on kind with the puzzles in files (see the package
// documentation), read with the default options.
func Test(t *testing.T, k *kind.Kind, files ...string) {
	t.Helper()
	TestWith(t, k, kind.Options{}, files...)
}

// TestWith is Test with the puzzles read under opt, for the options that
// change a kind's meaning (Juosan's clue reading) or its encoding.
func TestWith(t *testing.T, kind *kind.Kind, opt kind.Options, files ...string) {
	t.Helper()
	test(runner{t}, registry(kind), kind, opt, files)
}

// tb is what the suite needs of a test: testing.TB and subtests. runner
// gives it for a *testing.T; the package's own tests give a recorder, to
// see the failures a broken kind causes without failing themselves.
type tb interface {
	testing.TB
	Run(name string, f func(tb)) bool
}

type runner struct{ *testing.T }

func (r runner) Run(name string, f func(tb)) bool {
	return r.T.Run(name, func(t *testing.T) { f(runner{t}) })
}

// registry is puzzlesat's kinds (kinds.Default) with kind in place of the one of its
// name, so that a wrapped or not yet registered kind is told apart from
// the others exactly as kinds.Registry.Detect would once it is registered.
func registry(kind *kind.Kind) []*kind.Kind {
	reg := kinds.Default().List()
	for i, k := range reg {
		if k.Name == kind.Name {
			reg[i] = kind
			return reg
		}
	}
	return append(reg, kind)
}

// suite is one run: the kinds Detect must tell apart, the kind under test
// with its options, and the back-ends.
type suite struct {
	reg      []*kind.Kind
	kind     *kind.Kind
	opt      kind.Options
	backends []string
}

func test(t tb, reg []*kind.Kind, kind *kind.Kind, opt kind.Options, files []string) {
	t.Helper()
	if len(files) == 0 {
		t.Fatalf("kindtest: no files given for %s", kind.Name)
	}
	s := &suite{reg: reg, kind: kind, opt: opt, backends: Backends(t)}
	for _, arg := range files {
		for _, inst := range s.load(t, arg) {
			t.Run(subtestName(arg, inst), func(t tb) { s.puzzle(t, inst) })
		}
	}
}

// subtestName names a puzzle's subtest by the puzzle's name, or by its
// file when the puzzle has none.
func subtestName(arg string, inst kind.Instance) string {
	if n := inst.Name(); n != "" {
		return n
	}
	return filepath.Base(arg)
}

// instance is a puzzle under test with the file it came from.
type instance struct {
	kind.Instance
	file  string
	data  []byte
	peers []kind.Instance // every puzzle of the file, for Select
}

// load reads the puzzles arg names (FILE, FILE#SEL or an Arrows folder),
// checking that exactly this kind claims the file.
func (s *suite) load(t tb, arg string) []instance {
	t.Helper()
	name, sel := arg, ""
	if i := strings.LastIndex(arg, "#"); i > 0 {
		name, sel = arg[:i], arg[i+1:]
	}
	// A puzzle folder (a reference Arrows folder: puzzle.txt, with its
	// solution and metadata beside it) stands for its puzzle file, as on
	// the command line.
	if f := kinds.Default().PuzzleFolder(name); f != "" {
		name = f
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Errorf("%s: %v", arg, err)
		return nil
	}
	s.detect(t, name, data)
	insts, err := s.kind.Parse(name, data, s.opt)
	var partial *kind.PartialError
	switch {
	case err != nil && !errors.As(err, &partial):
		t.Errorf("Parse(%s): have error %v, want none", name, err)
		return nil
	case err != nil && sel == "":
		// The good puzzles are still tested; the file fails for the bad.
		t.Errorf("Parse(%s): have error %v, want none", name, err)
	}
	if len(insts) == 0 {
		t.Errorf("Parse(%s): have no puzzle, want at least one", name)
		return nil
	}
	// Entry numbers rise through the file (malformed entries leave gaps).
	for i := 1; i < len(insts); i++ {
		if have, prev := insts[i].Head().Entry, insts[i-1].Head().Entry; have <= prev {
			t.Errorf("Parse(%s): puzzle %d (%s) has entry %d, want more than the %d before it", name, i+1, insts[i].Name(), have, prev)
		}
	}
	if sel != "" {
		in, err := s.kind.Select(name, data, s.opt, sel)
		if err != nil {
			t.Errorf("%s: have error %v, want a puzzle", arg, err)
			return nil
		}
		return []instance{{in, name, data, insts}}
	}
	out := make([]instance, len(insts))
	for i, in := range insts {
		out[i] = instance{in, name, data, insts}
	}
	return out
}

// detect checks that exactly the kind under test claims data.
func (s *suite) detect(t tb, name string, data []byte) {
	t.Helper()
	var have []string
	for _, k := range s.reg {
		if k.Detect(name, data) {
			have = append(have, k.Name)
		}
	}
	if len(have) != 1 || have[0] != s.kind.Name {
		t.Errorf("Detect(%s): have %v claiming it, want [%s] alone", name, have, s.kind.Name)
	}
}

// puzzle runs every check on one puzzle.
func (s *suite) puzzle(t tb, inst instance) {
	ctx, cancel := context.WithTimeout(t.Context(), puzzleLimit)
	defer cancel()
	if have := inst.Kind(); have != s.kind.Name {
		t.Errorf("Kind(): have %q, want %q", have, s.kind.Name)
	}
	t.Run("RoundTrip", func(t tb) { s.roundTrip(t, inst) })
	var ref puzzle.Assignment
	unique := false
	t.Run("SAT", func(t tb) { ref, unique = s.sat(ctx, t, inst) })
	t.Run("Verify", func(t tb) { s.verify(ctx, t, inst, ref, unique) })
	t.Run("Human", func(t tb) { s.human(ctx, t, inst, ref) })
	if rr, ok := inst.Instance.(kind.RouteReporter); ok {
		t.Run("Route", func(t tb) { route(ctx, t, rr) })
	}
	t.Run("Select", func(t tb) { s.selectPeer(t, inst) })
}

// roundTrip writes the puzzle in every output format and reads it back.
func (s *suite) roundTrip(t tb, inst instance) {
	if len(s.kind.Outputs) == 0 {
		t.Fatalf("Outputs: have none, want at least the canonical format")
	}
	want := inst.Solution()
	for i, format := range s.kind.Outputs {
		text, err := inst.Format(format)
		if err != nil {
			if i == 0 {
				t.Errorf("Format(%q): have error %v, want the canonical text", format, err)
			} else {
				t.Logf("Format(%q) refuses this puzzle: %v", format, err)
			}
			continue
		}
		base := filepath.Base(inst.file)
		name := filepath.Join(t.TempDir(), strings.TrimSuffix(base, filepath.Ext(base))+"."+format)
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s.detect(t, name, []byte(text))
		back, err := s.kind.Parse(name, []byte(text), s.opt)
		if err != nil || len(back) != 1 {
			t.Errorf("Parse(Format(%q)): have %d puzzles and error %v, want one puzzle; the text:\n%s", format, len(back), err, text)
			continue
		}
		re := back[0]
		if have, want := re.Draw(nil), inst.Draw(nil); !sameDrawing(have, re.Name(), want, inst.Name()) {
			t.Errorf("Parse(Format(%q)).Draw(nil): have\n%s\nwant\n%s", format, strings.Join(have, "\n"), strings.Join(want, "\n"))
		}
		if d := diffVars(re.Vars(), inst.Vars()); d != "" {
			t.Errorf("Parse(Format(%q)).Vars(): %s", format, d)
		}
		switch have := re.Solution(); {
		case want == nil && have != nil:
			t.Errorf("Parse(Format(%q)).Solution(): have %v, want none (the puzzle has no stored solution)", format, have)
		case want != nil && have != nil && !slices.Equal(have, want):
			t.Errorf("Parse(Format(%q)).Solution(): have\n%s\nwant\n%s", format, drawn(inst, have), drawn(inst, want))
		}
		switch again, err := re.Format(format); {
		case err != nil:
			t.Errorf("Format(%q) of the re-read puzzle: have error %v, want the text it was read from", format, err)
		case again != text:
			t.Errorf("Format(%q) of the re-read puzzle: have\n%s\nwant the text it was read from\n%s", format, again, text)
		}
	}
}

// sameDrawing compares two drawings of a puzzle line by line, up to the
// puzzle's name: a drawing may show it, and a format without a name field
// takes the name from the file it is read from.
func sameDrawing(have []string, haveName string, want []string, wantName string) bool {
	return slices.EqualFunc(have, want, func(h, w string) bool {
		if h == w {
			return true
		}
		return haveName != "" && wantName != "" && strings.Contains(h, haveName) && strings.Contains(w, wantName) &&
			strings.Replace(h, haveName, "", 1) == strings.Replace(w, wantName, "", 1)
	})
}

// diffVars describes the first difference between two unknown lists, or
// returns "".
func diffVars(have, want []puzzle.Var) string {
	if len(have) != len(want) {
		return fmt.Sprintf("have %d unknowns, want %d", len(have), len(want))
	}
	for i := range have {
		if !reflect.DeepEqual(have[i], want[i]) {
			return fmt.Sprintf("unknown %d: have %+v, want %+v", i, have[i], want[i])
		}
	}
	return ""
}

func drawn(inst kind.Instance, a puzzle.Assignment) string {
	return strings.Join(inst.Draw(a), "\n")
}

// sat checks the stored solution is the unique one on every back-end. It
// returns the reference solution (stored, or else the first back-end's)
// and whether the first back-end proved it unique.
func (s *suite) sat(ctx context.Context, t tb, inst instance) (puzzle.Assignment, bool) {
	ref := inst.Solution()
	unique := false
	for i, b := range s.backends {
		r, err := solve.Check(ctx, inst, factory(b), false)
		if err != nil {
			t.Errorf("solve.Check on %s: have error %v, want none", b, err)
			continue
		}
		if r.Status != sat.UniqueSolution {
			t.Errorf("solve.Check on %s: have %v (differing at %v), want %v", b, r.Status, r.Differences, sat.UniqueSolution)
		}
		if i == 0 {
			// Unique, and the solution is the stored one: then every other
			// assignment is no solution, without asking SAT.
			unique = r.Status == sat.UniqueSolution && (ref == nil || slices.Equal(r.First, ref))
		}
		switch {
		case r.First == nil:
		case ref == nil:
			ref = r.First
			t.Logf("no stored solution: held to %s's", b)
		case r.Status == sat.UniqueSolution && !slices.Equal(r.First, ref):
			// With several solutions (reported above) any may come first.
			t.Errorf("solve.Check on %s: have solution\n%s\nwant the stored one\n%s", b, drawn(inst, r.First), drawn(inst, ref))
		}
	}
	return ref, unique
}

// verify checks Verify on the solution, on the solution with each unknown
// cleared (-1), and on every one-unknown change of it. On a puzzle proved unique every change must be caught; otherwise SAT
// decides whether the changed assignment is a solution.
func (s *suite) verify(ctx context.Context, t tb, inst instance, ref puzzle.Assignment, unique bool) {
	if ref == nil {
		t.Fatalf("no solution to verify: none stored and SAT found none")
	}
	vars := inst.Vars()
	if len(ref) != len(vars) {
		t.Fatalf("solution has %d values, want one per unknown (%d)", len(ref), len(vars))
	}
	for i, v := range vars {
		if ref[i] < 0 || ref[i] >= len(v.Domain) {
			t.Fatalf("solution gives %s value %d, want one of its %d", v.Name, ref[i], len(v.Domain))
		}
	}
	if vs := inst.Verify(ref); len(vs) > 0 {
		t.Errorf("Verify(solution): have %v, want no violation", vs)
	}
	// A board with one unknown cleared (a player's board) can still be
	// completed: Verify names that unknown's cell and nothing else.
	for i, v := range vars {
		a := slices.Clone(ref)
		a[i] = -1
		vs := inst.Verify(a)
		if len(vs) != 1 || !slices.Equal(vs[0].Cells, []puzzle.Pos{v.Pos}) {
			t.Errorf("Verify(solution with %s cleared): have %v, want one violation naming %v only", v.Name, vs, v.Pos)
			break
		}
	}
	var enc *solve.Encoded
	if !unique {
		var err error
		if enc, err = solve.Encode(t.Context(), inst, factory(s.backends[0])); err != nil {
			t.Fatalf("solve.Encode: %v", err)
		}
	}
	reports := 0
	for i, v := range vars {
		for val := range v.Domain {
			if reports == maxReports {
				return
			}
			if val == ref[i] {
				continue
			}
			a := slices.Clone(ref)
			a[i] = val
			isSolution := false
			if enc != nil {
				var err error
				if isSolution, err = solves(ctx, enc, a); err != nil {
					t.Fatalf("SAT on the solution with %s = %s: %v", v.Name, v.Domain[val], err)
				}
			}
			vs := inst.Verify(a)
			switch {
			case len(vs) == 0 && !isSolution:
				reports++
				why := "the puzzle is unique"
				if !unique {
					why = "SAT shows it is no solution"
				}
				t.Errorf("Verify(solution with %s = %s instead of %s): have no violation, want one (%s)", v.Name, v.Domain[val], v.Domain[ref[i]], why)
			case len(vs) > 0 && isSolution:
				reports++
				t.Errorf("Verify(solution with %s = %s instead of %s): have %v, want none (SAT shows it is a solution)", v.Name, v.Domain[val], v.Domain[ref[i]], vs)
			}
		}
	}
}

// solves reports whether SAT accepts assignment a of enc's puzzle.
func solves(ctx context.Context, enc *solve.Encoded, a puzzle.Assignment) (bool, error) {
	lits := make([]int, len(a))
	for i, val := range a {
		lits[i] = enc.Lit(i, val)
	}
	st, err := enc.Solver.Solve(ctx, lits...)
	if err != nil {
		return false, err
	}
	if st == sat.Unknown {
		return false, fmt.Errorf("%s gave no answer", enc.Solver.Name())
	}
	return st == sat.Sat, nil
}

// human validates the kind's rules and grades the puzzle with every
// elimination certified.
func (s *suite) human(ctx context.Context, t tb, inst instance, ref puzzle.Assignment) {
	setup, err := inst.Human()
	if err != nil {
		t.Fatalf("Human(): have error %v, want the rules", err)
	}
	if err := human.Validate(setup.Rules); err != nil {
		t.Errorf("human.Validate: have %v, want no error", err)
	}
	g, err := crosscheck.Grade(ctx, inst, crosscheck.Options{Solver: factory(s.backends[0]), Trials: -1, CertifySteps: true})
	if err != nil {
		t.Fatalf("crosscheck.Grade: have error %v, want none", err)
	}
	elims := 0
	for _, st := range g.Human.Steps {
		elims += len(st.Elims)
	}
	if g.Certified != elims {
		t.Errorf("crosscheck.Grade: have %d of %d eliminations certified, want all", g.Certified, elims)
	}
	switch {
	case g.Human.Status != human.StatusSolved && g.SAT != nil && g.SAT.Status == sat.UniqueSolution:
		t.Errorf("crosscheck.Grade: the kind's default rules end %s after %d steps on a unique puzzle, want solved", g.Human.Status, len(g.Human.Steps))
	case g.Human.Status != human.StatusSolved:
		t.Logf("the rules end %s after %d steps (every one certified)", g.Human.Status, len(g.Human.Steps))
	case ref != nil && !slices.Equal(g.Solution, ref):
		t.Errorf("crosscheck.Grade: have solution\n%s\nwant\n%s", drawn(inst, g.Solution), drawn(inst, ref))
	}
}

// routes are the answers kinds.RouteReporter documents.
var routes = []string{"sound", "cheat", "unsolved"}

func route(ctx context.Context, t tb, rr kind.RouteReporter) {
	r, err := rr.Route(ctx)
	if err != nil || !slices.Contains(routes, r) {
		t.Errorf("Route(): have %q, %v; want one of %v", r, err, routes)
	}
}

// selectPeer checks the puzzle's entry number, and that Select finds the
// puzzle by it and by its name (when no other puzzle of the file shares
// the name), and refuses #0 and a name no puzzle has.
func (s *suite) selectPeer(t tb, inst instance) {
	entry := inst.Head().Entry
	if entry < 1 {
		t.Errorf("Head().Entry: have %d, want the puzzle's entry number, from 1", entry)
	}
	same := func(sel string) {
		have, err := s.kind.Select(inst.file, inst.data, s.opt, sel)
		switch {
		case err != nil:
			t.Errorf("Select(%q): have error %v, want this puzzle", sel, err)
		case have.Head().Entry != entry || have.Name() != inst.Name() || drawn(have, nil) != drawn(inst, nil):
			t.Errorf("Select(%q): have %s (entry %d), want this puzzle (entry %d)", sel, nameOf(have), have.Head().Entry, entry)
		}
	}
	same(strconv.Itoa(entry))
	named := 0
	for _, p := range inst.peers {
		if p.Name() == inst.Name() {
			named++
		}
	}
	if named == 1 && inst.Name() != "" {
		same("name=" + inst.Name())
	}
	for _, sel := range []string{"0", "name=kindtest: no such puzzle"} {
		if have, err := s.kind.Select(inst.file, inst.data, s.opt, sel); err == nil {
			t.Errorf("Select(%q): have %s, want an error", sel, nameOf(have))
		}
	}
}

func nameOf(in kind.Instance) string {
	if in == nil {
		return "no puzzle"
	}
	return fmt.Sprintf("puzzle %q", in.Name())
}

// factory resolves a back-end name; an unknown name gives a factory whose
// every solver fails with the lookup's error, reported where it is used.
func factory(name string) sat.Factory {
	f, err := solvers.Factory(name)
	if err != nil {
		return func() (sat.Solver, error) { return nil, err }
	}
	return f
}
