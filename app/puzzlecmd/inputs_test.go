package puzzlecmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// copyFile copies src to dst, making dst's folder.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mixedFolder is a folder as collections come: every kind's example in
// a file of its own (clitest.MixedFolder), a .in with its .ans, a
// reference Arrows folder, and a file of no kind. It returns the puzzles
// the walk must find, by file relative to dir.
func mixedFolder(t *testing.T) (dir string, puzzles []clitest.Puzzle) {
	dir = t.TempDir()
	puzzles = clitest.MixedFolder(t, kinds.Default(), dir)
	copyFile(t, janko, filepath.Join(dir, "in-with-ans", "6x6_1.in"))
	copyFile(t, jankoAns, filepath.Join(dir, "in-with-ans", "6x6_1.ans"))
	for _, f := range []string{"puzzle.txt", "solution.txt", "metadata.yaml"} {
		copyFile(t, filepath.Join(arrowsDir, f), filepath.Join(dir, "reference", "2026-01-24", f))
	}
	// The .ans is the .in's solution, and the folder's one puzzle is its
	// puzzle.txt: one puzzle each.
	return dir, append(puzzles, clitest.Puzzle{File: "in-with-ans/6x6_1.in"}, clitest.Puzzle{File: "reference/2026-01-24/puzzle.txt"})
}

// TestFolderOfMixedKinds: check (and every puzzle command) walks a folder
// as crosscheck does, every kind of the registry mixed; it said "a
// folder, with no puzzle.txt in it".
func TestFolderOfMixedKinds(t *testing.T) {
	dir, puzzles := mixedFolder(t)
	code, out, errs := run(t, "", "check", "--format", "json", dir)
	if code != 0 {
		t.Fatalf("check DIR: exit %d, stderr %q", code, errs)
	}
	var kindsSeen, files []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ File, Kind, Status string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		if rec.Status != "unique" {
			t.Errorf("%s: %s, want unique", rec.File, rec.Status)
		}
		rel, _ := filepath.Rel(dir, rec.File)
		rel = filepath.ToSlash(rel)
		files = append(files, rel)
		if i := slices.IndexFunc(puzzles, func(p clitest.Puzzle) bool { return p.File == rel }); i >= 0 && puzzles[i].Kind != "" && puzzles[i].Kind != rec.Kind {
			t.Errorf("%s: read as %s, want %s", rel, rec.Kind, puzzles[i].Kind)
		}
		kindsSeen = append(kindsSeen, rec.Kind)
	}
	slices.Sort(kindsSeen)
	if want := kinds.Default().Names(); !slices.Equal(slices.Compact(kindsSeen), want) {
		t.Errorf("kinds checked %q, want every kind %q", kindsSeen, want)
	}
	var want []string
	for _, p := range puzzles {
		want = append(want, p.File)
	}
	slices.Sort(files)
	slices.Sort(want)
	if !slices.Equal(files, want) {
		t.Errorf("files checked %q, want %q", files, want)
	}
	// The other puzzle commands walk it too, every puzzle answered.
	for _, args := range [][]string{
		{"solve", dir}, {"backbone", dir}, {"count", dir}, {"grade", dir},
	} {
		code, out, errs := run(t, "", args...)
		if code != 0 {
			t.Errorf("%s DIR: exit %d, stderr %q", args[0], code, errs)
		}
		for _, p := range puzzles {
			if !strings.Contains(out, filepath.Join(dir, filepath.FromSlash(p.File))) {
				t.Errorf("%s DIR: stdout lacks %s:\n%s", args[0], p.File, out)
			}
		}
	}
	// --kind keeps one kind: its example and none of the others'.
	one := puzzles[0]
	code, out, _ = run(t, "", "check", "--kind", one.Kind, dir)
	if code != 0 {
		t.Errorf("check --kind %s DIR: exit %d", one.Kind, code)
	}
	for _, p := range puzzles {
		if has := strings.Contains(out, filepath.Join(dir, filepath.FromSlash(p.File))); has != (p.Kind == one.Kind) && p.Kind != "" {
			t.Errorf("check --kind %s DIR: %s shown %v, want the %s puzzle only:\n%s", one.Kind, p.File, has, one.Kind, out)
		}
	}
}

// TestEmptyFolder: a folder with no puzzle is bad input, named.
func TestEmptyFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, "", "check", dir, janko)
	if code != 2 || !strings.Contains(errs, dir+": a folder with no puzzle in it") {
		t.Errorf("have exit %d, stderr %q; want 2 naming the folder", code, errs)
	}
}

// TestMaxInput: an input past --max-input is refused, exit 2, whether a
// file or standard input; the cap is a global flag.
func TestMaxInput(t *testing.T) {
	text := string(testcorpus.Read(t, "juosan", "janko", "6x6_1.in")) // janko's
	size := len(text)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		err   string
	}{
		{"file", "", []string{"--max-input", "50", "check", janko}, 2, janko + ": input larger than 50 bytes"},
		{"stdin", text, []string{"--max-input", "50", "check", "-"}, 2, "<stdin>: input larger than 50 bytes"},
		{"selection", "", []string{"--max-input", "1KB", "check", play + "#4x4_1"}, 2, "input larger than 1 KB"},
		{"exactly the cap", "", []string{"--max-input", strconv.Itoa(size), "check", janko}, 0, ""},
		{"bad size", "", []string{"--max-input", "lots", "check", janko}, 2, `size "lots"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := run(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.err) {
				t.Errorf("have exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.err)
			}
		})
	}
}

// TestMaxInputInFolder: a file of a walked folder past --max-input is
// passed over unread, on purpose, and counted in the closing line; the
// folder's other puzzles are checked.
func TestMaxInputInFolder(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, janko, filepath.Join(dir, "6x6_1.in"))
	copyFile(t, play, filepath.Join(dir, "many.json"))
	code, out, errs := run(t, "", "--max-input", "1KB", "check", dir)
	want := "puzzlesat: skipped 1 file in " + dir + ": 1 over --max-input\n"
	if code != 0 || !strings.Contains(out, "6x6_1.in: unique") || !strings.HasSuffix(errs, want) {
		t.Errorf("have exit %d, stdout %q, stderr %q; want 0, 6x6_1 unique and %q", code, out, errs, want)
	}
}
