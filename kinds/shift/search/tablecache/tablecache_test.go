package tablecache

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// loader counts the builds of a table whose payload is want.
type loader struct {
	want   []byte
	builds int
}

func (l *loader) build() ([]byte, error) {
	l.builds++
	return bytes.Clone(l.want), nil
}

// TestMissingThenLoaded: the first load builds and stores the table, the
// second reads it without building.
func TestMissingThenLoaded(t *testing.T) {
	dir := t.TempDir()
	l := &loader{want: []byte("distances 0 1 2 3")}
	k := KeyOf([]byte("a table"))
	for i, want := range []Outcome{Built, Loaded, Loaded} {
		got, outcome, err := Load(dir, "t", k, l.build)
		if err != nil || outcome != want || !bytes.Equal(got, l.want) {
			t.Fatalf("load %d: %q %v %v, want %q %v", i, got, outcome, err, l.want, want)
		}
	}
	if l.builds != 1 {
		t.Errorf("%d builds, want 1", l.builds)
	}
}

// TestCorruptRebuilt: a file damaged in any way is not trusted: the table
// is rebuilt, stored over it, and read from the new file next time.
func TestCorruptRebuilt(t *testing.T) {
	k := KeyOf([]byte("a table"))
	payload := []byte("the payload of a table, some bytes long")
	good := encode(k, payload)
	tests := []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"empty file", func([]byte) []byte { return nil }},
		{"truncated header", func(b []byte) []byte { return b[:headerLen-1] }},
		{"truncated payload", func(b []byte) []byte { return b[:len(b)-1] }},
		{"a byte appended", func(b []byte) []byte { return append(b, 0) }},
		{"payload byte flipped", func(b []byte) []byte { b[headerLen+3] ^= 1; return b }},
		{"checksum byte flipped", func(b []byte) []byte { b[headerLen-1] ^= 0x80; return b }},
		{"length changed", func(b []byte) []byte { b[len(magic)+32] ^= 1; return b }},
		{"other version", func(b []byte) []byte { b[len(magic)-2] = '9'; return b }},
		{"another table's file", func([]byte) []byte { return encode(KeyOf([]byte("another")), payload) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := Path(dir, "t", k)
			if err := os.WriteFile(path, tt.damage(bytes.Clone(good)), 0o644); err != nil {
				t.Fatal(err)
			}
			l := &loader{want: payload}
			got, outcome, err := Load(dir, "t", k, l.build)
			if err != nil || outcome != Rebuilt || l.builds != 1 || !bytes.Equal(got, payload) {
				t.Fatalf("%q %v %v after %d builds, want the payload rebuilt once", got, outcome, err, l.builds)
			}
			if b, err := os.ReadFile(path); err != nil || !bytes.Equal(b, good) {
				t.Errorf("file not rewritten: %v", err)
			}
			if _, outcome, _ := Load(dir, "t", k, l.build); outcome != Loaded || l.builds != 1 {
				t.Errorf("next load %v after %d builds, want loaded", outcome, l.builds)
			}
		})
	}
}

// TestNoCache: without a directory, or with one that cannot be created,
// every load builds, and no error comes of the cache.
func TestNoCache(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"", filepath.Join(file, "tables")} {
		l := &loader{want: []byte("x")}
		for range 2 {
			got, outcome, err := Load(dir, "t", KeyOf(nil), l.build)
			if err != nil || outcome != Built || !bytes.Equal(got, l.want) {
				t.Errorf("dir %q: %q %v %v", dir, got, outcome, err)
			}
		}
		if l.builds != 2 {
			t.Errorf("dir %q: %d builds, want 2", dir, l.builds)
		}
	}
}

// TestBuildError: a failing build is Load's error, and nothing is stored.
func TestBuildError(t *testing.T) {
	dir := t.TempDir()
	k := KeyOf([]byte("x"))
	_, _, err := Load(dir, "t", k, func() ([]byte, error) { return nil, os.ErrInvalid })
	if err != os.ErrInvalid {
		t.Errorf("error %v, want %v", err, os.ErrInvalid)
	}
	if _, err := os.Stat(Path(dir, "t", k)); !os.IsNotExist(err) {
		t.Errorf("a file was stored: %v", err)
	}
}

// TestHas: Has sees a stored table, and not a missing, truncated or
// foreign one (a flipped payload byte it cannot see: Load's checksum
// does).
func TestHas(t *testing.T) {
	k := KeyOf([]byte("a table"))
	payload := []byte("the payload of a table, some bytes long")
	tests := []struct {
		name string
		file []byte // nil: no file
		want bool
	}{
		{"missing", nil, false},
		{"stored", encode(k, payload), true},
		{"truncated payload", encode(k, payload)[:headerLen+3], false},
		{"truncated header", encode(k, payload)[:headerLen-1], false},
		{"another table's file", encode(KeyOf([]byte("another")), payload), false},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if tt.file != nil {
			if err := os.WriteFile(Path(dir, "t", k), tt.file, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := Has(dir, "t", k); got != tt.want {
			t.Errorf("%s: Has = %v, want %v", tt.name, got, tt.want)
		}
	}
	if Has("", "t", k) {
		t.Error("no cache folder: Has = true")
	}
}
