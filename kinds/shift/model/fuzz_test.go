package model

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// FuzzParse: any input gives a puzzle that validates and survives a
// Format/Parse round trip, or a positioned error; never a panic.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "shift", "*.txt"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("start\n1 2\ntarget\n2 1\nmove a/b (r1c1 r1c2)\n"))
	f.Add([]byte("start\n1 2 3\n4 5 6\nmoves cols rows\nmagic 15 r1c1 2\ndistinct r1c1 r2c2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz", data)
		if err != nil {
			var pe *srcpos.Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("parsed puzzle does not validate: %v", err)
		}
		q, err := Parse("again", []byte(Format(p)))
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, Format(p))
		}
		if Format(q) != Format(p) {
			t.Fatalf("round trip changed\n%s into\n%s", Format(p), Format(q))
		}
	})
}
