// Package depgraph holds the layering of puzzlesat's packages and checks a
// module's import graph against it. The pipeline runs one way:
//
//	srcpos ← puzzle, kinds/<kind>/model, kinds/shift/search ← encode, kinds/<kind>/cnf ┐
//	                                                         ← human, kinds/<kind>/rules ├ ← kinds/kind ← kinds/<kind>, kinds/shift/solve/... ← kinds ← solve, crosscheck, generate, serve ← app, cmd, bench
//	srcpos ← sat (the solver interface), sat/dimacs ────────────────────────────────────┘
//	         sat/<back-end>, sat/solvers ← solve, crosscheck, generate and above
//
// Models know nothing of encoders, solvers or rules; encoders write to a
// clause sink and never see a solver; rules see the model only; the SAT
// layer knows clauses, not puzzles; only the packages that drive solvers
// (and the command line above them) import both sides; a kind names the
// solver interface only (a kind played by moves proves its optimum over a
// sat.Factory), never a back-end. The test in this
// package (make test) runs `go list` over the module and fails naming
// every import that goes against the direction. Drawn coarser, with each
// top-level folder as one room (Rooms), every import runs down the house
// too, and internal/ is the bottom room: leaves that import nothing of
// ours (a harness that drives a higher layer sits beside what it tests).
package depgraph

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Rule forbids the packages matching From to import, directly or through
// other packages, any package matching one of Not. Patterns are paths
// relative to the module: "sat" matches sat only, "sat/..." sat and every
// package below it, and "..." every package of the module.
type Rule struct {
	From string
	// Except are packages matching From that the rule does not hold, each
	// placed by a rule of its own.
	Except []string
	Not    []string
	Why    string
}

// belowApp is what nothing but the command line may import.
var belowApp = []string{"app/...", "cmd/...", "bench/..."}

// driving are the packages that drive SAT solvers over puzzles.
var driving = []string{"solve/...", "crosscheck/...", "generate/..."}

func join(lists ...[]string) []string { return slices.Concat(lists...) }

// satBelowKinds is the SAT layer but its interface (sat: Solver, Factory)
// and DIMACS (sat/dimacs): a kind names the solver interface (a moves
// kind's proof of an optimum is its own deepening over a sat.Factory, its
// cubes DIMACS), never a back-end, a registry of them or a checker.
var satBelowKinds = []string{"sat/certify", "sat/conformance", "sat/ext/...", "sat/gini/...", "sat/gophersat/...", "sat/internal/...", "sat/rup", "sat/solvers/..."}

// Rules is puzzlesat's layering. Every package of the module must match
// the From of at least one rule (Check reports those that match none), so
// a new package is placed in a layer on purpose.
var Rules = []Rule{
	{From: "srcpos", Not: []string{"..."},
		Why: "srcpos is the leaf every reader shares: it imports nothing of ours"},
	{From: "display", Not: []string{"encode/...", "sat/...", "human/...", "kinds/...", "internal/...", "render/...", "serve/...", "solve/...", "crosscheck/...", "generate/...", "app/...", "cmd/...", "bench/..."},
		Why: "the display list is data every kind writes and render and the page draw: it knows positions (puzzle) only"},
	{From: "shard", Not: []string{"..."},
		Why: "shard is the leaf every command with --shard shares: it imports nothing of ours"},
	{From: "sat/...", Not: join([]string{"puzzle/...", "encode/...", "human/...", "kinds/...", "internal/..."}, driving, belowApp),
		Why: "the SAT layer knows clauses, not puzzles"},
	{From: "puzzle/...", Not: join([]string{"encode/...", "sat/...", "human/...", "kinds/...", "internal/..."}, driving, belowApp),
		Why: "models are the bottom of the pipeline: no encoder, solver or rule"},
	{From: "kinds/shift/search/...", Not: join([]string{"encode/...", "sat/...", "human/...", "kinds", "kinds/kind/...", "kinds/*/cnf/...", "kinds/*/rules/...", "kinds/*/solve/...", "internal/..."}, driving, belowApp),
		Why: "the shift puzzles' exact search sees their model only: no encoder or solver (deepening is kinds/shift/solve/deepen)"},
	{From: "encode/...", Except: []string{"encode/satoracle"}, Not: join([]string{"sat/...", "human/...", "kinds/..."}, driving, belowApp),
		Why: "encoders write to a clause sink and never see a solver or a rule"},
	{From: "human/...", Not: join([]string{"encode/...", "sat/...", "kinds/..."}, driving, belowApp),
		Why: "the rule engine sees the model only"},
	{From: "kinds/*/model/...", Not: join([]string{"encode/...", "sat/...", "human/...", "kinds", "kinds/kind/...", "kinds/*/cnf/...", "kinds/*/rules/...", "kinds/*/search/...", "kinds/*/solve/...", "internal/..."}, driving, belowApp),
		Why: "a kind's model is the bottom of its pipeline: no encoder, solver or rule"},
	{From: "kinds/*/cnf/...", Not: join([]string{"sat/...", "human/...", "kinds", "kinds/kind/...", "kinds/*/rules/..."}, driving, belowApp),
		Why: "a kind's encoder writes to a clause sink and never sees a solver or a rule"},
	{From: "kinds/*/rules/...", Not: join([]string{"encode/...", "sat/...", "kinds", "kinds/kind/...", "kinds/*/cnf/..."}, driving, belowApp),
		Why: "a kind's human rules see its model only"},
	{From: "kinds/*/corpus", Not: join([]string{"encode/...", "sat/...", "human/...", "kinds", "kinds/kind/...", "kinds/*/cnf/...", "kinds/*/rules/...", "kinds/*/search/...", "kinds/*/solve/..."}, driving, belowApp),
		Why: "a kind's test corpus loads its model only, so that the tests of its encoder and rules may use it"},
	{From: "kinds/kind", Not: join(satBelowKinds, []string{"kinds", "kinds/*/..."}, driving, belowApp),
		Why: "what a kind is (Kind, Instance, Models, Moves) sits below every kind and the registry, and names the solver interface only"},
	{From: "kinds/*", Not: join(satBelowKinds, []string{"kinds", "generate/..."}, belowApp),
		Why: "a kind's folder joins its model, encoder and rules (a moves kind: its search and its deepening over the solver interface) through package kind; the registry lists it, and solving on a back-end sits above"},
	{From: "kinds", Not: join(satBelowKinds, driving, belowApp),
		Why: "the registry joins model, encoder and rules; solving on a back-end sits above it"},
	{From: "kinds/shift/solve/...", Not: join([]string{"kinds", "kinds/kind/...", "crosscheck/...", "generate/..."}, belowApp),
		Why: "shift puzzles' SAT side (deepening, the hybrid with the exact search, cubes) drives solvers over their model and encoding; it sits below the registry's users as solve does"},
	{From: "solve/...", Not: join([]string{"crosscheck/...", "generate/..."}, belowApp),
		Why: "solve is the SAT side the cross-check and the generator build on"},
	{From: "crosscheck/...", Not: join([]string{"generate/..."}, belowApp),
		Why: "the cross-check sits below the generator and the command line"},
	{From: "amend", Not: join([]string{"generate/...", "answer/...", "render/...", "report/...", "serve/..."}, belowApp),
		Why: "editing a puzzle's clues with proof (minimize, repair, a conflict set) drives solve and crosscheck; the answer layer asks it for every front end"},
	{From: "answer/rating", Not: join([]string{"encode/...", "sat/...", "kinds/...", "solve/...", "crosscheck/...", "amend/...", "generate/...", "answer", "answer/rating/calibrate", "report/..."}, belowApp),
		Why: "the rating is data and a lookup over the human engine's report: every front end reads it through answer, and its calibration is fitted above it"},
	{From: "answer/...", Not: join([]string{"render/...", "serve/..."}, belowApp),
		Why: "the answer layer is what every front end (app, render, serve) asks; it sits above solve, crosscheck and generate and below them"},
	{From: "render/...", Not: join([]string{"generate/..."}, belowApp),
		Why: "pictures draw what solve and crosscheck found; the commands sit above"},
	{From: "report/...", Not: join([]string{"generate/...", "serve/..."}, belowApp),
		Why: "the collection report gathers what solve and crosscheck find and draws it with render; the commands sit above"},
	{From: "generate/...", Not: belowApp,
		Why: "the generator sits below the command line"},
	{From: "serve/...", Not: join([]string{"render/..."}, belowApp),
		Why: "the playground serves what solve, crosscheck, generate and deepen find; its page draws the boards itself, so its binary links no drawing library"},
	{From: "serve/site", Not: []string{"..."},
		Why: "the static build is made by the go command from the source tree (go list, GOOS=js go build): it imports nothing of ours, so the folder it writes holds the tree's page and WebAssembly, never a copy linked into it"},
	{From: "cmd/puzzlesat-wasm", Not: []string{"app/...", "render/...", "bench/...", "sat/ext", "sat/solvers", "serve/site"},
		Why: "the browser build is serve's handlers with gini: no command line, no drawing library, no external solver (a browser runs no programs); its size is what every visitor of the static playground downloads"},
	{From: "internal/testcorpus", Not: join([]string{"encode/...", "sat/...", "human/...", "kinds/..."}, driving, belowApp),
		Why: "the tests' corpus loaders load models only, so tests of encode and human may use them"},
	{From: "encode/satoracle", Not: join([]string{"human/...", "kinds/..."}, driving, belowApp),
		Why: "the encoders' test oracle sits beside the encoders: it records their clauses and asks gini about them straight, without solve"},
	{From: "kinds/toykind", Not: join(satBelowKinds, []string{"kinds"}, driving, belowApp),
		Why: "the test-only toy kind is a kind like any other: it builds on package kind and is registered by its tests"},
	{From: "kinds/toymoves", Not: join(satBelowKinds, []string{"kinds"}, driving, belowApp),
		Why: "the test-only toy played by moves is a moves kind like any other: it builds on package kind and is registered by its tests"},
	{From: "internal/plural", Not: []string{"..."},
		Why: "counted nouns for messages, used by every layer: it imports nothing of ours"},
	{From: "internal/parallel", Not: []string{"..."},
		Why: "the worker pool of the batches that work through many puzzles (crosscheck's sweep, the report), for every layer: it imports nothing of ours"},
	{From: "internal/pdfboxes", Not: []string{"..."},
		Why: "a PDF's page boxes added as an incremental update, for the booklet: it imports nothing of ours"},
	{From: "internal/atomicfile", Not: []string{"..."},
		Why: "writing a file whole or not at all, for every command that writes one: it imports nothing of ours"},
	{From: "internal/testfs", Not: []string{"..."},
		Why: "the files tests make and read, for the tests of every layer (atomicfile's among them): it imports nothing of ours"},
	{From: "internal/buildtest", Not: []string{"..."},
		Why: "building the binaries as `make build` does, for the tests and benchmarks that run them as a user does: it imports nothing of ours"},
	{From: "internal/proctest", Not: []string{"..."},
		Why: "the processes tests start and watch, as /proc shows them, for the tests of every layer: it imports nothing of ours"},
	{From: "internal/webtest", Not: []string{"..."},
		Why: "what the tests of the pages (serve, serve/site, report) share, chromium and a server on loopback: it imports nothing of ours, so that those of any layer may use it"},
	{From: "internal/depgraph", Not: []string{"..."},
		Why: "the layering check reads `go list`, nothing of ours"},
	{From: "bench/...", Not: []string{"app/...", "cmd/..."},
		Why: "the benchmark harness is a library the bench command runs"},
	{From: "app/...", Not: []string{"cmd/..."},
		Why: "cmd/puzzlesat is the binary around app (app/clitest runs app in-process for the commands' tests, never the binary)"},
	{From: "cmd/...", Not: nil, Why: "the binaries are the top"},
	{From: "cmd/puzzlesat", Not: []string{"render/...", "app/rendercmd", "bench/...", "app/benchcmd", "serve/...", "app/servecmd", "generate/...", "app/generatecmd", "report/...", "app/reportcmd"},
		Why: "the graphics library render links, the plotting library, benchstat's format and progress bar bench links, the generators and progress bar generate links, the HTTP stack serve links and the graphics library and progress bar report links would cost every start of puzzlesat milliseconds: puzzlesat render, bench, generate, serve and report run cmd/puzzlesat-render, -bench, -generate, -serve and -report"},
	{From: "app", Not: []string{"render/...", "app/rendercmd", "bench/...", "app/benchcmd", "serve/...", "app/servecmd", "generate/...", "app/generatecmd", "report/...", "app/reportcmd"},
		Why: "the app every binary shares must not pull render, bench, generate, serve or report into cmd/puzzlesat"},
}

// Package is one package of the module: its path relative to the module
// ("." for the root) and the module packages it imports directly.
type Package struct {
	Path    string
	Imports []string
	// TestImports are the imports of its own tests (files of the package
	// itself) and XTestImports those of its _test package. The layering
	// does not read them (a test may reach further down); the folder check
	// reads both, the room check TestImports only.
	TestImports, XTestImports []string
}

// Match reports whether the module-relative path p matches pattern: "sat"
// matches sat only, "sat/..." sat and every package below it, "..." every
// package, and a "*" element any one path element ("kinds/*/model" matches
// kinds/juosan/model; "kinds/*/..." every package below a folder of kinds).
func Match(pattern, p string) bool {
	if pattern == "..." {
		return true
	}
	pat, path := strings.Split(pattern, "/"), strings.Split(p, "/")
	if pat[len(pat)-1] == "..." {
		pat = pat[:len(pat)-1]
		if len(path) < len(pat) {
			return false
		}
		path = path[:len(pat)]
	}
	if len(pat) != len(path) {
		return false
	}
	for i := range pat {
		if pat[i] != "*" && pat[i] != path[i] {
			return false
		}
	}
	return true
}

// Folder keeps a folder's packages to itself: a package below Under/<name>
// (a genre's folder, kinds/juosan) may be imported only by packages in the
// same folder and by Importers, and by the tests of those and of
// TestImporters (TestWhy says why). Folders named in Exempt are not kept.
type Folder struct {
	Under         string
	Exempt        []string
	Importers     []string
	Why           string
	TestImporters []string
	TestWhy       string
}

// Folders are puzzlesat's private folders.
var Folders = []Folder{{
	Under: "kinds",
	// kinds/kind is what every kind builds on; the toy kinds are
	// registered by the tests that use them, so those import them.
	Exempt: []string{"kind", "toykind", "toymoves"},
	// The registry lists the kinds, and nothing else reaches into one.
	Importers: []string{"kinds"},
	Why:       "a genre is one folder: outside kinds/<kind>/ only the registry (package kinds) imports a kind's packages, and generic code reaches kinds through its interfaces",
	// Every speed target lives in bench, those of a kind's own parts too.
	TestImporters: []string{"bench"},
	TestWhy:       "the benchmarks of a kind's own parts (its encoder, its rule engine's passes) sit with every other benchmark in bench; any other test reaches a kind through the registry",
}}

// FolderViolation is an import of a folder's package from outside it.
type FolderViolation struct {
	From, To string
	Folder   Folder
	// Test: the import is From's tests'.
	Test bool
}

func (v FolderViolation) String() string {
	if v.Test {
		return fmt.Sprintf("the tests of %s import %s (%s; %s)", v.From, v.To, v.Folder.Why, v.Folder.TestWhy)
	}
	return fmt.Sprintf("%s imports %s (%s)", v.From, v.To, v.Folder.Why)
}

// CheckFolders returns every direct import into a private folder from
// outside it, sorted.
func CheckFolders(pkgs []Package, folders []Folder) []FolderViolation {
	var out []FolderViolation
	for _, f := range folders {
		// folderOf is the private folder p is in ("" for none).
		folderOf := func(p string) string {
			rest, ok := strings.CutPrefix(p, f.Under+"/")
			if !ok {
				return ""
			}
			name, _, _ := strings.Cut(rest, "/")
			if slices.Contains(f.Exempt, name) {
				return ""
			}
			return name
		}
		matches := func(pats []string, p string) bool {
			return slices.ContainsFunc(pats, func(pat string) bool { return Match(pat, p) })
		}
		for _, p := range pkgs {
			if matches(f.Importers, p.Path) {
				continue
			}
			from := folderOf(p.Path)
			check := func(imports []string, test bool) {
				for _, to := range imports {
					if dst := folderOf(to); dst != "" && dst != from {
						out = append(out, FolderViolation{From: p.Path, To: to, Folder: f, Test: test})
					}
				}
			}
			check(p.Imports, false)
			if !matches(f.TestImporters, p.Path) {
				check(p.TestImports, true)
				check(p.XTestImports, true)
			}
		}
	}
	slices.SortFunc(out, func(a, b FolderViolation) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), boolOrder(a.Test, b.Test))
	})
	// A package and its tests may import the same package.
	out = slices.CompactFunc(out, func(a, b FolderViolation) bool { return a.From == b.From && a.To == b.To && a.Test == b.Test })
	return out
}

// Violation is one import against the layering: From reaches To through
// Path (From first, To last; two entries when the import is direct).
type Violation struct {
	From, To string
	Path     []string
	Rule     Rule
}

func (v Violation) String() string {
	how := "imports"
	if len(v.Path) > 2 {
		how = "reaches"
	}
	return fmt.Sprintf("%s %s %s (%s; forbidden by %q: %s)", v.From, how, v.To, strings.Join(v.Path, " → "), v.Rule.From, v.Rule.Why)
}

// Check returns every import of pkgs that a rule forbids, sorted, and the
// packages no rule places.
func Check(pkgs []Package, rules []Rule) (violations []Violation, unplaced []string) {
	imports := map[string][]string{}
	for _, p := range pkgs {
		imports[p.Path] = p.Imports
	}
	for _, p := range pkgs {
		placed := false
		for _, r := range rules {
			if !Match(r.From, p.Path) || slices.ContainsFunc(r.Except, func(e string) bool { return Match(e, p.Path) }) {
				continue
			}
			placed = true
			for to, path := range reachable(p.Path, imports) {
				for _, not := range r.Not {
					if to != p.Path && Match(not, to) && !Match(r.From, to) {
						violations = append(violations, Violation{From: p.Path, To: to, Path: path, Rule: r})
						break
					}
				}
			}
		}
		if !placed {
			unplaced = append(unplaced, p.Path)
		}
	}
	slices.SortFunc(violations, func(a, b Violation) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Rule.From, b.Rule.From))
	})
	slices.Sort(unplaced)
	return violations, unplaced
}

// reachable returns every package from reaches through imports, each with
// a shortest import path to it (breadth first, imports in sorted order, so
// the path named is stable).
func reachable(from string, imports map[string][]string) map[string][]string {
	paths := map[string][]string{from: {from}}
	queue := []string{from}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range slices.Sorted(slices.Values(imports[cur])) {
			if _, seen := paths[n]; seen {
				continue
			}
			paths[n] = append(slices.Clone(paths[cur]), n)
			queue = append(queue, n)
		}
	}
	delete(paths, from)
	return paths
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
