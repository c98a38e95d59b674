// Package rules holds the Japanese Arrows human rules. The rules are data:
// a rules file (the reference's rules.yaml syntax) whose first-order
// conditions are compiled by package fol into human.Rule values that the
// shared engine runs against the candidate grid, and whose Backtrack
// entries become the engine's trial rules with the reference solver's
// meaning (see Trial). Each conclusion of a witness is a deduction of its
// own, as the reference applies them in its chains. With the reference's
// own rules file the engine reproduces the reference's verdict and
// highest complexity used on every corpus puzzle (TestReferenceVerdicts);
// Grade's Difficulty ranks by that complexity. The package also audits a
// rules file against a SAT oracle and generates puzzles.
package rules

import (
	_ "embed"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/human"
	model "github.com/puzzlesat/puzzlesat/kinds/arrows/model"
	"github.com/puzzlesat/puzzlesat/kinds/arrows/rules/fol"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

//go:embed default_rules.yaml
var defaultRules []byte

// DefaultRulesName is the name errors give the built-in rules file.
const DefaultRulesName = "default_rules.yaml"

// Rule is one first-order rule of a rules file.
type Rule struct {
	Name        string
	Doc         string
	Level       int // the file's complexity
	Pos         fol.Position
	Condition   string
	Conclusions []string
	Checked     *fol.Checked
	// Say is the rule's finding in plain English, the reason a step
	// gives: {p}, {q}, ... stand for the bound variables (a cell as
	// r1c2, a number as itself), {cell} for the cell concluded on,
	// {values} for the values it rules out ("1, 2 or 3") and {value} for
	// the one it leaves. "" words the step in the rule's own syntax.
	Say string

	// say, for a built-in rule, words its finding at a cell.
	say func(cell string, val, seen, union int) string
}

// Trial is a backtracking entry of a rules file (kind: Backtrack). It
// becomes an engine trial rule (human.Trial) with the reference solver's
// meaning (japanese_arrows/solver/solver.py, _apply_backtrack_rule and
// _find_contradiction_optimized): at its complexity, it assumes cell = v
// for the empty cells with fewest candidates first (ties in row-major
// order) and ascending v, and searches depth first for a chain of at most
// rule_depth single conclusions of the rules of complexity ≤
// max_rule_complexity, each applied alone, that reaches a contradiction: a
// conclusion that empties a cell, or a state that fails the reference's
// consistency check (the built-in SEES_TOO_MANY: a filled arrow seeing more
// distinct numbers than its own), checked on the assumption and after
// every conclusion without taking a step. The first assumption so refuted
// is eliminated, one per application, and solving restarts from the
// cheapest rule. backtrack_depth, which the reference reads but does not
// use, nests: with d > 1 the trial may be used inside itself d−1 times.
type Trial struct {
	Name           string
	Level          int
	Depth          int // rule_depth
	BacktrackDepth int // backtrack_depth: 1 + how often it may nest in itself
	MaxRuleLevel   int // max_rule_complexity (0: every level below its own)
}

// RuleSet is a loaded and type-checked rules file.
type RuleSet struct {
	File   string
	Rules  []*Rule
	Trials []Trial
}

// Default returns our own rules (default_rules.yaml, embedded).
func Default() *RuleSet {
	rs, err := ParseRules(DefaultRulesName, defaultRules)
	if err != nil {
		panic("arrows: built-in rules do not compile: " + err.Error())
	}
	return rs
}

// DefaultRulesText is the text of the built-in rules file.
func DefaultRulesText() []byte { return append([]byte(nil), defaultRules...) }

// LoadRules reads and checks a rules file.
func LoadRules(path string) (*RuleSet, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseRules(path, data)
}

// ParseRules reads and type-checks a rules file. Errors are a
// puzzle.ErrorList positioned by line and column of the file; every rule
// is checked, so all broken rules are reported at once.
func ParseRules(name string, data []byte) (*RuleSet, error) {
	items, err := parseYAML(name, srcpos.TrimBOM(data))
	if err != nil {
		if pe, ok := err.(*puzzle.Error); ok {
			pe.File = name
		}
		return nil, err
	}
	var errs puzzle.ErrorList
	add := func(p fol.Position, format string, args ...any) {
		errs.Add(name, p.Line, p.Col, format, args...)
	}
	rs := &RuleSet{File: name}
	names := map[string]bool{}
	for _, it := range items {
		str := func(key string) (scalar, bool) {
			f := it.get(key)
			if f == nil {
				return scalar{}, false
			}
			if f.IsList {
				add(f.KeyPos, "%s must be a single value", key)
				return scalar{}, false
			}
			return f.Value, true
		}
		num := func(key string, def int) int {
			s, ok := str(key)
			if !ok {
				return def
			}
			n, err := strconv.Atoi(strings.TrimSpace(s.Text))
			if err != nil || n < 0 {
				add(s.Pos, "%s must be a non-negative integer, have %q", key, s.Text)
				return def
			}
			return n
		}
		for _, f := range it.Fields {
			switch f.Key {
			case "name", "condition", "kind", "complexity", "conclusions", "doc", "description", "say",
				"backtrack_depth", "rule_depth", "max_rule_complexity":
			default:
				add(f.KeyPos, "unknown key %q", f.Key)
			}
		}
		nm, ok := str("name")
		if !ok || strings.TrimSpace(nm.Text) == "" {
			add(it.Pos, "rule has no name")
			continue
		}
		if names[nm.Text] {
			add(nm.Pos, "duplicate rule name %s", nm.Text)
		}
		names[nm.Text] = true
		kind := "FO"
		if k, ok := str("kind"); ok {
			kind = k.Text
		}
		level := num("complexity", 1)
		doc := ""
		if d, ok := str("doc"); ok {
			doc = d.Text
		} else if d, ok := str("description"); ok {
			doc = d.Text
		}
		switch kind {
		case "Backtrack", "backtrack":
			t := Trial{Name: nm.Text, Level: level, Depth: num("rule_depth", 1),
				BacktrackDepth: num("backtrack_depth", 1), MaxRuleLevel: num("max_rule_complexity", 0)}
			if t.Depth < 1 {
				add(nm.Pos, "rule_depth must be at least 1")
			}
			if t.BacktrackDepth < 1 {
				add(nm.Pos, "backtrack_depth must be at least 1")
			}
			if t.MaxRuleLevel >= t.Level {
				add(nm.Pos, "max_rule_complexity %d must be below the rule's complexity %d", t.MaxRuleLevel, t.Level)
			}
			rs.Trials = append(rs.Trials, t)
			continue
		case "FO", "fo":
		default:
			add(nm.Pos, "unknown kind %q (want FO or Backtrack)", kind)
			continue
		}
		r := &Rule{Name: nm.Text, Doc: doc, Level: level, Pos: it.Pos}
		if sy, ok := str("say"); ok {
			r.Say = strings.TrimSpace(sy.Text)
		}
		cond, ok := str("condition")
		if !ok {
			cond = scalar{Pos: it.Pos}
		}
		r.Condition = cond.Text
		f, err := fol.ParseCondition(cond.Text, cond.Pos)
		if err != nil {
			addFol(add, err)
			continue
		}
		cf := it.get("conclusions")
		if cf == nil || len(cf.List) == 0 {
			add(it.Pos, "rule %s has no conclusions", r.Name)
			continue
		}
		var concl []*fol.Conclusion
		bad := false
		for _, s := range cf.List {
			c, err := fol.ParseConclusion(s.Text, s.Pos)
			if err != nil {
				addFol(add, err)
				bad = true
				continue
			}
			concl = append(concl, c)
			r.Conclusions = append(r.Conclusions, s.Text)
		}
		if bad {
			continue
		}
		ch, err := fol.Check(f, concl)
		if err != nil {
			addFol(add, err)
			continue
		}
		if _, err := fol.Compile(ch, fol.Options{}); err != nil {
			add(cond.Pos, "%v", err)
			continue
		}
		r.Checked = ch
		rs.Rules = append(rs.Rules, r)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(rs.Rules) == 0 {
		return nil, &puzzle.Error{File: name, Msg: "no first-order rules"}
	}
	return rs, nil
}

func addFol(add func(fol.Position, string, ...any), err error) {
	if fe, ok := err.(*fol.Error); ok {
		add(fol.Position{Line: fe.Line, Col: fe.Col}, "%s", fe.Msg)
		return
	}
	add(fol.Position{}, "%v", err)
}

// TrialDepth is the longest chain (rule_depth) of the file's Backtrack
// rules, 0 when it has none.
func (rs *RuleSet) TrialDepth() int {
	d := 0
	for _, t := range rs.Trials {
		d = max(d, t.Depth)
	}
	return d
}

// MaxLevel is the highest level among the plain rules.
func (rs *RuleSet) MaxLevel() int {
	m := 0
	for _, r := range rs.Rules {
		m = max(m, r.Level)
	}
	return m
}

// Without returns a copy of rs without the named rules.
func (rs *RuleSet) Without(names ...string) *RuleSet {
	out := &RuleSet{File: rs.File, Trials: rs.Trials}
	for _, r := range rs.Rules {
		if !contains(names, r.Name) {
			out.Rules = append(out.Rules, r)
		}
	}
	return out
}

// UpToLevel returns a copy of rs with the plain rules of level ≤ max.
func (rs *RuleSet) UpToLevel(max int) *RuleSet {
	out := &RuleSet{File: rs.File, Trials: rs.Trials}
	for _, r := range rs.Rules {
		if r.Level <= max {
			out.Rules = append(out.Rules, r)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// SeesTooMany is the built-in rule that is the reference solver's
// consistency check: a filled arrow that already sees more distinct
// numbers than its own. The Backtrack rules run it as their check.
const SeesTooMany = "SEES_TOO_MANY"

// Consistency rules are added to every rule set (unless the file defines
// rules of the same names): they find states where a filled arrow already
// sees more distinct values than its number, or can no longer see enough,
// so that a full grid that breaks the puzzle is never taken as solved.
// SEES_TOO_MANY is the reference's consistency check; SEES_TOO_FEW, an
// ordinary level-1 rule inside trials too, concludes on filled cells what
// the reference's MAX_CANDIDATES (complexity 2) does, so with the
// reference's file it shortens no chain.
var consistency = []struct {
	name, cond, concl, doc string
	// say explains the finding at cell p: its number and the distinct
	// numbers its ray shows already, or can still show.
	say func(cell string, val, seen, union int) string
}{
	{SeesTooMany, "exists p (val(p) != nil ^ sees_distinct(p) > val(p))", "exclude(p, val(p))",
		"A filled arrow already sees more distinct numbers than its own.",
		func(cell string, val, seen, _ int) string {
			return fmt.Sprintf("%s holds %d but already sees %d different numbers", cell, val, seen)
		}},
	{"SEES_TOO_FEW", "exists p (val(p) != nil ^ sees_distinct_candidates(p) < val(p))", "exclude(p, val(p))",
		"A filled arrow can no longer see as many distinct numbers as its own.",
		func(cell string, val, _, union int) string {
			return fmt.Sprintf("%s holds %d but its ray can show at most %d different numbers", cell, val, union)
		}},
}

// HumanRules compiles the plain rules, with the built-in consistency
// rules at level 1, into engine rules using the optimizer passes opt, and
// the Backtrack entries into engine trial rules (see Trial).
func (rs *RuleSet) HumanRules(opt fol.Options) ([]*human.Rule, error) {
	var out []*human.Rule
	have := map[string]bool{}
	for _, r := range rs.Rules {
		have[r.Name] = true
	}
	for _, c := range consistency {
		if have[c.name] {
			continue
		}
		f, err := fol.ParseCondition(c.cond, fol.Position{Line: 1, Col: 1})
		if err != nil {
			return nil, err
		}
		k, err := fol.ParseConclusion(c.concl, fol.Position{Line: 1, Col: 1})
		if err != nil {
			return nil, err
		}
		ch, err := fol.Check(f, []*fol.Conclusion{k})
		if err != nil {
			return nil, err
		}
		hr, err := compileRule(&Rule{Name: c.name, Level: 1, Doc: "built-in consistency check: " + c.doc, Condition: c.cond,
			Conclusions: []string{c.concl}, Checked: ch, say: c.say}, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, hr)
	}
	for _, r := range rs.Rules {
		hr, err := compileRule(r, opt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.Name, err)
		}
		out = append(out, hr)
	}
	for _, t := range rs.Trials {
		out = append(out, t.rule())
	}
	if err := human.Validate(out); err != nil {
		return nil, err
	}
	return out, nil
}

// rule is the engine trial rule of a Backtrack entry.
func (t Trial) rule() *human.Rule {
	return &human.Rule{Name: t.Name, Level: t.Level,
		Doc: fmt.Sprintf("Assume one value of a cell with fewest candidates; if a chain of at most %d conclusion(s) of rules of complexity ≤ %d reaches a contradiction, eliminate it.",
			t.Depth, t.MaxRuleLevel),
		Trial: &human.Trial{MaxLevel: t.MaxRuleLevel, Chain: t.Depth, Nest: t.BacktrackDepth - 1, First: true,
			Checks: []string{SeesTooMany}}}
}

// AllPasses is fol.AllOptimizations (for callers that do not import fol).
func AllPasses() fol.Options { return fol.AllOptimizations }

// maxDeductions bounds what one rule reports on one state.
const maxDeductions = 5000

func compileRule(r *Rule, opt fol.Options) (*human.Rule, error) {
	prog, err := fol.Compile(r.Checked, opt)
	if err != nil {
		return nil, err
	}
	var wnames []string
	for n := range r.Checked.Witness {
		wnames = append(wnames, n)
	}
	sort.Strings(wnames)
	// The witnesses' cells, looked up once rather than by name per finding.
	var posSlots []int
	for _, n := range wnames {
		if b := r.Checked.Witness[n]; b.Type == fol.TPos {
			posSlots = append(posSlots, fol.Slot(b))
		}
	}
	doc := r.Doc
	if doc == "" {
		doc = r.Condition + " ⇒ " + strings.Join(r.Conclusions, ", ")
	}
	apply := func(w *fol.World, pass *human.Pass) []human.Deduction {
		s := human.Memo(pass, stateKey{}, func() *fol.State { return newState(w, pass.Cands) }).Fork()
		s.Limit(pass.Context(), fol.DefaultBudget)
		var out []human.Deduction
		prog.Witnesses(s, func(env []int) bool {
			var seen []int
			for _, sl := range posSlots {
				if p := env[sl]; p >= 0 && p < w.N {
					seen = append(seen, p)
				}
			}
			// One deduction per conclusion, each on the state as the
			// witness found it: a trial's chain applies them one by one,
			// as the reference solver does.
			for k := range prog.Conclusions() {
				cell, rm, empty := prog.ConcludeOne(s, env, k)
				if cell < 0 || rm == 0 && !empty {
					continue
				}
				d := human.Deduction{Contradiction: empty}
				switch {
				case pass.Terse():
				case r.say != nil:
					d.Reason = r.Name + ": " + sayAt(r, w, pass.Cands, cell)
				case r.Say != "":
					d.Reason = saySentence(r, w, env, wnames, cell, uint64(pass.Cands[cell]), rm)
				default:
					d.Reason = reason(r, w, env, wnames, k)
				}
				for x := rm; x != 0; x &= x - 1 {
					d.Elims = append(d.Elims, human.Elim{Var: cell, Value: bits.TrailingZeros64(x)})
				}
				cells := append(slices.Clone(seen), cell)
				slices.Sort(cells)
				for _, c := range slices.Compact(cells) {
					d.Cells = append(d.Cells, w.P.Pos(c))
				}
				out = append(out, d)
				if empty || len(out) >= maxDeductions {
					return false
				}
			}
			return true
		})
		if err := s.Err(); err != nil {
			pass.Fail(err)
			return nil
		}
		return out
	}
	return &human.Rule{Name: r.Name, Doc: doc, Level: r.Level, Apply: human.Typed(apply)}, nil
}

// stateKey names the fol.State of a candidate grid that every rule of a
// rule set reads (human.Memo): inside a trial's chain, each state the
// search reaches is read by every inner rule and the check, and
// summarising it once per rule was a tenth of a trial's work.
type stateKey struct{}

// newState is the fol.State of cands over w.
func newState(w *fol.World, cands []human.Cands) *fol.State {
	c := make([]uint64, len(cands))
	for i, x := range cands {
		c[i] = uint64(x)
	}
	return fol.NewState(w, c)
}

// sayAt words a built-in rule's finding at cell p of cands.
func sayAt(r *Rule, w *fol.World, cands []human.Cands, p int) string {
	var seen, union human.Cands
	for _, q := range w.Ray(p) {
		if v, ok := cands[q].Single(); ok {
			seen |= human.Only(v)
		}
		union |= cands[q]
	}
	val, _ := cands[p].Single()
	return r.say(w.P.Pos(p).String(), val, seen.Count(), union.Count())
}

// saySentence fills in the rule's Say for one finding: the bound
// variables, the cell concluded on, the values it rules out of cands
// (rm) and the value it leaves.
func saySentence(r *Rule, w *fol.World, env []int, wnames []string, cell int, cands, rm uint64) string {
	var pairs []string
	for i, word := range witnessWords(r, w, env, wnames, "nothing", func(d model.Dir) string { return string(d.Glyph()) }) {
		pairs = append(pairs, "{"+wnames[i]+"}", word)
	}
	var vals []string
	for x := rm; x != 0; x &= x - 1 {
		vals = append(vals, strconv.Itoa(bits.TrailingZeros64(x)))
	}
	kept := "?"
	if left := cands &^ rm; bits.OnesCount64(left) == 1 {
		kept = strconv.Itoa(bits.TrailingZeros64(left))
	}
	pairs = append(pairs, "{cell}", w.P.Pos(cell).String(), "{values}", orList(vals), "{value}", kept)
	return strings.NewReplacer(pairs...).Replace(strings.Join(strings.Fields(r.Say), " "))
}

// witnessWords words the values env binds to the variables wnames of r's
// witness: none for nil, a position as its cell, a direction by dir, a
// number as itself.
func witnessWords(r *Rule, w *fol.World, env []int, wnames []string, none string, dir func(model.Dir) string) []string {
	words := make([]string, len(wnames))
	for i, n := range wnames {
		b := r.Checked.Witness[n]
		v := env[fol.Slot(b)]
		switch {
		case v == fol.Nil:
			words[i] = none
		case b.Type == fol.TPos && v >= 0 && v < w.N:
			words[i] = w.P.Pos(v).String()
		case b.Type == fol.TDir && v >= 0 && v < 8:
			words[i] = dir(model.Dir(v))
		default:
			words[i] = strconv.Itoa(v)
		}
	}
	return words
}

// orList writes "a", "a or b", "a, b or c".
func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return "nothing"
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

func reason(r *Rule, w *fol.World, env []int, wnames []string, k int) string {
	var parts []string
	for i, word := range witnessWords(r, w, env, wnames, "nil", model.Dir.String) {
		parts = append(parts, wnames[i]+"="+word)
	}
	return fmt.Sprintf("%s with %s: %s", r.Name, strings.Join(parts, ", "), r.Conclusions[k])
}

// Input is the engine input (human.Engine.Solve's puz) for p: the rules
// read its world.
func Input(p *model.Puzzle) *fol.World { return fol.NewWorld(p) }

// Start returns the starting candidates of p: every value, givens fixed.
func Start(p *model.Puzzle) []human.Cands {
	cs, err := human.FullFor(p)
	if err != nil {
		return nil
	}
	for i := range cs {
		pos := p.Pos(i)
		if g := p.Given[pos.Row][pos.Col]; g >= 0 {
			cs[i] = human.Only(g)
		}
	}
	return cs
}
