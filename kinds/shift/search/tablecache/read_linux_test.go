package tablecache

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestMappedOnce: a process maps a table file once and hands out the same
// pages after; a file replaced since (here by a rebuild after damage, as
// puzzlesat replaces files: by a rename) is mapped anew, and the payload
// handed out before it still reads as it did.
func TestMappedOnce(t *testing.T) {
	dir := t.TempDir()
	l := &loader{want: bytes.Repeat([]byte("walking distances "), 1000)}
	k := KeyOf([]byte("a mapped table"))
	if _, outcome, err := Load(dir, "t", k, l.build); err != nil || outcome != Built {
		t.Fatalf("first load: %v %v", outcome, err)
	}
	first, outcome, err := Load(dir, "t", k, l.build)
	if err != nil || outcome != Loaded {
		t.Fatalf("second load: %v %v", outcome, err)
	}
	again, _, _ := Load(dir, "t", k, l.build)
	if &first[0] != &again[0] {
		t.Error("the same file mapped twice")
	}

	// Damage it the way a user's program might, writing in place but
	// keeping its length, then load: rebuilt, through a new file.
	path := Path(dir, "t", k)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rebuilt, outcome, err := Load(dir, "t", k, l.build)
	if err != nil || outcome != Rebuilt || !bytes.Equal(rebuilt, l.want) {
		t.Fatalf("after damage: %v %v", outcome, err)
	}
	fresh, outcome, err := Load(dir, "t", k, l.build)
	if err != nil || outcome != Loaded || !bytes.Equal(fresh, l.want) || &fresh[0] == &first[0] {
		t.Fatalf("after the rebuild: %v %v, a new mapping %v", outcome, err, &fresh[0] != &first[0])
	}
	if l.builds != 2 {
		t.Errorf("%d builds, want 2", l.builds)
	}
}

// TestNotAFile: a named pipe or a folder where a table's file belongs is
// no table: Has says so and Load rebuilds without opening it (an open of
// a pipe would wait for a writer forever), storing the table over the
// pipe; over a folder it cannot, and builds every time.
func TestNotAFile(t *testing.T) {
	dir := t.TempDir()
	k := KeyOf([]byte("a table over a pipe"))
	pipe := Path(dir, "pipe", k)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := Path(dir, "folder", k)
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		for _, name := range []string{"pipe", "folder"} {
			if Has(dir, name, k) {
				done <- fmt.Errorf("%s: Has", name)
				return
			}
			l := &loader{want: []byte("distances")}
			if _, outcome, err := Load(dir, name, k, l.build); err != nil || outcome != Rebuilt {
				done <- fmt.Errorf("%s: %v %v, want rebuilt", name, outcome, err)
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // only a hang gets here
		t.Fatal("Load hung on a named pipe")
	}
	if fi, err := os.Stat(pipe); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the pipe was not replaced by the table: %v %v", fi, err)
	}
	if !Has(dir, "pipe", k) {
		t.Error("the table stored over the pipe does not check")
	}
}
