package puzzlecmd_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// entry is one entry of a file as its kind reads it: a puzzle's name, or
// a malformed entry's errors.
type entry struct {
	name string
	err  error
}

// entries are every entry of data (a file called name) as k reads them,
// in order (kind.Kind.Each).
func entries(t *testing.T, k *kind.Kind, name string, data []byte) []entry {
	t.Helper()
	var out []entry
	head := data[:min(len(data), puzzle.DetectWindow)]
	err := k.Each(name, head, bytes.NewReader(data), kind.Options{}, func(inst kind.Instance, err error) bool {
		e := entry{err: err}
		if inst != nil {
			e.name = inst.Name()
		}
		out = append(out, e)
		return true
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// TestSelect: FILE#SEL means one thing for every kind (puzzle.Selection),
// on the command line and from standard input (-#SEL), for each file of
// every kind's sample and pictures (kind.Corpus.Sample, Pictures; a
// puzzle folder among them selects from its puzzle file): the sample's own selection
// picks the puzzle the kind selects (a name, an alias or a number); the
// first puzzle's name picks it; #0 and past the end name the file and its
// count (exit 2); #N of a malformed entry answers with its errors, at its
// place in the file or in <stdin> (exit 2). The kinds' readers' own
// selections are kinds' TestSelect.
func TestSelect(t *testing.T) {
	type selectCase struct {
		name  string
		stdin string
		arg   string
		code  int    // 2, or -1: 0 or 1 (unique or not)
		want  string // in stdout (the JSON record) when code < 2, else in stderr
	}
	var tests []selectCase
	malformed := 0
	for _, k := range kinds.Default().All() {
		if k.Corpus == nil || k.Select == nil {
			continue // a kind played by moves: a file is one puzzle
		}
		seen := map[string]bool{}
		// The sample, and the pictures' files: puzzle folders among them.
		var files []string
		for _, pc := range k.Corpus.Pictures {
			files = append(files, pc.File)
		}
		for _, s := range append(slices.Clone(k.Corpus.Sample), files...) {
			file, sel, _ := strings.Cut(s, "#")
			path := testcorpus.Path(file)
			read := path // the file read: a folder's puzzle file
			if st, err := os.Stat(path); err == nil && st.IsDir() && k.Folder != nil {
				read = filepath.Join(path, k.Folder.File)
			}
			data, err := os.ReadFile(read)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Base(read)
			if sel != "" {
				inst, err := k.Select(path, data, kind.Options{}, sel)
				if err != nil {
					t.Fatalf("%s: %v", s, err)
				}
				named := fmt.Sprintf(`"name":%q`, inst.Name())
				tests = append(tests,
					selectCase{s, "", path + "#" + sel, -1, named},
					selectCase{s + " stdin", string(data), "-#" + sel, -1, named},
					selectCase{s + " stdin file", string(data), "-#" + sel, -1, `"file":"<stdin>"`})
			}
			if seen[file] {
				continue
			}
			seen[file] = true
			es := entries(t, k, read, data)
			holds := fmt.Sprintf("(the file holds %s)", plural.N(len(es), "entry", "entries"))
			past := len(es) + 1
			tests = append(tests,
				selectCase{file + " #0", "", path + "#0", 2, base + ": no puzzle 0 " + holds},
				selectCase{file + " past the end", "", path + "#" + strconv.Itoa(past), 2, fmt.Sprintf("%s: no puzzle %d %s", base, past, holds)})
			named := false
			for i, e := range es {
				n := strconv.Itoa(i + 1)
				switch {
				case e.err == nil && !named:
					named = true
					tests = append(tests, selectCase{file + " name", "", path + "#" + e.name, -1, fmt.Sprintf(`"name":%q`, e.name)})
				case e.err != nil:
					// The errors name the file and the place in it; from
					// standard input, <stdin> and the same place.
					at := strings.TrimPrefix(e.err.Error(), read)
					malformed++
					tests = append(tests,
						selectCase{file + " malformed #" + n, "", path + "#" + n, 2, base + at},
						selectCase{file + " stdin malformed #" + n, string(data), "-#" + n, 2, "<stdin>" + at})
				}
			}
		}
	}
	if len(tests) == 0 || malformed == 0 {
		t.Fatalf("the kinds' samples give %d selections, %d of a malformed entry; want both (kind.Corpus.Sample)", len(tests), malformed)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, tt.stdin, "check", "--format", "json", tt.arg)
			have := out
			if tt.code >= 2 {
				have = errs
			}
			if (tt.code < 0 && code >= 2) || (tt.code >= 0 && code != tt.code) || !strings.Contains(have, tt.want) {
				t.Errorf("check %s:\nhave exit %d, stdout %s, stderr %s\nwant exit %d with %s", tt.arg, code, out, errs, tt.code, tt.want)
			}
		})
	}
}
