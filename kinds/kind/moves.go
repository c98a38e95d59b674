package kind

import (
	"context"
	"io"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/shard"
)

// Moves is what a kind of puzzle played by moves has (shift puzzles: the
// Pokemon Reborn magic square, Loopover, any puzzle given as moves that
// permute cells), in place of a grid kind's Parse, Select and Generate:
// its questions are the shortest move sequence and its proof (package
// answer), not a filling of unknowns. The front ends (the shift command,
// render, the playground) know a moves kind only through this and
// MovesPuzzle, so a new one is its folder and one line in the registry.
type Moves struct {
	// Detect reports whether data (from a file called name) is written in
	// the kind's own format; a bare picture, which other kinds' formats
	// read too, is read only when the kind is named.
	Detect func(name string, data []byte) bool
	// Parse reads one puzzle, in the kind's format or as its URL.
	Parse func(name string, data []byte) (MovesPuzzle, error)
	// URL, when set, writes a puzzle as the query of a playground URL
	// (KIND/BODY, in puzz.link's shape), which Parse reads.
	URL func(p MovesPuzzle) string
	// Builtin returns a built-in puzzle by name (the puzzles generation
	// scrambles); Builtins names them.
	Builtin  func(name string) (MovesPuzzle, error)
	Builtins []string
	// Shortest proves p's shortest solution (opt.Method: one of Methods;
	// "" the first). A run cut short (timeout, cancel) returns what it
	// proved with the context's error; an error with a nil answer is bad
	// input. Nil: BreadthFirst, the exact search any small puzzle has.
	Shortest func(ctx context.Context, p MovesPuzzle, opt ShortestOptions) (*Shortest, error)
	// Methods name the ways Shortest proves an optimum, the default
	// first (nil: MethodSearch only); Encodings the SAT side's state-step
	// encodings (nil: none), Encoding the default.
	Methods   []string
	Encodings []string
	Encoding  string
	// Scramble moves a goal state of p by n random moves (none undoing
	// the one before), returning the puzzle that starts there and the
	// moves made; nil: Scramble's plain random walk.
	Scramble func(p MovesPuzzle, n int, rng *rand.Rand) (MovesPuzzle, []string, error)
	// Generator, when set, makes puzzles whose optimum is in a band more
	// cleverly than scrambling and searching each (shift: drawn from the
	// ball of states around the goals when it is small).
	Generator func(p MovesPuzzle, lo, hi int) (MovesGenerator, error)
	// Cubes, when set, splits one depth's proof among machines.
	Cubes *MovesCubes
	// Tables, when set, reads and checks the tables Shortest keeps in the
	// user's cache folder for p, building those missing or damaged, until
	// ctx ends; progress, when set, hears how a long build goes. None: p's
	// proof keeps no table.
	Tables func(ctx context.Context, p MovesPuzzle, progress io.Writer) ([]MovesTable, error)
	// Bands are the generation bands: ranges of the proven optimum, in
	// moves, easiest first; MaxMoves bounds an optimum asked for.
	Bands    []MoveBand
	MaxMoves int
}

// Encoding names the encoding the kind's puzzles are solved with when
// none is asked for, where the kind has one of its own: a moves kind's
// state-step encoding (Moves.Encoding); "" for a grid kind, whose
// cardinality encoding is encode/card's default.
func (k *Kind) Encoding() string {
	if k.Moves == nil {
		return ""
	}
	return k.Moves.Encoding
}

// MovesPuzzle is one puzzle of a moves kind as the front ends see it:
// cells holding values (token indexes), a start state, named moves that
// permute the cells, and a goal. States are a value per cell.
type MovesPuzzle interface {
	// Title is the puzzle's name ("" when it has none).
	Title() string
	// Named is the puzzle called name.
	Named(name string) MovesPuzzle
	// Cells counts the cells; CellName names one.
	Cells() int
	CellName(c int) string
	// Values are the tokens' labels, a state's values index them.
	Values() []string
	// MoveNames names the moves, in order: a move is its index here.
	MoveNames() []string
	// Apply is state s after move m (s itself is not changed).
	Apply(s []int, m int) []int
	// Start is the start state; From the puzzle starting at s instead.
	Start() []int
	From(s []int) MovesPuzzle
	// Target is the goal as one state (Any for a free cell), or nil when
	// the goal is not a single state.
	Target() []int
	// IsGoal reports whether s is a goal state.
	IsGoal(s []int) bool
	// Replay applies the moves called names from the start, returning
	// every state on the way, the start first.
	Replay(names []string) ([][]int, error)
	// Text is the puzzle in the kind's text format, which Parse reads.
	Text() string
	// FormatState draws a state as the text format draws it.
	FormatState(s []int) string
	// Board draws state s (Any for a free cell), the cells in changed
	// framed: the picture render draws and the playground plays on.
	Board(s []int, changed map[int]bool) *display.Board
	// Layout is the cells as they stand in the picture, a row of cell
	// indexes a line (-1 a gap): the playground's board.
	Layout() [][]int
	// Goal is the goal as the playground reads it (JSON): "target", a
	// value per cell (-1 any), and the kind's own constraints.
	Goal() any
}

// Any is the value of a target's free cell: any value goes there.
const Any = -1

// The ways to prove an optimum (ShortestOptions.Method).
const (
	// MethodAuto runs an exact search and SAT deepening side by side; the
	// first proof wins.
	MethodAuto = "auto"
	// MethodSAT deepens with SAT only.
	MethodSAT = "sat"
	// MethodSearch runs the exact search only.
	MethodSearch = "search"
)

// ShortestOptions are the choices of a shortest-solution proof.
type ShortestOptions struct {
	// Method is one of the kind's Methods ("": the first).
	Method string
	// MaxSteps bounds the solution length (≤ 0: the solvers' default).
	MaxSteps int
	// Encoding names the state-step encoding of the SAT side ("": the
	// default).
	Encoding string
	// Jobs bounds the SAT side's workers (≤ 0: its default).
	Jobs int
	// NewSolver makes the SAT side's solvers; required when it takes part.
	NewSolver sat.Factory
	// Progress, when set, receives progress lines: the SAT side's
	// depths and the exact search's bounds, each line in one Write (the
	// two sides write from their own goroutines, one at a time).
	Progress io.Writer
	// OnDepth, when set, is told each depth the SAT side decides, as it
	// is decided.
	OnDepth func(Depth)
	// OnBound, when set, is told each lower bound the exact search
	// proves, as it rises: with SAT yielding to a search far ahead of it
	// (Loopover 5×5), the search's bounds are the run's progress.
	OnBound func(Bound)
}

// Bound is a lower bound the exact search has proven: no solution has
// fewer than K moves, known AtMS milliseconds into the run.
type Bound struct {
	K    int     `json:"k"`
	AtMS float64 `json:"at_ms"`
}

// Status is the verdict of a shortest-solution proof.
type Status string

const (
	// Optimal: Moves is a shortest solution and every shorter length
	// was refuted.
	Optimal Status = "optimal"
	// NoSolutionWithin: every length up to MaxSteps was refuted.
	NoSolutionWithin Status = "no-solution-within"
	// Unknown: the run stopped (context, solver gave up) before an
	// answer; LowerBound still holds.
	Unknown Status = "unknown"
)

// The proofs a settled answer names (Shortest.Proof).
const (
	ProofSAT    = "sat"
	ProofSearch = "search"
	// ProofBound: a solution found (Shortest.BestFound) is as short as
	// the proven lower bound.
	ProofBound = "bound"
)

// Shortest is the answer: the status, an optimal solution, the proven
// lower bound and which method proved it.
type Shortest struct {
	Status Status
	// Moves is an optimal solution (Status Optimal), as move indexes.
	Moves []int
	// LowerBound: no solution is shorter.
	LowerBound int
	// Proof is ProofSAT, ProofSearch or ProofBound for a settled answer,
	// "" otherwise.
	Proof string
	// Solver and Encoding name the SAT side's back-end and encoding, and
	// Depths are its decided depths, when SAT took part (Depths only when
	// SAT's is the proof, or the answer is not settled).
	Solver, Encoding string
	Depths           []Depth
	// BestFound is the shortest solution found, verified by replaying it,
	// when the optimum is not proven (Status Unknown): an upper bound.
	BestFound []int
	// Notes say why a run cut short got no further, when the kind knows
	// (a table it had to build first).
	Notes []string
}

// MovesTable is one table a moves kind keeps in the cache folder, as
// Moves.Tables found it.
type MovesTable struct {
	Name    string `json:"name"`
	File    string `json:"file"`
	Bytes   int    `json:"bytes"`
	Entries int    `json:"entries"`
	// Status is "loaded" (read and checked), "built", "rebuilt" (over
	// a damaged file) or "embedded" (carried in the program; File is
	// then empty).
	Status string `json:"status"`
}

// Depth is the SAT side's record of one depth: whether a solution of K
// moves exists, the size of its encoding, and its parts' answers.
type Depth struct {
	K       int    `json:"k"`
	Status  string `json:"status"` // SATISFIABLE / UNSATISFIABLE / UNKNOWN
	Vars    int    `json:"vars"`
	Clauses int    `json:"clauses"`
	// MS is the solvers' time on the depth's parts, added up; AtMS when
	// the depth was decided, from the start of the run.
	MS    float64      `json:"ms"`
	AtMS  float64      `json:"at_ms"`
	Parts []PartAnswer `json:"parts"`
}

// PartAnswer is the answer for one part of a depth.
type PartAnswer struct {
	Name   string  `json:"name"`
	Status string  `json:"status"`
	MS     float64 `json:"ms"`
}

// MovesGenerator makes puzzles of one shape whose optimum is in a band.
type MovesGenerator interface {
	// Attempt makes one puzzle (called name) with rng, its optimum proven:
	// nil and the reason when it is out of the band.
	Attempt(ctx context.Context, rng *rand.Rand, name string) (*Made, string, error)
}

// Made is a puzzle a MovesGenerator made: its optimal solution (move
// names), the proof of it, and the random walk that made it (nil when it
// was drawn otherwise).
type Made struct {
	Puzzle MovesPuzzle
	Moves  []string
	Proof  string
	Walk   []string
}

// MovesCubes splits one depth's proof into cubes solved anywhere, a shard
// at a time, and merges the shards' answers into the depth's verdict.
type MovesCubes struct {
	// Write writes the cubes of depth k of p by encoding (its iCNF file,
	// which carries the puzzle), returning a line saying what it wrote.
	Write func(w io.Writer, p MovesPuzzle, k int, encoding string) (summary string, err error)
	// Read reads a cubes file Write wrote.
	Read func(data []byte) (CubesFile, error)
}

// CubesFile is one depth's cubes, read back.
type CubesFile interface {
	// Solve answers the shard sh of the cubes: Done when every cube of
	// it was answered. A run cut short returns what it answered with the
	// context's error.
	Solve(ctx context.Context, sh shard.Shard, newSolver sat.Factory) (*CubesAnswer, error)
	// Merge joins the shards' answers (each the JSON of a Solve's
	// Record), Done when the depth is decided (every cube refuted, or
	// one solved).
	Merge(answers [][]byte, names []string) (*CubesAnswer, error)
}

// CubesAnswer is what a shard or the merge of shards found: its record
// (the JSON written), its text, and whether it is complete.
type CubesAnswer struct {
	Record any
	Text   string
	Done   bool
}

// MoveBand is a band of a moves kind: the puzzles whose proven optimum is
// Lo to Hi moves.
type MoveBand struct {
	Name   string
	Lo, Hi int
}

// Band returns the band called name ("" or "any": every band's moves).
func (m *Moves) Band(name string) (MoveBand, bool) {
	if name == "" || name == "any" {
		b := MoveBand{Name: "any", Lo: m.Bands[0].Lo, Hi: m.Bands[0].Hi}
		for _, x := range m.Bands {
			b.Lo, b.Hi = min(b.Lo, x.Lo), max(b.Hi, x.Hi)
		}
		return b, true
	}
	for _, b := range m.Bands {
		if b.Name == name {
			return b, true
		}
	}
	return MoveBand{}, false
}

// BandNames names the bands, easiest first, then "any".
func (m *Moves) BandNames() []string {
	var out []string
	for _, b := range m.Bands {
		out = append(out, b.Name)
	}
	return append(out, "any")
}
