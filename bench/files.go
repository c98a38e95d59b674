package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// FileSets returns the instance sets of a user's own puzzles: one per
// argument and kind, named after the argument's base name. An argument is
// a puzzle file, an Arrows reference folder, or a folder walked for the
// files some kind reads (kinds.Files). Every puzzle is read again under
// each cardinality encoding, with opt's other choices (Juosan's reading,
// an Arrows rules file); a file that no kind reads, or that holds a
// malformed puzzle, is an error.
func FileSets(reg *kinds.Registry, args []string, opt kind.Options) ([]Set, error) {
	var sets []Set
	index := map[[2]string]int{}
	used := map[string]bool{}
	for _, arg := range args {
		var files []string
		st, err := os.Stat(arg)
		switch {
		case err != nil:
			return nil, err
		case st.IsDir():
			if f := reg.PuzzleFolder(arg); f != "" {
				files = []string{f}
				break
			}
			if files, _, err = reg.Files(arg, nil); err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no puzzle file of a known kind", arg)
			}
		default:
			files = []string{arg}
		}
		base := nameSafe(strings.TrimSuffix(filepath.Base(filepath.Clean(arg)), filepath.Ext(arg)))
		name := base
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		used[name] = true
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				return nil, err
			}
			k, err := reg.Detect(file, data)
			if err != nil {
				return nil, err
			}
			insts, err := k.Parse(file, data, opt)
			if err != nil {
				return nil, err
			}
			key := [2]string{name, k.Name}
			i, ok := index[key]
			if !ok {
				i = len(sets)
				index[key] = i
				sets = append(sets, Set{Kind: k.Name, Name: name, Axis: "card", Encodings: cardEncodings()})
			}
			for j, in := range insts {
				sets[i].Items = append(sets[i].Items, PuzzleItem(fileItemName(file, in, len(insts) > 1), fmt.Sprintf("%dx%d", in.Rows(), in.Cols()),
					func(card string) (kind.Instance, error) {
						o := opt
						o.Card = card
						xs, err := k.Parse(file, data, o)
						if err != nil {
							return nil, err
						}
						return xs[j], nil
					}))
			}
		}
	}
	return sets, nil
}

// fileItemName names a puzzle of a user's file: the puzzle's name when
// the file holds several, else the file's (an Arrows folder's for its
// puzzle.txt).
func fileItemName(file string, in kind.Instance, multi bool) string {
	if multi && in.Name() != "" {
		return in.Name()
	}
	if filepath.Base(file) == "puzzle.txt" {
		return filepath.Base(filepath.Dir(file))
	}
	return strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
}
