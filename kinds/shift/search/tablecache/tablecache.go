// Package tablecache keeps the search's precomputed tables (walking
// distances, pattern databases) on disk, so that a table is built once per
// machine rather than once per process.
//
// A table is named by a key: the FNV-128a hash of everything that
// determines its contents (the puzzle's moves and goal, the abstraction,
// the format version). Its file holds a header — a magic line, the key, the
// payload's length and the payload's CRC-32 (IEEE) — and the payload.
// CRC-32 because a process reads its tables whole at every start: with the
// processor's carry-less multiply it checks Loopover 5×5's 22 MB in about
// a millisecond, where FNV-64a and Adler-32 took 36 ms (FNV-128a, the
// first choice, 120 ms for the 19 MB of Reborn's ball); its package's one
// initialiser (a 1 KB table) costs every start of puzzlesat a microsecond.
// The key and checksum guard against a truncated, damaged or foreign file,
// not a forged one (the cache is the user's own folder): a cryptographic
// hash would link crypto's initialisers into every start of puzzlesat
// (internal/depgraph.Leans). Load trusts a file
// only when all four match; a missing, truncated, corrupted or foreign
// file is rebuilt and rewritten (through a temporary file and a rename, so
// that a reader never sees half a table). A cache directory that cannot be
// written costs only the rebuild: the table is then built in every process.
// On Linux a file is mapped into memory rather than read, once per process
// (read_linux.go): its payload is read-only.
package tablecache

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
)

// magic opens every table file; its digit is the file format's version.
const magic = "puzzlesat table 5\n"

// sumSize is the size of an FNV-128a sum, a key.
const sumSize = 16

// checkSize is the size of a payload's checksum.
const checkSize = 4

// headerLen is the magic, the key, the payload length and its checksum.
const headerLen = len(magic) + sumSize + 8 + checkSize

// Key is a table's identity: the FNV-128a hash of its description.
type Key [sumSize]byte

// KeyOf returns the key of a description (any bytes that determine the
// table's contents).
func KeyOf(description []byte) Key { return sum(description) }

// sum is the FNV-128a hash of b.
func sum(b []byte) [sumSize]byte {
	h := fnv.New128a()
	h.Write(b)
	var out [sumSize]byte
	h.Sum(out[:0])
	return out
}

// check is the checksum of a payload: its CRC-32 (IEEE), little-endian.
func check(b []byte) [checkSize]byte {
	var out [checkSize]byte
	binary.LittleEndian.PutUint32(out[:], crc32.ChecksumIEEE(b))
	return out
}

// DefaultDir is the cache directory of the user (os.UserCacheDir, then
// puzzlesat/tables), or "" when the system has none.
func DefaultDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "puzzlesat", "tables")
}

// Outcome says where a table came from.
type Outcome int

const (
	// Loaded: read from a file that checked.
	Loaded Outcome = iota
	// Built: no file (or no directory); built, and stored when it could be.
	Built
	// Rebuilt: a file was there but failed a check; built again and
	// stored over it.
	Rebuilt
	// Embedded: carried in the program itself, no file (a table every
	// machine would build alike, such as Loopover 4×4's tile database).
	Embedded
)

func (o Outcome) String() string {
	switch o {
	case Loaded:
		return "loaded"
	case Built:
		return "built"
	case Embedded:
		return "embedded"
	}
	return "rebuilt"
}

// Path is the file of the table named name with key k in dir.
func Path(dir, name string, k Key) string {
	return filepath.Join(dir, fmt.Sprintf("%s-%x.tbl", name, k[:8]))
}

// Load returns the payload of the table name/k from dir, or builds it with
// build and stores it there. dir "" means no cache: build every time.
// Errors of the cache itself (unreadable, unwritable) are not errors of
// Load: the table is built instead. build's error is returned as is.
func Load(dir, name string, k Key, build func() ([]byte, error)) ([]byte, Outcome, error) {
	if dir == "" {
		b, err := build()
		return b, Built, err
	}
	path := Path(dir, name, k)
	var payload []byte
	fi, err := os.Stat(path)
	found := err == nil
	if found && fi.Mode().IsRegular() {
		payload, found = readChecked(path, k)
	}
	if payload != nil {
		return payload, Loaded, nil
	}
	outcome := Built
	if found {
		outcome = Rebuilt
	}
	payload, err = build()
	if err != nil {
		return nil, outcome, err
	}
	_ = store(dir, path, k, payload) // a cache that cannot be written only costs time
	return payload, outcome, nil
}

// Has reports whether dir holds a file for the table name/k whose header
// names k and whose length fits it: a quick look (the header only), for a
// caller deciding whether a build is ahead. Load still checks the whole
// file before it trusts it.
func Has(dir, name string, k Key) bool {
	if dir == "" || !regular(Path(dir, name, k)) {
		return false
	}
	f, err := os.Open(Path(dir, name, k))
	if err != nil {
		return false
	}
	defer f.Close()
	h := make([]byte, headerLen)
	if _, err := io.ReadFull(f, h); err != nil || string(h[:len(magic)]) != magic {
		return false
	}
	st, err := f.Stat()
	if err != nil || !bytes.Equal(h[len(magic):len(magic)+sumSize], k[:]) {
		return false
	}
	return uint64(st.Size()) == uint64(headerLen)+binary.LittleEndian.Uint64(h[len(magic)+sumSize:])
}

// regular reports whether path is a regular file: anything else at a
// table's path (a named pipe would block the open until a writer came, a
// folder cannot be read) is not a table, and is replaced when the table is
// stored.
func regular(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// readWhole reads the table file path whole and checks it against key k
// (see readChecked).
func readWhole(path string, k Key) (payload []byte, found bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	if payload, err = decode(data, k); err != nil {
		return nil, true
	}
	return payload, true
}

// errCorrupt is any failed check of a table file: a constant, so that
// the package has no initialiser to run at every start of puzzlesat.
const errCorrupt = corruptError("tablecache: corrupt table file")

// corruptError is errCorrupt's type.
type corruptError string

func (e corruptError) Error() string { return string(e) }

// decode checks a table file against key k and returns its payload.
func decode(data []byte, k Key) ([]byte, error) {
	if len(data) < headerLen || string(data[:len(magic)]) != magic {
		return nil, errCorrupt
	}
	h := data[len(magic):headerLen]
	if !bytes.Equal(h[:sumSize], k[:]) {
		return nil, errCorrupt
	}
	n := binary.LittleEndian.Uint64(h[sumSize:])
	payload := data[headerLen:]
	if uint64(len(payload)) != n {
		return nil, errCorrupt
	}
	if s := check(payload); !bytes.Equal(h[sumSize+8:], s[:]) {
		return nil, errCorrupt
	}
	return payload, nil
}

// encode is the file of payload under key k.
func encode(k Key, payload []byte) []byte {
	out := make([]byte, 0, headerLen+len(payload))
	out = append(out, magic...)
	out = append(out, k[:]...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(payload)))
	s := check(payload)
	out = append(out, s[:]...)
	return append(out, payload...)
}

// store writes the table file through a temporary file in dir and a
// rename, so that concurrent processes see the old file or the new one.
// (Not internal/atomicfile: the layering keeps shift/... apart from it; a
// table lost in a crash is only rebuilt, so no sync is needed.)
func store(dir, path string, k Key, payload []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(encode(k, payload)); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
