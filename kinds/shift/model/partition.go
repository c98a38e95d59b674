package model

// Partition splits 0..n-1 into the classes that groups connect: two
// numbers share a class when a chain of groups links them. Each class is
// sorted and the classes are ordered by their least member. The encoders
// use it for the cells the goal constraints tie together, the searches
// for the orbits of values under a set of permutations.
func Partition(n int, groups [][]int) [][]int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, g := range groups {
		for _, x := range g[min(1, len(g)):] {
			parent[find(x)] = find(g[0])
		}
	}
	class := map[int]int{}
	var out [][]int
	for x := 0; x < n; x++ {
		r := find(x)
		i, ok := class[r]
		if !ok {
			i = len(out)
			class[r] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], x)
	}
	return out
}
