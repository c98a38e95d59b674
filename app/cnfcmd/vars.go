package cnfcmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/sat"
)

// parseVars reads a --vars list such as "1-20,25" into sorted, distinct
// variables, each within 1..maxVar. The empty string means all of them.
func parseVars(spec string, maxVar int) ([]int, error) {
	if strings.TrimSpace(spec) == "" {
		return sat.Vars(maxVar), nil
	}
	seen := make(map[int]bool)
	var out []int
	add := func(v int) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := varNumber(lo, maxVar)
		if err != nil {
			return nil, fmt.Errorf("--vars %q: %v", spec, err)
		}
		b := a
		if isRange {
			if b, err = varNumber(hi, maxVar); err != nil {
				return nil, fmt.Errorf("--vars %q: %v", spec, err)
			}
			if b < a {
				return nil, fmt.Errorf("--vars %q: empty range %s", spec, part)
			}
		}
		for v := a; v <= b; v++ {
			add(v)
		}
	}
	slices.Sort(out)
	return out, nil
}

func varNumber(s string, maxVar int) (int, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q is not a variable number", s)
	case v < 1 || v > maxVar:
		return 0, fmt.Errorf("variable %d out of range 1-%d", v, maxVar)
	}
	return v, nil
}

// exportedPrimary returns the variables a `puzzlesat cnf export` file names
// in its "c lit N = ..." comment lines, sorted, or nil when it names none.
func exportedPrimary(data []byte) []int {
	seen := make(map[int]bool)
	var out []int
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "c lit ")
		if !ok {
			continue
		}
		word, _, _ := strings.Cut(rest, " ")
		n, err := strconv.Atoi(word)
		if err != nil || n == 0 {
			continue
		}
		if n < 0 {
			n = -n
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
