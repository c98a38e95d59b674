package serve

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/display"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// puzzleSpec is how every request names its puzzle (see the package doc).
type puzzleSpec struct {
	Text    string `json:"text"`
	Kind    string `json:"kind,omitempty"`
	Select  string `json:"select,omitempty"`
	Name    string `json:"name,omitempty"`
	Example string `json:"example,omitempty"`
	// Options set the kinds' own options by name (kinds' Flags with
	// values, as /api/kinds lists them: Juosan's "rule").
	Options map[string]string `json:"options,omitempty"`
}

// requestOptions are the kinds' options a request sets: each the name of
// a kind's flag that takes a listed value (a flag naming a file is the
// server's choice), with one of its values.
func requestOptions(reg *kinds.Registry, set map[string]string) (kind.Options, error) {
	var opt kind.Options
	flags := reg.Flags()
	for _, name := range slices.Sorted(maps.Keys(set)) {
		i := slices.IndexFunc(flags, func(f kind.Flag) bool { return f.Name == name })
		if i < 0 || len(flags[i].Values) == 0 {
			var names []string
			for _, f := range flags {
				if len(f.Values) > 0 {
					names = append(names, f.Name)
				}
			}
			return opt, badRequest("options: %q is not an option a request sets (those are: %s)", name, strings.Join(names, ", "))
		}
		opt = opt.With(name, set[name])
	}
	if err := reg.CheckOptions(opt); err != nil {
		return opt, badRequest("options: %v", err)
	}
	return opt, nil
}

// loaded is a puzzle read from a request.
type loaded struct {
	kind *kind.Kind
	inst kind.Instance
	// entries are the puzzles of the input, when it holds several.
	entries []entryJSON
	// warning reports bad entries of an input whose other puzzles were
	// read.
	warning string
	// struck are the candidates a board request rules out.
	struck [][2]int
}

// maxNames bounds the entries listed of an input holding many puzzles.
const maxNames = 1000

// entryJSON is one puzzle of an input holding several: its entry number
// (what "select" takes) and its name.
type entryJSON struct {
	Entry int    `json:"entry"`
	Name  string `json:"name"`
}

// load reads the puzzle a request names. The name given to the kind's
// reader is fixed ("input" plus the upload's extension): readers may look
// beside a file they know by name (an Arrows puzzle.txt), and a request
// must never lead the server to a file.
func (s *Server) load(spec puzzleSpec) (*loaded, error) {
	text, name, kindName := spec.Text, "input", spec.Kind
	if spec.Example != "" {
		ex, err := s.exampleByID(spec.Example)
		if err != nil {
			return nil, err
		}
		text, name, kindName = ex.Text, ex.Name, ex.Kind
	} else if ext := safeExt(spec.Name); ext != "" {
		name += ext
	}
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("no puzzle: give its text (any format of its kind, or a puzz.link URL) or an example")
	}
	data := []byte(text)
	opt, err := requestOptions(s.opt.Kinds, spec.Options)
	if err != nil {
		return nil, err
	}
	// The load every front end shares: the kind named or detected, the
	// selected puzzle (FILE#SEL's rule) or every one, malformed entries
	// reported beside the others.
	l, err := answer.Load(s.opt.Kinds, kindName, name, data, spec.Select, opt)
	var moves *answer.MovesError
	switch {
	case errors.As(err, &moves) && moves.Detected == nil:
		return nil, badRequest("%s puzzles are played by moves: use %s", moves.Kind.Name, movesAPI["parse"])
	case errors.As(err, &moves):
		return nil, badRequest("%v (a %s puzzle, played by moves: use %s)", moves.Detected, moves.Kind.Name, movesAPI["parse"])
	case err != nil:
		return nil, badRequest("%v", err)
	}
	out := &loaded{kind: l.Kind, inst: l.Puzzles[0]}
	if l.Partial != nil {
		out.warning = l.Partial.Error()
	}
	if len(l.Puzzles) > 1 {
		for _, in := range l.Puzzles[:min(len(l.Puzzles), maxNames)] {
			out.entries = append(out.entries, entryJSON{Entry: in.Head().Entry, Name: in.Name()})
		}
	}
	if n := out.inst.Rows() * out.inst.Cols(); n > s.opt.MaxCells {
		return nil, badRequest("the puzzle has %d×%d cells; this server takes at most %d (serve --max-cells)", out.inst.Rows(), out.inst.Cols(), s.opt.MaxCells)
	}
	return out, nil
}

// safeExt is the extension of an upload's name, when it is a plain one:
// it helps detect a format, and is all of the name that is used.
func safeExt(name string) string {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	if len(ext) < 2 || len(ext) > 9 {
		return ""
	}
	for _, r := range ext[1:] {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

// values checks a board sent with a request: one value per unknown, each
// -1 or in its domain.
func values(inst kind.Instance, vals []int) (puzzle.Assignment, error) {
	vars := inst.Vars()
	if vals == nil {
		a := make(puzzle.Assignment, len(vars))
		for i := range a {
			a[i] = -1
		}
		return a, nil
	}
	if len(vals) != len(vars) {
		return nil, badRequest("values has %d entries; the puzzle has %d unknowns", len(vals), len(vars))
	}
	for i, v := range vals {
		if v < -1 || v >= len(vars[i].Domain) {
			return nil, badRequest("values[%d] (%s) is %d; want -1 or 0..%d", i, vars[i].Name, v, len(vars[i].Domain)-1)
		}
	}
	return puzzle.Assignment(vals), nil
}

// board is a puzzle as the page draws and plays it: the kind's display
// list (package display, drawn by the page as render draws it), each
// unknown's name, cell and value labels, the values the puzzle gives,
// and its canonical text, which later requests send back. Cells are
// 1-based, as everywhere in the API.
type board struct {
	Kind string    `json:"kind"`
	Name string    `json:"name"`
	Rows int       `json:"rows"`
	Cols int       `json:"cols"`
	Text string    `json:"text"`
	Vars []varJSON `json:"vars"`
	// Fixed gives the values the puzzle itself gives (Arrows' numbers),
	// -1 elsewhere; a board starts from it.
	Fixed   []int          `json:"fixed"`
	Display *display.Board `json:"display"`
	// URL is the puzzle as the query of a playground URL (/?URL opens it
	// again): puzz.link's string for the kinds puzz.link encodes, the
	// kind's own "url" format for the others; "" when it has none.
	URL string `json:"url,omitempty"`
	// Puzzlink is the puzzle's puzz.link address, for the kinds
	// puzz.link plays.
	Puzzlink string `json:"puzzlink,omitempty"`
	// Flags names the kind's own options that change how this puzzle
	// reads (Juosan's "rule"), which the page offers beside it.
	Flags []string `json:"flags,omitempty"`
}

type varJSON struct {
	Name   string     `json:"name"`
	Cell   puzzle.Pos `json:"cell"`
	Domain []string   `json:"domain"`
}

// boardOf describes inst for the page.
func boardOf(k *kind.Kind, inst kind.Instance) (*board, error) {
	text, err := inst.Format(k.Outputs[0])
	if err != nil {
		return nil, err
	}
	d := inst.Display()
	vars := inst.Vars()
	if len(d.Unknowns) != len(vars) {
		return nil, fmt.Errorf("serve: the %s board draws %d unknowns of %d", inst.Kind(), len(d.Unknowns), len(vars))
	}
	b := &board{Kind: inst.Kind(), Name: inst.Name(), Rows: inst.Rows(), Cols: inst.Cols(), Text: text, Display: d,
		Vars: make([]varJSON, len(vars)), Fixed: givens(inst, d)}
	for i, v := range vars {
		b.Vars[i] = varJSON{Name: v.Name, Cell: v.Pos, Domain: v.Domain}
	}
	if u, err := inst.Format("url"); err == nil {
		u = strings.TrimSpace(u)
		b.URL = u[strings.IndexByte(u, '?')+1:]
	}
	if slices.Contains(k.Outputs, "puzzlink") {
		if u, err := inst.Format("puzzlink"); err == nil {
			b.Puzzlink = strings.TrimSpace(u)
		}
	}
	for _, f := range k.Flags {
		if len(f.Values) > 0 {
			b.Flags = append(b.Flags, f.Name)
		}
	}
	return b, nil
}

// givens are the values the puzzle gives (-1 elsewhere): an unknown whose
// values the board draws as nothing (its clue shows it) and whose start
// leaves one value.
func givens(inst kind.Instance, d *display.Board) []int {
	out := make([]int, len(d.Unknowns))
	for i := range out {
		out[i] = -1
	}
	setup, err := inst.Human()
	if err != nil {
		return out
	}
	start := setup.StartCands(inst)
	for i, u := range d.Unknowns {
		drawn := false
		for _, its := range u.Values {
			drawn = drawn || len(its) > 0
		}
		if i >= len(start) || drawn {
			continue
		}
		if v, ok := start[i].Single(); ok {
			out[i] = v
		}
	}
	return out
}
