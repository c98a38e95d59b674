package human

import (
	"errors"
	"fmt"
	"sort"
)

// Validate checks a kind's rule list: no nil rule, non-empty unique names,
// a doc, levels ≥ 1, and either an Apply function or a valid Trial: one of
// Chain and Layers positive, Nest ≥ 0, MaxLevel below the trial's level,
// and Checks naming listed rules that are not trials. The order need not
// be sorted: the engine sorts stably by level.
func Validate(rules []*Rule) error {
	var errs []error
	seen := make(map[string]int)
	plain := make(map[string]bool)
	for _, r := range rules {
		if r != nil && r.Trial == nil {
			plain[r.Name] = true
		}
	}
	for i, r := range rules {
		if r == nil {
			errs = append(errs, fmt.Errorf("rule %d is nil", i))
			continue
		}
		name := r.Name
		if name == "" {
			errs = append(errs, fmt.Errorf("rule %d has no name", i))
			name = fmt.Sprintf("#%d", i)
		}
		if j, dup := seen[r.Name]; dup && r.Name != "" {
			errs = append(errs, fmt.Errorf("rule %d: name %q already used by rule %d", i, r.Name, j))
		} else {
			seen[r.Name] = i
		}
		if r.Doc == "" {
			errs = append(errs, fmt.Errorf("rule %s has no doc", name))
		}
		switch {
		case r.Apply == nil && r.Trial == nil:
			errs = append(errs, fmt.Errorf("rule %s has no Apply", name))
		case r.Apply != nil && r.Trial != nil:
			errs = append(errs, fmt.Errorf("rule %s has both Apply and Trial", name))
		}
		if r.Level < 1 {
			errs = append(errs, fmt.Errorf("rule %s has level %d, want ≥ 1", name, r.Level))
		}
		if t := r.Trial; t != nil {
			if (t.Chain > 0) == (t.Layers > 0) || t.Chain < 0 || t.Layers < 0 {
				errs = append(errs, fmt.Errorf("trial %s: Chain %d, Layers %d: want exactly one of them positive", name, t.Chain, t.Layers))
			}
			if t.Nest < 0 || t.Budget < 0 {
				errs = append(errs, fmt.Errorf("trial %s: Nest %d, Budget %d, want ≥ 0", name, t.Nest, t.Budget))
			}
			if t.MaxLevel < 0 || t.MaxLevel >= r.Level {
				errs = append(errs, fmt.Errorf("trial %s: MaxLevel %d, want 0..%d (below its level)", name, t.MaxLevel, r.Level-1))
			}
			for _, c := range t.Checks {
				if !plain[c] {
					errs = append(errs, fmt.Errorf("trial %s: check %q is not a listed rule with Apply", name, c))
				}
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("human: invalid rules: %w", errors.Join(errs...))
	}
	return nil
}

// SortByLevel returns the rules sorted stably by ascending level.
func SortByLevel(rules []*Rule) []*Rule {
	s := append([]*Rule(nil), rules...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].Level < s[j].Level })
	return s
}

// LayerTrials returns k trial rules for a rule list whose plain rules go
// up to level top: for d = 1..k, "trial-d" at level top+d assumes a value
// and applies at most d layers of the plain rules, eliminating every
// assumption so refuted. Taken in level order they give the shallowest
// proofs first, so the deepest one a solve uses is the depth it needs.
//
// With nest > 0 a last rule, "nested-trial" at level top+k+1, assumes a
// value and applies at most NestedLayers layers of the plain rules and of
// trial-1..k, and of itself nested up to nest−1 times more: a proof by
// contradiction inside a proof by contradiction. Its layer bound is wide
// so that the plain rules reach their fixpoint under the assumption before
// the inner trials are needed. Each of its applications eliminates one
// value (the first refuted in the engine's order), since its proofs are
// costly, and spends at most NestedBudget rule evaluations, so that on a
// large state it cannot refute it gives up in seconds rather than hours.
func LayerTrials(top, k, nest int) []*Rule {
	var rs []*Rule
	for d := 1; d <= k; d++ {
		rs = append(rs, &Rule{Name: fmt.Sprintf("trial-%d", d), Level: top + d,
			Doc:   fmt.Sprintf("Assume one value; if at most %d layer(s) of the rules reach a contradiction, the value is eliminated.", d),
			Trial: &Trial{MaxLevel: top, Layers: d}})
	}
	if nest > 0 && k > 0 {
		rs = append(rs, &Rule{Name: "nested-trial", Level: top + k + 1,
			Doc:   fmt.Sprintf("Assume one value; if the rules and proofs by contradiction of at most %d layer(s) inside it reach a contradiction within %d layers, the value is eliminated.", k, NestedLayers),
			Trial: &Trial{MaxLevel: top + k, Layers: NestedLayers, Nest: nest - 1, First: true, Budget: NestedBudget}})
	}
	return rs
}

// NestedLayers and NestedBudget are the layer bound and the Budget of
// LayerTrials' nested trial.
const (
	NestedLayers = 20
	NestedBudget = 20000
)

// Plain returns the rules of rs that are not trials.
func Plain(rs []*Rule) []*Rule {
	var out []*Rule
	for _, r := range rs {
		if r.Trial == nil {
			out = append(out, r)
		}
	}
	return out
}

// TopLevel is the highest level among the plain rules of rs (0 if none).
func TopLevel(rs []*Rule) int {
	top := 0
	for _, r := range rs {
		if r.Trial == nil {
			top = max(top, r.Level)
		}
	}
	return top
}

// WithTrials returns rules with their proofs by contradiction replaced:
// k < 0 keeps rules as they are (the kind's own trial rules); k ≥ 0 keeps
// the plain rules and adds LayerTrials(TopLevel(rules), k, 0), so k = 0
// solves without proofs by contradiction.
func WithTrials(rules []*Rule, k int) []*Rule {
	if k < 0 {
		return rules
	}
	return append(Plain(rules), LayerTrials(TopLevel(rules), k, 0)...)
}
