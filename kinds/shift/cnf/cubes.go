package cnf

// Cube is one case of a part of a depth, for cube-and-conquer: the part's
// assumptions and a choice of the part's start-side layer (the first moves
// from the start), so that the start's neighbour state is known to unit
// propagation. Cubes are independent: any machine can refute any cube.
type Cube struct {
	// Part is the name of the part the cube refines.
	Part string
	// Assume holds the part's assumptions and the cube's own.
	Assume []int
	// Word is the cube's start-side layer as move indices, in the order
	// they are applied from the start (empty when the part is not split).
	Word []int
}

// Cuber is implemented by encodings that split a depth's parts into cubes.
type Cuber interface {
	// Cubes splits depth k (≤ the last Extend) into cubes, part by part in
	// the order of Parts(k). The cubes cover the depth's models and do
	// not overlap: the depth is refuted exactly when every cube is.
	Cubes(k int) []Cube
}

var _ Cuber = (*layers)(nil)

// Cubes splits every part of depth k by the powers its start-side layer
// (the non-empty layer farthest from the goal) applies to each family of
// its type: one cube per combination that moves something. Combinations
// costing more than the part allows (k minus one move for each of its
// other non-empty layers) are left out: no model of the part has them, as
// the move counter says; TestSplits checks the cover with the
// solver. Depth 0, and layerings with more than two types (one part),
// give one cube per part, the part itself.
func (e *layers) Cubes(k int) []Cube {
	var out []Cube
	for _, pt := range e.partSpecs(k) {
		L := pt.L
		if L == 0 {
			out = append(out, Cube{Part: pt.Name, Assume: pt.Assume, Word: []int{}})
			continue
		}
		j := pt.first + L - 1 // the start-side non-empty layer
		budget := k - (L - 1)
		fams := e.lay.Types[e.lay.TypeOf(j)]
		// Enumerate the powers of fams like an odometer, in order.
		pow := make([]int, len(fams))
		for {
			cost, moves := 0, false
			for i, f := range fams {
				cost += e.lay.Families[f].Cost[pow[i]]
				moves = moves || pow[i] != 0
			}
			if moves && cost <= budget {
				as := append([]int(nil), pt.Assume...)
				word := []int{}
				for i, f := range fams {
					as = append(as, e.w[j][f][pow[i]])
					word = append(word, e.lay.Families[f].Word[pow[i]]...)
				}
				out = append(out, Cube{Part: pt.Name, Assume: as, Word: word})
			}
			if !e.nextPowers(fams, pow) {
				break
			}
		}
	}
	return out
}

// nextPowers advances pow to the next combination of usable powers of
// fams (each family's powers with a cost), last family fastest; false
// after the last one.
func (e *layers) nextPowers(fams []int, pow []int) bool {
	for i := len(fams) - 1; i >= 0; i-- {
		F := &e.lay.Families[fams[i]]
		for pow[i]++; pow[i] < len(F.Powers) && F.Cost[pow[i]] < 0; pow[i]++ {
		}
		if pow[i] < len(F.Powers) {
			return true
		}
		pow[i] = 0
	}
	return false
}
