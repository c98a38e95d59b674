package puzzlecmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
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

// mixedFolder is a folder as collections come: a puzzle of every kind in
// files of their own, a .in with its .ans, a
// reference Arrows folder, and files of no kind.
func mixedFolder(t *testing.T) string {
	dir := t.TempDir()
	copyFile(t, janko, filepath.Join(dir, "juosan", "6x6_1.in"))
	copyFile(t, jankoAns, filepath.Join(dir, "juosan", "6x6_1.ans"))
	copyFile(t, "../../testdata/shinro/playshinro-1.txt", filepath.Join(dir, "playshinro-1.txt"))
	copyFile(t, "../../testdata/linjat/easy-3.txt", filepath.Join(dir, "linjat", "easy-3.txt"))
	for _, f := range []string{"puzzle.txt", "solution.txt", "metadata.yaml"} {
		copyFile(t, filepath.Join(arrowsDir, f), filepath.Join(dir, "arrows", "2026-01-24", f))
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("# my puzzles\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFolderOfMixedKinds: check (and every puzzle command) walks a folder
// as crosscheck does, every kind mixed; it said "a folder, with no
// puzzle.txt in it".
func TestFolderOfMixedKinds(t *testing.T) {
	dir := mixedFolder(t)
	code, out, errs := run(t, "", "check", "--format", "json", dir)
	if code != 0 {
		t.Fatalf("check DIR: exit %d, stderr %q", code, errs)
	}
	var kinds, files []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ File, Kind, Status string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		if rec.Status != "unique" {
			t.Errorf("%s: %s, want unique", rec.File, rec.Status)
		}
		kinds = append(kinds, rec.Kind)
		rel, _ := filepath.Rel(dir, rec.File)
		files = append(files, filepath.ToSlash(rel))
	}
	slices.Sort(kinds)
	if want := []string{"arrows", "juosan", "linjat", "shinro"}; !slices.Equal(kinds, want) {
		t.Errorf("kinds checked %q, want %q", kinds, want)
	}
	slices.Sort(files)
	if want := []string{"arrows/2026-01-24/puzzle.txt", "juosan/6x6_1.in", "linjat/easy-3.txt", "playshinro-1.txt"}; !slices.Equal(files, want) {
		t.Errorf("files checked %q, want %q", files, want)
	}
	// The other puzzle commands walk it too; --kind keeps one kind.
	for _, args := range [][]string{
		{"solve", dir}, {"backbone", dir}, {"count", dir}, {"grade", dir},
	} {
		code, out, errs := run(t, "", args...)
		if code != 0 || strings.Count(out, "6x6_1") == 0 || !strings.Contains(out, "playshinro") || !strings.Contains(out, "easy/3") || !strings.Contains(out, "2026-01-24") {
			t.Errorf("%s DIR: exit %d, stdout %q, stderr %q; want every kind's puzzle", args[0], code, out, errs)
		}
	}
	code, out, _ = run(t, "", "check", "--kind", "shinro", dir)
	if code != 0 || !strings.Contains(out, "playshinro") || strings.Contains(out, "6x6_1") {
		t.Errorf("check --kind shinro DIR: exit %d, stdout %q; want the Shinro puzzle only", code, out)
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
