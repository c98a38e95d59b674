package puzzlecmd

import (
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// Flags are the flags LoadOne reads: --kind, --rule, --card and --rules.
// Commands in other packages (render) add them to take puzzles the way the
// puzzle commands do.
func Flags() []cli.Flag { return puzzleFlags() }

// LoadOne reads the one puzzle arg names, as the puzzle commands read
// theirs: a file, "-", a puzz.link URL or FILE#NAME. An input holding
// several puzzles, or a malformed one beside good ones, is an exit-2 error:
// the caller draws one picture.
func LoadOne(c *cli.Context, arg string) (kinds.Instance, error) {
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
