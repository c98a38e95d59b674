package puzzlecmd

import (
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// Flags are the flags LoadOne reads: --kind, --card and the flags of the
// kinds of reg (--rule, --rules).
// Commands in other packages (render) add them to take puzzles the way the
// puzzle commands do.
func Flags(reg *kinds.Registry) []cli.Flag { return puzzleFlags(reg) }

// LoadOne reads the one puzzle arg names, as the puzzle commands read
// theirs: a file, "-", a puzz.link URL or FILE#NAME. An input holding
// several puzzles, or a malformed one beside good ones, is an exit-2 error:
// the caller draws one picture.
func LoadOne(c *cli.Context, arg string) (kind.Instance, error) {
	items, _, code, err := load(c, []string{arg})
	if err != nil {
		return nil, err
	}
	if code != appio.ExitOK {
		return nil, cli.Exit("", code)
	}
	if len(items) != 1 {
		return nil, appio.Exit(appio.ExitBadInput, "%s holds %d puzzles; pick one with FILE#NAME or FILE#INDEX", items[0].file, len(items))
	}
	return items[0].inst, nil
}

// LoadData is LoadOne for an input read already (appio.ReadInput), data
// from the file called name: an input is read once, since a FIFO or a
// process substitution (<(cmd)) gives its bytes only once.
func LoadData(c *cli.Context, name string, data []byte) (kind.Instance, error) {
	opt, err := options(c)
	if err != nil {
		return nil, err
	}
	items, err := parseInput(c, name, "", data, opt)
	if err != nil {
		// As load reports it: every positioned error on its line.
		appio.Report(c.App.ErrWriter, err)
		return nil, cli.Exit("", appio.ExitBadInput)
	}
	if len(items) != 1 {
		return nil, appio.Exit(appio.ExitBadInput, "%s holds %d puzzles; pick one with FILE#NAME or FILE#INDEX", name, len(items))
	}
	return items[0].inst, nil
}

// Loaded is one puzzle Load read: the instance and the label that names
// it, the input's name, or FILE#NAME when the input holds several puzzles.
type Loaded struct {
	Label string
	Inst  kind.Instance
}

// Load reads every puzzle args name, as the puzzle commands read theirs
// (files, "-", puzz.link URLs, FILE#SEL, Arrows folders; --kind, --rule,
// --card and --rules apply). When an input holds malformed puzzles beside
// good ones it reports them on stderr, returns the good ones, and returns
// ExitBadInput as code; otherwise code is ExitOK. Any other bad input is
// an exit-2 error.
func Load(c *cli.Context, args []string) ([]Loaded, int, error) {
	items, _, code, err := load(c, args)
	if err != nil {
		return nil, 0, err
	}
	perFile := map[string]int{}
	for _, it := range items {
		perFile[it.file]++
	}
	out := make([]Loaded, len(items))
	for i, it := range items {
		out[i] = Loaded{Label: it.label(perFile[it.file] > 1), Inst: it.inst}
	}
	return out, code, nil
}
