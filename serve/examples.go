package serve

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// example is one bundled puzzle as GET /api/examples lists it.
type example struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Rows int    `json:"rows,omitempty"`
	Cols int    `json:"cols,omitempty"`
	Text string `json:"text"`
}

// examplesOnce holds the bundled examples of a server's kinds, read once,
// when first asked for, so that starting the binary for another command
// costs nothing.
type examplesOnce struct {
	once sync.Once
	list []example
	err  error
}

// loadExamples are the bundled examples of the server's kinds.
func (s *Server) loadExamples() ([]example, error) {
	s.ex.once.Do(func() { s.ex.list, s.ex.err = readExamples(s.opt.Kinds) })
	return s.ex.list, s.ex.err
}

// readExamples reads the bundled examples of the kinds of reg
// (kind.Kind.Examples), each named KIND-NAME after its file.
func readExamples(reg *kinds.Registry) ([]example, error) {
	var out []example
	for _, k := range reg.All() {
		if k.Examples == nil {
			continue
		}
		files, err := fs.Glob(k.Examples, "examples/*.txt")
		if err != nil {
			return nil, err
		}
		for _, file := range files {
			data, err := fs.ReadFile(k.Examples, file)
			if err != nil {
				return nil, err
			}
			name := strings.TrimSuffix(path.Base(file), ".txt")
			id := k.Name + "-" + name
			ex := example{ID: id, Kind: k.Name, Name: name, Text: string(data)}
			one, err := answer.ReadOne(k, name, data, kind.Options{})
			if err != nil {
				return nil, fmt.Errorf("example %s: %v", id, err)
			}
			ex.Rows, ex.Cols = one.Size()
			if n := one.Name(); n != "" {
				ex.Name = n
			}
			out = append(out, ex)
		}
	}
	slices.SortFunc(out, func(a, b example) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// exampleByID returns the bundled example called id.
func (s *Server) exampleByID(id string) (example, error) {
	exs, err := s.loadExamples()
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
	exs, err := s.loadExamples()
	if err != nil {
		return nil, err
	}
	return map[string]any{"examples": exs}, nil
}
