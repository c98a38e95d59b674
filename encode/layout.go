package encode

import "fmt"

// Layout maps a puzzle's unknowns to literals: Lits[i][j] is true exactly
// when unknown i takes value j. For a two-valued unknown on one variable x
// the row is {x, -x}. Every literal's variable is primary.
type Layout struct {
	Lits [][]int
}

// Primary returns the distinct variables of the layout, in order.
func (l Layout) Primary() []int {
	seen := map[int]bool{}
	var vs []int
	for _, row := range l.Lits {
		for _, lit := range row {
			v := lit
			if v < 0 {
				v = -v
			}
			if !seen[v] {
				seen[v] = true
				vs = append(vs, v)
			}
		}
	}
	return vs
}

// Decode reads each unknown's value from a model indexed by variable. It
// fails unless exactly one value literal of every unknown is true.
func (l Layout) Decode(model []bool) ([]int, error) {
	out := make([]int, len(l.Lits))
	for i, row := range l.Lits {
		out[i] = -1
		for j, lit := range row {
			if litTrue(model, lit) {
				if out[i] >= 0 {
					return nil, fmt.Errorf("encode: unknown %d has two values (%d and %d)", i, out[i], j)
				}
				out[i] = j
			}
		}
		if out[i] < 0 {
			return nil, fmt.Errorf("encode: unknown %d has no value", i)
		}
	}
	return out, nil
}

func litTrue(model []bool, lit int) bool {
	v := lit
	if v < 0 {
		v = -v
	}
	if v >= len(model) {
		return false
	}
	return model[v] == (lit > 0)
}
