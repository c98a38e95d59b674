package kinds

import (
	"fmt"
	"strconv"
	"strings"
)

// Pick returns the puzzle that sel names among insts, the puzzles of one
// input called file (FILE#SEL on the command line). A kind with its own
// Select decides by its own names; otherwise sel is a puzzle's full name,
// its name's first word ("4x4_1" for "4x4_1 (easy).in"), or a 1-based
// index. It lives here rather than in the command so that every caller
// (the CLI, kinds/kindtest) picks the same puzzle for the same selection.
func (k *Kind) Pick(file string, insts []Instance, sel string) (Instance, error) {
	if k.Select != nil {
		in, err := k.Select(insts, sel)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		return in, nil
	}
	for _, in := range insts {
		if in.Name() == sel {
			return in, nil
		}
	}
	for _, in := range insts {
		short := strings.Fields(in.Name() + " ")[0]
		short = strings.TrimSuffix(short, ".in")
		if short == sel {
			return in, nil
		}
	}
	if n, err := strconv.Atoi(sel); err == nil && n >= 1 && n <= len(insts) {
		return insts[n-1], nil
	}
	return nil, fmt.Errorf("%s: no puzzle %q in this file (%d puzzles)", file, sel, len(insts))
}
