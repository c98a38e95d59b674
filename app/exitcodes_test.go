package app_test

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/puzzlesat/puzzlesat/app/clitest"
)

// Inputs of the exit-code table, relative to this package.
const (
	ecJanko   = "../testdata/juosan/janko/6x6_1.in"
	ecJankoOK = "../testdata/juosan/janko/6x6_1.ans"
	ecPlay    = "../testdata/juosan/janko_instances.json"
	ecArrows  = "../testdata/arrows/2026-03-07"
	ecUF20    = "../testdata/cnf/UF20/uf20-01.cnf"
	ecShift   = "../testdata/shift/loopover-3x3-worst.txt"
	ecSwap    = "../testdata/shift/swap.txt"
	ecLiar    = "../testdata/hostile/rule-removes-true-value.yaml"
	ecRules   = "../testdata/arrows/rules.yaml"
	// ecBench is a run of bench --quick --kind linjat --solvers gini
	// --enc ladder in the Go benchmark format; ecBenchFewer the same with
	// one clause fewer, which any run of it exceeds.
	ecBench      = "../testdata/bench/linjat-ladder.txt"
	ecBenchFewer = "../testdata/bench/linjat-ladder-fewer-clauses.txt"
)

// exitCase is one run that must end with one of its command's documented
// exit codes.
type exitCase struct {
	cmd   string // the command as the README's table names it
	code  int
	stdin string
	args  []string
}

// exitCases reach every exit code the README documents for every command,
// in process.
func exitCases() []exitCase {
	const (
		free  = "p cnf 12 0\n"             // 4096 solutions
		one   = "p cnf 2 2\n1 0\n-2 0\n"   // exactly one
		unsat = "p cnf 1 2\n1 0\n-1 0\n"   // none
		junk  = "p cnf 2 1\n1 x 0\n"       // malformed
		bad   = "juosan\nsize 2 2\ngrid\n" // no grid rows
	)
	unsolvable := []string{"--rule", "majority", ecPlay + "#5x5_1"}
	// wiped is a Juosan puzzle with three numbers wiped: several
	// solutions, which repair makes one.
	six, _ := os.ReadFile("../testdata/juosan/6x6_1.juosan")
	wiped := strings.NewReplacer("b7", "b ", "d5", "d ", "c2", "c ").Replace(string(six))
	cases := []exitCase{
		{"solve", 0, "", []string{"solve", ecJanko}},
		{"solve", 1, "", append([]string{"solve"}, unsolvable...)},
		{"solve", 2, bad, []string{"solve", "-"}},
		{"solve", 3, "", []string{"solve", "--timeout", "1ns", ecJanko}},
		{"check", 0, "", []string{"check", ecJanko}},
		{"check", 1, "", []string{"check", ecPlay + "#4x4_1"}},
		{"check", 2, "", []string{"check", "nosuch.in"}},
		{"check", 3, "", []string{"check", "--timeout", "1ns", ecJanko}},
		{"backbone", 0, "", []string{"backbone", ecPlay + "#4x4_3"}},
		{"backbone", 1, "", append([]string{"backbone"}, unsolvable...)},
		{"backbone", 2, "", []string{"backbone", ecJanko, "--solver", "nosuch"}},
		{"backbone", 3, "", []string{"backbone", "--timeout", "1ns", ecJanko}},
		{"count", 0, "", []string{"count", ecPlay + "#4x4_2"}},
		{"count", 2, "", []string{"count", "--max", "-1", ecJanko}},
		{"count", 3, "", []string{"count", "--timeout", "1ns", ecJanko}},
		{"verify", 0, "", []string{"verify", ecJanko, ecJankoOK}},
		{"verify", 1, strings.Repeat("- - - - - -\n", 6), []string{"verify", ecJanko, "-"}},
		{"verify", 2, "", []string{"verify", ecJanko}},
		{"grade", 0, "", []string{"grade", ecJanko}},
		{"grade", 0, "", []string{"grade", "--hint", ecJanko}},
		{"grade", 1, "", []string{"grade", ecPlay + "#4x4_1"}},
		{"grade", 1, "", []string{"grade", "--hint", ecPlay + "#4x4_1"}},
		{"grade", 1, "", []string{"grade", "--rules", ecLiar, ecArrows}},
		{"grade", 2, "", []string{"grade", "--trials", "-2", ecJanko}},
		{"grade", 3, "", []string{"grade", "--timeout", "1ns", ecJanko}},
		{"minimize", 0, "", []string{"minimize", ecJanko}},
		{"minimize", 1, "", []string{"minimize", ecPlay + "#4x4_1"}},
		{"minimize", 2, "", []string{"minimize", "--band", "nosuch", ecJanko}},
		{"minimize", 3, "", []string{"minimize", "--timeout", "1ns", ecJanko}},
		{"repair", 0, wiped, []string{"repair", "-"}},
		{"repair", 1, "", []string{"repair", ecPlay + "#4x4_1"}},
		{"repair", 1, "", append([]string{"repair"}, unsolvable...)},
		{"repair", 2, "", []string{"repair", "nosuch.in"}},
		{"repair", 3, "", []string{"repair", "--timeout", "1ns", ecJanko}},
		{"convert", 0, "", []string{"convert", "--to", "puzzlink", ecJanko}},
		{"convert", 2, "", []string{"convert", "--to", "pdf", ecJanko}},
		{"cnf solve", 10, "", []string{"cnf", "solve", ecUF20}},
		{"cnf solve", 20, unsat, []string{"cnf", "solve", "-"}},
		{"cnf solve", 0, free, []string{"cnf", "solve", "--timeout", "1ns", "-"}},
		{"cnf solve", 2, junk, []string{"cnf", "solve", "-"}},
		{"cnf count", 0, free, []string{"cnf", "count", "-"}},
		{"cnf unique", 0, one, []string{"cnf", "unique", "-"}},
		{"cnf unique", 1, free, []string{"cnf", "unique", "-"}},
		{"cnf backbone", 0, one, []string{"cnf", "backbone", "-"}},
		{"cnf backbone", 1, unsat, []string{"cnf", "backbone", "-"}},
		{"cnf export", 0, "", []string{"cnf", "export", ecJanko}},
		{"cnf export", 2, bad, []string{"cnf", "export", "-"}},
		{"rules check", 0, "", []string{"rules", "check", ecRules}},
		{"rules check", 1, "- name: A\n  condtion: x\n", []string{"rules", "check", "-"}},
		{"rules check", 2, "", []string{"rules", "check", "missing.yaml"}},
		{"rules audit", 0, "", []string{"rules", "audit", ecArrows}},
		{"rules audit", 1, "", []string{"rules", "audit", "--rules", ecLiar, ecArrows}},
		{"rules audit", 2, "", []string{"rules", "audit", "--rules", "missing.yaml", ecArrows}},
		{"rules audit", 3, "", []string{"rules", "audit", "--timeout", "1ns", ecArrows}},
		{"shift solve", 0, "", []string{"shift", "solve", ecSwap}},
		{"shift solve", 1, "", []string{"shift", "solve", "--max-steps", "2", ecShift}},
		{"shift solve", 2, "", []string{"shift", "solve", "--builtin", "nosuch"}},
		{"shift solve", 3, "", []string{"shift", "solve", "--timeout", "1ns", ecShift}},
		{"shift apply", 0, "", []string{"shift", "apply", ecSwap, "unrot"}},
		{"shift apply", 1, "", []string{"shift", "apply", ecSwap}},
		{"shift apply", 2, "", []string{"shift", "apply", ecSwap, "nosuch"}},
		{"shift scramble", 0, "", []string{"shift", "scramble", ecShift}},
		{"shift tables", 0, "", []string{"shift", "tables", ecSwap}},
		{"shift tables", 2, "", []string{"shift", "tables", "nosuch.txt"}},
		{"shift tables", 3, "", []string{"shift", "tables", "--timeout", "1ns", ecShift}},
		{"shift scramble", 2, "", []string{"shift", "scramble", "nosuch.txt"}},
		{"generate", 0, "", []string{"generate", "--kind", "juosan", "--size", "4x4", "--difficulty", "easy"}},
		{"generate", 1, "", []string{"generate", "--kind", "shinro", "--size", "4x4", "--score", "1000000..", "--attempts", "2"}},
		{"generate", 2, "", []string{"generate", "--kind", "nosuch"}},
		{"generate", 3, "", []string{"generate", "--kind", "juosan", "--timeout", "1ns"}},
		{"bench", 0, "", []string{"bench", "--corpus", "../testdata", "--kind", "arrows", "--counts"}},
		{"bench", 1, "", []string{"bench", "--corpus", "../testdata", "--quick", "--kind", "linjat", "--solvers", "gini", "--enc", "ladder", "--reps", "1", "--baseline", ecBenchFewer}},
		{"bench", 2, "", []string{"bench", "--kind", "bogus"}},
		{"bench", 3, "", []string{"bench", "--corpus", "../testdata", "--kind", "juosan", "--solvers", "gini", "--timeout", "1ns"}},
		{"bench compare", 0, "", []string{"bench", "compare", ecBench, ecBench}},
		{"bench compare", 1, "", []string{"bench", "compare", ecBenchFewer, ecBench}},
		{"bench compare", 2, "", []string{"bench", "compare", ecBench}},
		{"crosscheck", 0, "", []string{"crosscheck", "--solvers", "gini", ecJanko}},
		{"crosscheck", 1, "", []string{"crosscheck", "--solvers", "gini", "--rules", ecLiar, ecArrows}},
		{"crosscheck", 2, "", []string{"crosscheck", "--solvers", "gini", "nosuch.in"}},
		{"crosscheck", 3, "", []string{"crosscheck", "--solvers", "gini", "--timeout", "1ns", ecJanko}},
		{"kinds", 0, "", []string{"kinds"}},
		{"render", 0, "", []string{"render", ecJanko}},
		{"render", 1, "", []string{"render", "--second", ecJanko}},
		{"render", 2, "", []string{"render", "nosuch.in"}},
		{"render", 3, "", []string{"render", "--solution", "--timeout", "1ns", ecJanko}},
		{"report", 0, "", []string{"report", "-o", "-", ecJanko}},
		{"report", 1, "", []string{"report", "-o", "-", ecPlay + "#4x4_1"}},
		{"report", 2, "", []string{"report", "-o", "-", "nosuch.in"}},
		{"report", 3, "", []string{"report", "--timeout", "1ns", "-o", "-", ecJanko}},
		// serve runs until interrupted; its help ends with 0 as a stop does
		// (app/servecmd's tests stop a running server).
		{"serve", 0, "", []string{"serve", "--help"}},
		{"serve", 2, "", []string{"serve", "--addr", "256.0.0.1:1"}},
		// A flag's own bound (appio.AtLeast) and --format's, whether the
		// flag comes before or after the arguments.
		{"generate", 2, "", []string{"generate", "--kind", "juosan", "--count", "0"}},
		{"serve", 2, "", []string{"serve", "--jobs", "-1"}},
		{"bench", 2, "", []string{"bench", "--reps", "0"}},
		{"crosscheck", 2, "", []string{"crosscheck", ecJanko, "--max", "0"}},
		{"check", 2, "", []string{"check", ecJanko, "--format", "xml"}},
		{"shift solve", 2, "", []string{"shift", "solve", "--format", "yaml", ecSwap}},
	}
	// The cnf commands that answer a question of the formula read
	// malformed input as 2 and a run past --timeout as 3, every one alike.
	for _, sub := range []string{"count", "unique", "backbone"} {
		cases = append(cases,
			exitCase{"cnf " + sub, 2, junk, []string{"cnf", sub, "-"}},
			exitCase{"cnf " + sub, 3, free, []string{"cnf", sub, "--timeout", "1ns", "-"}})
	}
	return cases
}

// TestExitCodes runs every case: each command ends with the code the
// README's table documents for that outcome.
func TestExitCodes(t *testing.T) {
	for _, tc := range exitCases() {
		t.Run(fmt.Sprintf("%s %d %s", tc.cmd, tc.code, strings.Join(tc.args[len(strings.Fields(tc.cmd)):], " ")), func(t *testing.T) {
			t.Parallel()
			code, out, errs := clitest.Run(tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit code: have %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, clip(out), clip(errs))
			}
		})
	}
}

// TestExitCodesDocumented holds the README's command table and the cases
// to each other: every command the table lists has cases reaching exactly
// the codes it documents.
func TestExitCodesDocumented(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := documentedCodes(t, string(data))
	if len(doc) == 0 {
		t.Fatal("README.md: no command table found")
	}
	have := map[string]map[int]bool{}
	for _, tc := range exitCases() {
		if have[tc.cmd] == nil {
			have[tc.cmd] = map[int]bool{}
		}
		have[tc.cmd][tc.code] = true
	}
	for _, cmd := range slices.Sorted(maps.Keys(doc)) {
		want := slices.Sorted(maps.Keys(doc[cmd]))
		got := slices.Sorted(maps.Keys(have[cmd]))
		if !slices.Equal(got, want) {
			t.Errorf("%s: the README documents exit codes %v, the cases reach %v", cmd, want, got)
		}
	}
	for _, cmd := range slices.Sorted(maps.Keys(have)) {
		if doc[cmd] == nil {
			t.Errorf("%s: cases for a command the README's table does not list", cmd)
		}
	}
}

var (
	// tableRow is a row of the README's command table: the command in
	// backquotes, what it does, its exit codes.
	tableRow = regexp.MustCompile("(?m)^\\| `([^`]+)` \\|.*\\| ([^|]*) \\|$")
	// codeItem is an exit code at the start of a comma-separated item:
	// "0 solved", "2", "1 `unique`: none".
	codeItem = regexp.MustCompile(`(?:^|, )(\d+)`)
)

// documentedCodes reads the command table: for every command (a row of
// "cnf unique\|backbone" names two) the exit codes its last column lists.
func documentedCodes(t *testing.T, readme string) map[string]map[int]bool {
	out := map[string]map[int]bool{}
	for _, m := range tableRow.FindAllStringSubmatch(readme, -1) {
		codes := map[int]bool{}
		for _, c := range codeItem.FindAllStringSubmatch(strings.TrimSpace(m[2]), -1) {
			n, err := strconv.Atoi(c[1])
			if err != nil {
				t.Fatal(err)
			}
			codes[n] = true
		}
		if len(codes) == 0 {
			continue // not the command table
		}
		for _, cmd := range commandNames(m[1]) {
			out[cmd] = codes
		}
	}
	return out
}

// commandNames reads "cnf unique\|backbone FILE.cnf" as "cnf unique" and
// "cnf backbone": the words before the first argument or flag, the last
// of them possibly alternatives.
func commandNames(usage string) []string {
	var words []string
	for _, w := range strings.Fields(usage) {
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "[") || unicode.IsUpper([]rune(w)[0]) {
			break
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		return nil
	}
	head := strings.Join(words[:len(words)-1], " ")
	var out []string
	for _, alt := range strings.Split(words[len(words)-1], `\|`) {
		out = append(out, strings.TrimSpace(head+" "+alt))
	}
	return out
}
