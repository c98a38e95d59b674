package model

import "sort"

// GoalStates enumerates the arrangements of the start's tokens that satisfy
// the goal, in increasing lexicographic order of values. It gives up (ok is
// false) when there are more than limit of them or when the enumeration
// visits more than budget partial arrangements, so callers can fall back to
// compiling the constraints themselves. Reborn has 64.
func (p *Puzzle) GoalStates(limit, budget int) (states [][]int, ok bool) {
	n := p.NumCells()
	g := p.Goal
	vals, err := p.IntValues()
	if err != nil && len(g.Sums) > 0 {
		return nil, false
	}
	count := make([]int, len(p.Values))
	for _, v := range p.Start {
		count[v]++
	}
	// Cells in the order the search fills them: fixed target cells, then
	// cells of the constraints that are closest to complete, then the rest.
	sumsOf := make([][]int, n)
	for i, s := range g.Sums {
		for _, c := range s.Cells {
			sumsOf[c] = append(sumsOf[c], i)
		}
	}
	distOf := make([][]int, n)
	for i, d := range g.Distinct {
		for _, c := range d {
			distOf[c] = append(distOf[c], i)
		}
	}
	order := make([]int, 0, n)
	placed := make([]bool, n)
	fixed := func(c int) bool { return g.Target != nil && g.Target[c] != Any }
	for c := 0; c < n; c++ {
		if fixed(c) {
			order = append(order, c)
			placed[c] = true
		}
	}
	for len(order) < n {
		best, bestLeft := -1, 1<<30
		for _, s := range g.Sums {
			left := 0
			for _, c := range s.Cells {
				if !placed[c] {
					left++
				}
			}
			if left > 0 && left < bestLeft {
				bestLeft = left
				for _, c := range s.Cells {
					if !placed[c] {
						best = c
						break
					}
				}
			}
		}
		if best < 0 {
			for c := 0; c < n; c++ {
				if !placed[c] {
					best = c
					break
				}
			}
		}
		order = append(order, best)
		placed[best] = true
	}
	sumAt := make([]int, len(g.Sums))
	leftIn := make([]int, len(g.Sums))
	for i, s := range g.Sums {
		leftIn[i] = len(s.Cells)
	}
	// Values by increasing integer value, for the feasibility bounds.
	byVal := make([]int, len(p.Values))
	for i := range byVal {
		byVal[i] = i
	}
	if vals != nil {
		sort.Slice(byVal, func(a, b int) bool { return vals[byVal[a]] < vals[byVal[b]] })
	}
	// feasible: k more values drawn from the remaining multiset can make
	// the sum reach need (the k smallest and the k largest bound it).
	feasible := func(need, k int) bool {
		lo, hi := 0, 0
		for i, t := 0, k; i < len(byVal) && t > 0; i++ {
			take := min(t, count[byVal[i]])
			lo += take * vals[byVal[i]]
			t -= take
		}
		for i, t := len(byVal)-1, k; i >= 0 && t > 0; i-- {
			take := min(t, count[byVal[i]])
			hi += take * vals[byVal[i]]
			t -= take
		}
		return lo <= need && need <= hi
	}
	state := make([]int, n)
	for c := range state {
		state[c] = -1
	}
	nodes := 0
	var rec func(i int) bool // false: give up
	rec = func(i int) bool {
		nodes++
		if nodes > budget {
			return false
		}
		if i == n {
			if len(states) >= limit {
				return false
			}
			states = append(states, append([]int(nil), state...))
			return true
		}
		c := order[i]
		for v := range count {
			if count[v] == 0 || (fixed(c) && g.Target[c] != v) {
				continue
			}
			okv := true
			for _, d := range distOf[c] {
				for _, o := range g.Distinct[d] {
					if state[o] == v {
						okv = false
					}
				}
			}
			if !okv {
				continue
			}
			state[c] = v
			count[v]--
			for _, si := range sumsOf[c] {
				sumAt[si] += vals[v]
				leftIn[si]--
			}
			for _, si := range sumsOf[c] {
				if !feasible(g.Sums[si].Total-sumAt[si], leftIn[si]) {
					okv = false
					break
				}
			}
			cont := true
			if okv {
				cont = rec(i + 1)
			}
			for _, si := range sumsOf[c] {
				sumAt[si] -= vals[v]
				leftIn[si]++
			}
			count[v]++
			state[c] = -1
			if !cont {
				return false
			}
		}
		return true
	}
	if !rec(0) {
		return nil, false
	}
	sort.Slice(states, func(a, b int) bool { return lessState(states[a], states[b]) })
	return states, true
}

func lessState(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// Ball returns the states within radius moves of the given goal states,
// with their exact distance to the nearest one, nearest first. It stops
// with ok false when the ball would exceed limit states.
func (p *Puzzle) Ball(goals [][]int, radius, limit int) (states [][]int, dist []int, ok bool) {
	key := func(s []int) string {
		b := make([]byte, len(s))
		for i, v := range s {
			b[i] = byte(v)
		}
		return string(b)
	}
	inv := make([][]int, len(p.Moves))
	for m, mv := range p.Moves {
		inv[m] = mv.Inverse()
	}
	seen := map[string]bool{}
	var layer [][]int
	for _, g := range goals {
		if k := key(g); !seen[k] {
			seen[k] = true
			layer = append(layer, g)
			states = append(states, g)
			dist = append(dist, 0)
		}
	}
	for d := 1; d <= radius; d++ {
		var next [][]int
		for _, s := range layer {
			for m := range p.Moves {
				t := make([]int, len(s))
				for c, src := range inv[m] {
					t[c] = s[src]
				}
				if k := key(t); !seen[k] {
					seen[k] = true
					next = append(next, t)
					states = append(states, t)
					dist = append(dist, d)
					if len(states) > limit {
						return nil, nil, false
					}
				}
			}
		}
		layer = next
	}
	return states, dist, true
}
