package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/testfs"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.svg")
	for _, text := range []string{"first", "second, longer"} {
		if err := WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if have, _ := os.ReadFile(path); string(have) != text {
			t.Errorf("have %q, want %q", have, text)
		}
	}
	if have := testfs.Names(t, dir); !slices.Equal(have, []string{"a.svg"}) {
		t.Errorf("folder holds %q, want only a.svg", have)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o600 != 0o600 {
		t.Errorf("mode %v, want the owner to read and write", st.Mode())
	}
}

// errDiskFull stands for ENOSPC halfway through a write.
var errDiskFull = errors.New("no space left on device")

// TestFailingWriterKeepsOldFile: a write that fails midway (a full disk)
// leaves the good file there untouched and no temporary file.
func TestFailingWriterKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "good.png")
	if err := os.WriteFile(path, []byte("the good picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(path, 0o644, func(w io.Writer) error {
		if _, err := w.Write([]byte("half a pic")); err != nil {
			return err
		}
		return errDiskFull
	})
	if !errors.Is(err, errDiskFull) {
		t.Errorf("Write: have error %v, want the writer's", err)
	}
	if have, _ := os.ReadFile(path); string(have) != "the good picture" {
		t.Errorf("the old file now holds %q", have)
	}
	if have := testfs.Names(t, dir); !slices.Equal(have, []string{"good.png"}) {
		t.Errorf("folder holds %q, want only good.png", have)
	}
	// Absent before, absent after.
	fresh := filepath.Join(dir, "new.pdf")
	if err := Write(fresh, 0o644, func(io.Writer) error { return errDiskFull }); err == nil {
		t.Error("Write: no error")
	}
	if _, err := os.Stat(fresh); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("new.pdf: have %v, want it absent", err)
	}
}

func TestWriteIntoMissingFolder(t *testing.T) {
	if err := WriteFile(filepath.Join(t.TempDir(), "no", "such.svg"), []byte("x"), 0o644); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("have %v, want a missing folder's error", err)
	}
}

// TestClean: Clean removes the temporary files of processes that ended
// and old ones of unknown owners, and keeps those of a process that runs
// (a shard writing into the same folder) and every other file.
func TestClean(t *testing.T) {
	dir := t.TempDir()
	dead := "." + "p.json" + tmpMark + host() + "-2147483647-12345" // beyond any pid_max
	running := "." + "q.json" + tmpMark + host() + "-" + strconv.Itoa(os.Getppid()) + "-1"
	own := "." + "r.json" + tmpMark + owner() + "-7"
	oldStyle := ".s.json.tmp-123456"                      // generate's earlier names
	otherHostOld := ".t.json" + tmpMark + "elsewhere-1-2" // a shard on another machine
	otherHostNew := ".u.json" + tmpMark + "elsewhere-1-3"
	keep := []string{"p.json", ".hidden", running, own, otherHostNew}
	for _, n := range append([]string{dead, oldStyle, otherHostOld}, keep...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * StaleAfter)
	for _, n := range []string{oldStyle, otherHostOld} {
		if err := os.Chtimes(filepath.Join(dir, n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := Clean(dir)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(removed)
	want := []string{dead, oldStyle, otherHostOld}
	slices.Sort(want)
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	slices.Sort(keep)
	if have := testfs.Names(t, dir); !slices.Equal(have, keep) {
		t.Errorf("left %q, want %q", have, keep)
	}
}

// TestCleanFor: CleanFor removes the leftovers of one file only.
func TestCleanFor(t *testing.T) {
	dir := t.TempDir()
	mine := ".a.svg" + tmpMark + host() + "-2147483647-1"
	other := ".b.svg" + tmpMark + host() + "-2147483647-2"
	for _, n := range []string{mine, other} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := CleanFor(filepath.Join(dir, "a.svg"))
	if err != nil || !slices.Equal(removed, []string{mine}) {
		t.Errorf("removed %q (error %v), want %q", removed, err, mine)
	}
	if have := testfs.Names(t, dir); !slices.Equal(have, []string{other}) {
		t.Errorf("left %q, want %q", have, other)
	}
}
