package kinds_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// TestPuzzleFolder: a folder holding a kind's Folder.File is one puzzle,
// read from that file; any other folder is not, and a walk lists the
// folder's puzzle but not the files beside it (its solution).
func TestPuzzleFolder(t *testing.T) {
	dir := testcorpus.Path("arrows", "2026-01-24")
	if have, want := kinds.Default().PuzzleFolder(dir), filepath.Join(dir, "puzzle.txt"); have != want {
		t.Errorf("PuzzleFolder(%s) = %q, want %q", dir, have, want)
	}
	for _, d := range []string{testcorpus.Path("arrows"), testcorpus.Path("juosan"), filepath.Join(dir, "puzzle.txt"), t.TempDir()} {
		if have := kinds.Default().PuzzleFolder(d); have != "" {
			t.Errorf("PuzzleFolder(%s) = %q, want none", d, have)
		}
	}
	files, _, err := kinds.Default().Files(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, []string{filepath.Join(dir, "puzzle.txt")}) {
		t.Errorf("Files(%s) = %q, want its puzzle.txt alone", dir, files)
	}
	if note := kinds.Default().FolderNote(); !strings.Contains(note, "arrows: a folder holding puzzle.txt") {
		t.Errorf("FolderNote() = %q, want Arrows' folder named", note)
	}
}
