package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Journal is a run's records on disk as each puzzle finishes: one JSON
// line a record, in the order they finish, each written by one write(2)
// of the whole line, so that a run stopped any way at all (a signal, the
// machine going down) leaves the records it finished and at most one line
// cut short, the last, which ReadJournal passes over. --resume reads it.
type Journal struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// CreateJournal starts the journal at path with the records kept (those an
// earlier run finished that this one resumes from), truncating what was
// there.
func CreateJournal(path string, kept []Record) (*Journal, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	j := &Journal{f: f, path: path}
	for _, r := range kept {
		if err := j.Add(r); err != nil {
			f.Close()
			return nil, err
		}
	}
	return j, nil
}

// Add writes r's line.
func (j *Journal) Add(r Record) error {
	line, err := marshalLine(&r)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	_, err = j.f.Write(line)
	return err
}

// Close closes the journal's file.
func (j *Journal) Close() error { return j.f.Close() }

// Finish replaces the journal by recs, in order, as one file (written
// beside it and renamed over it: the journal whole until the new file is),
// and closes it: the JSON lines a run leaves when it ends.
func (j *Journal) Finish(recs []Record) error {
	j.f.Close()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, recs); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(j.path), "."+filepath.Base(j.path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), j.path)
}

// marshalLine is r's JSON line, as WriteJSON writes it.
func marshalLine(r *Record) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ReadJournal reads the records of a journal; a journal not there has
// none. A last line with no newline that is no record is the line a
// stopped run was cutting short: passed over. Any other bad line is an
// error.
func ReadJournal(path string) ([]Record, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Record
	br := bufio.NewReader(f)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var r Record
			if jerr := json.Unmarshal(line, &r); jerr != nil {
				if err == io.EOF {
					return out, nil // the torn last line
				}
				return nil, fmt.Errorf("%s: record %d: %v", path, n, jerr)
			}
			out = append(out, r)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
