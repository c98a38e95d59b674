package puzzle

// Header is what every kind's model carries besides its grid: its name and
// the solution its input held. Each kinds/<kind>/model.Puzzle embeds it, so that
// p.Name(), p.Title and p.Solution read the same way for every kind.
type Header struct {
	// Title is the puzzle's name: a level name, a file's base name, a
	// playground entry.
	Title string
	// Solution is the solution the input carried, or nil.
	Solution Assignment
	// Entry is the puzzle's place in the input it was read from: the
	// 1-based number of its entry, counting every entry, malformed ones
	// and ones without a puzzle too, so that FILE#N is always the
	// file's N-th entry (see Selection). A format holding one puzzle
	// gives 1; 0 means the puzzle was not read from an input.
	Entry int
}

// Name returns the puzzle's name.
func (h *Header) Name() string { return h.Title }

// Head returns the header itself, so that Model can reach it.
func (h *Header) Head() *Header { return h }

// Model is the surface every kind's *Puzzle has: the kind-independent
// problem (unknowns with domains), its header, verification, a text
// drawing, and one naming for unknown index ↔ grid position.
type Model interface {
	Problem
	// Head is the puzzle's name and carried solution.
	Head() *Header
	// Verify names every rule an assignment breaks (nil when solved).
	// On a partial one (a player's board) each -1 entry is named once,
	// and a rule among the other cells only when no filling of the -1
	// entries could meet it, so what else is named is already wrong.
	Verify(a Assignment) []Violation
	// Draw renders an assignment as text rows; -1 entries are drawn as
	// unknown. A nil assignment draws the puzzle itself.
	Draw(a Assignment) []string
	// Pos is the cell of unknown i.
	Pos(i int) Pos
	// Index is the unknown at cell q, or -1 when q holds none.
	Index(q Pos) int
}
