package bench

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
)

// Case is one benchmark puzzle.
type Case struct {
	Kind string
	Name string
	// Item names the case within its set (kind.Bench.Item; Name when the
	// kind says nothing).
	Item string
	// Set is the bench set the case belongs to, "" for none
	// (kind.Bench.Set).
	Set  string
	Size string // "RxC"
	Inst kind.Instance
	// parse re-reads the case with other options (another card encoding).
	parse func(opt kind.Options) (kind.Instance, error)
}

// Corpus loads the benchmark puzzles under root (the repository's testdata
// folder) of every kind of reg, in the registry's order: the puzzles of
// its bench files and of its random builder (kind.Corpus.Bench).
func Corpus(reg *kinds.Registry, root string) ([]Case, error) {
	var cases []Case
	for _, k := range reg.List() {
		if k.Corpus == nil || k.Corpus.Bench == nil {
			continue
		}
		b := k.Corpus.Bench
		for _, pattern := range b.Files {
			files := []string{filepath.Join(root, pattern)}
			if strings.ContainsAny(pattern, "*?[") {
				files, _ = filepath.Glob(files[0])
			}
			for _, f := range files {
				cs, err := fileCases(k, f)
				if err != nil {
					return nil, err
				}
				cases = append(cases, cs...)
			}
		}
		for _, r := range b.Random {
			for seed := 1; seed <= r.Seeds; seed++ {
				c, err := randomCase(k, r.Rows, r.Cols, uint64(seed))
				if err != nil {
					return nil, err
				}
				cases = append(cases, c)
			}
		}
	}
	return cases, nil
}

// fileCases are the cases of the puzzles of file, of kind k.
func fileCases(k *kind.Kind, file string) ([]Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	// A file holding many puzzles is read once per set of options, not
	// once per puzzle: Counts asks every case under every card encoding,
	// and re-reading the Linjat levels for each of its puzzles took most
	// of the bench tests' time.
	var mu sync.Mutex
	read := map[string][]kind.Instance{}
	parse := func(opt kind.Options) ([]kind.Instance, error) {
		mu.Lock()
		defer mu.Unlock()
		if xs, ok := read[opt.String()]; ok {
			return xs, nil
		}
		xs, err := k.Parse(file, data, opt)
		if err != nil {
			return nil, err
		}
		read[opt.String()] = xs
		return xs, nil
	}
	insts, err := parse(kind.Options{})
	if err != nil {
		return nil, err
	}
	var cases []Case
	for i, in := range insts {
		c := Case{Kind: k.Name, Name: caseName(file, in), Size: fmt.Sprintf("%dx%d", in.Rows(), in.Cols()), Inst: in,
			parse: func(opt kind.Options) (kind.Instance, error) {
				xs, err := parse(opt)
				if err != nil {
					return nil, err
				}
				return xs[i], nil
			}}
		cases = append(cases, named(k, c))
	}
	return cases, nil
}

// named gives c its item and set names, as its kind says.
func named(k *kind.Kind, c Case) Case {
	b := k.Corpus.Bench
	c.Item = c.Name
	if b.Item != nil {
		c.Item = b.Item(c.Inst.Name())
	}
	c.Set = b.SetOf(k.Name, c.Item)
	return c
}

func caseName(file string, in kind.Instance) string {
	base := filepath.Base(file)
	if base == "puzzle.txt" {
		return filepath.Base(filepath.Dir(file))
	}
	if n := in.Name(); n != "" && n != file {
		return strings.Fields(n + " ")[0]
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// randomCase is a rows×cols puzzle of k's random builder from a seed
// (Juosan's 30×45, the size class issue 1 asks for), read back through
// its canonical format so that it is an ordinary instance.
func randomCase(k *kind.Kind, rows, cols int, seed uint64) (Case, error) {
	x, err := k.Random(rand.New(rand.NewPCG(seed, uint64(cols))), rows, cols, kind.Options{})
	if err != nil {
		return Case{}, err
	}
	title := fmt.Sprintf("random%dx%d-%d", rows, cols, seed)
	canon, err := x.Format("canonical")
	if err != nil {
		return Case{}, err
	}
	// The canonical text names the puzzle on the line after the kind's.
	head, rest, _ := strings.Cut(canon, "\n")
	if strings.HasPrefix(rest, "name ") {
		_, rest, _ = strings.Cut(rest, "\n")
	}
	text := []byte(head + "\nname " + title + "\n" + rest)
	parse := func(opt kind.Options) (kind.Instance, error) {
		xs, err := k.Parse(title, text, opt)
		if err != nil {
			return nil, err
		}
		return xs[0], nil
	}
	in, err := parse(kind.Options{})
	if err != nil {
		return Case{}, err
	}
	return named(k, Case{Kind: k.Name, Name: title, Size: fmt.Sprintf("%dx%d", rows, cols), Inst: in, parse: parse}), nil
}

// Count is the deterministic size of one encoding of one puzzle.
type Count struct {
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Card    string `json:"card"`
	Primary int    `json:"primary"`
	Vars    int    `json:"vars"`
	Clauses int    `json:"clauses"`
}

// Counts encodes every case with every named cardinality encoding (nil:
// all but "native", whose size depends on the back-end) and returns the
// sizes, sorted. They are facts: CI compares them with a golden file.
func Counts(cases []Case, cards []string) ([]Count, error) {
	if cards == nil {
		for _, e := range card.All {
			if e.Name != "native" {
				cards = append(cards, e.Name)
			}
		}
	}
	var out []Count
	for _, c := range cases {
		for _, name := range cards {
			in, err := c.parse(kind.Options{Card: name})
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", c.Kind, c.Name, err)
			}
			f := &sat.Formula{}
			b := encode.NewBuilder(f)
			lay, err := in.Encode(b)
			if err != nil {
				return nil, fmt.Errorf("%s %s %s: %w", c.Kind, c.Name, name, err)
			}
			out = append(out, Count{Kind: c.Kind, Name: c.Name, Card: name, Primary: len(lay.Primary()), Vars: f.Vars, Clauses: len(f.Clauses)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Card < b.Card
	})
	return out, nil
}

// Timing is one measured solve (SummarizeCNF's input).
type Timing struct {
	Kind   string        `json:"kind"`
	Name   string        `json:"name"`
	Size   string        `json:"size"`
	Solver string        `json:"solver"`
	Status string        `json:"status"`
	Time   time.Duration `json:"time_ns"`
}

// Summary is the median and maximum check time of one group.
type Summary struct {
	Kind   string        `json:"kind"`
	Size   string        `json:"size"`
	Solver string        `json:"solver"`
	N      int           `json:"n"`
	Median time.Duration `json:"median_ns"`
	Max    time.Duration `json:"max_ns"`
}

// Summarize groups timings by kind, size and solver.
func Summarize(ts []Timing) []Summary {
	groups := map[[3]string][]time.Duration{}
	for _, t := range ts {
		k := [3]string{t.Kind, t.Size, t.Solver}
		groups[k] = append(groups[k], t.Time)
	}
	var out []Summary
	for k, ds := range groups {
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		med := ds[len(ds)/2]
		if len(ds)%2 == 0 {
			med = (ds[len(ds)/2-1] + ds[len(ds)/2]) / 2
		}
		out = append(out, Summary{Kind: k[0], Size: k[1], Solver: k[2], N: len(ds), Median: med, Max: ds[len(ds)-1]})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Size != b.Size {
			return sizeLess(a.Size, b.Size)
		}
		return a.Solver < b.Solver
	})
	return out
}

func sizeLess(a, b string) bool {
	var ar, ac, br, bc int
	fmt.Sscanf(a, "%dx%d", &ar, &ac)
	fmt.Sscanf(b, "%dx%d", &br, &bc)
	if ar*ac != br*bc {
		return ar*ac < br*bc
	}
	return a < b
}
