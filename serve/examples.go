package serve

import (
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// The bundled examples (examples/README.md says where each comes from).
//
//go:embed examples/*.txt
var exampleFiles embed.FS

// example is one bundled puzzle as GET /api/examples lists it.
type example struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Rows int    `json:"rows,omitempty"`
	Cols int    `json:"cols,omitempty"`
	Text string `json:"text"`
}

// loadExamples reads the bundled examples once, when first asked for, so
// that starting the binary for another command costs nothing.
var loadExamples = sync.OnceValues(func() ([]example, error) {
	entries, err := exampleFiles.ReadDir("examples")
	if err != nil {
		return nil, err
	}
	var out []example
	for _, e := range entries {
		data, err := exampleFiles.ReadFile(path.Join("examples", e.Name()))
		if err != nil {
			return nil, err
		}
		id := strings.TrimSuffix(e.Name(), ".txt")
		kind, name, _ := strings.Cut(id, "-")
		ex := example{ID: id, Kind: kind, Name: name, Text: string(data)}
		if k, err := kinds.Find(kind); err == nil && !k.Grid() {
			if _, err := k.Moves.Parse(id, data); err != nil {
				return nil, fmt.Errorf("example %s: %v", id, err)
			}
		} else {
			inst, err := parseExample(ex)
			if err != nil {
				return nil, fmt.Errorf("example %s: %v", id, err)
			}
			ex.Rows, ex.Cols = inst.Rows(), inst.Cols()
			if n := inst.Name(); n != "" {
				ex.Name = n
			}
		}
		out = append(out, ex)
	}
	slices.SortFunc(out, func(a, b example) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
})

// parseExample reads an example of a kind, named by its name.
func parseExample(ex example) (kind.Instance, error) {
	k, err := kinds.Lookup(ex.Kind)
	if err != nil {
		return nil, err
	}
	insts, err := k.Parse(ex.Name, []byte(ex.Text), kind.Options{})
	if err != nil {
		return nil, err
	}
	if len(insts) != 1 {
		return nil, fmt.Errorf("holds %d puzzles, want 1", len(insts))
	}
	return insts[0], nil
}

// exampleByID returns the bundled example called id.
func exampleByID(id string) (example, error) {
	exs, err := loadExamples()
	if err != nil {
		return example{}, err
	}
	for _, ex := range exs {
		if ex.ID == id {
			return ex, nil
		}
	}
	return example{}, badRequest("no example %q (GET /api/examples lists them)", id)
}

func (s *Server) examples(*call) (any, error) {
	exs, err := loadExamples()
	if err != nil {
		return nil, err
	}
	return map[string]any{"examples": exs}, nil
}
