package human

import (
	"errors"
	"fmt"
	"sort"
)

// TrialRule is the rule name of the engine's proof-by-contradiction steps;
// no listed rule may use it.
const TrialRule = "trial"

// Validate checks a kind's rule list: no nil rule, non-empty unique names
// (other than TrialRule), a doc, an Apply function, and levels ≥ 1. The order
// need not be sorted: the engine sorts stably by level.
func Validate(rules []*Rule) error {
	var errs []error
	seen := make(map[string]int)
	for i, r := range rules {
		if r == nil {
			errs = append(errs, fmt.Errorf("rule %d is nil", i))
			continue
		}
		name := r.Name
		switch {
		case name == "":
			errs = append(errs, fmt.Errorf("rule %d has no name", i))
			name = fmt.Sprintf("#%d", i)
		case name == TrialRule:
			errs = append(errs, fmt.Errorf("rule %d: name %q is reserved for the engine's trials", i, name))
		}
		if j, dup := seen[r.Name]; dup && r.Name != "" {
			errs = append(errs, fmt.Errorf("rule %d: name %q already used by rule %d", i, r.Name, j))
		} else {
			seen[r.Name] = i
		}
		if r.Doc == "" {
			errs = append(errs, fmt.Errorf("rule %s has no doc", name))
		}
		if r.Apply == nil {
			errs = append(errs, fmt.Errorf("rule %s has no Apply", name))
		}
		if r.Level < 1 {
			errs = append(errs, fmt.Errorf("rule %s has level %d, want ≥ 1", name, r.Level))
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
