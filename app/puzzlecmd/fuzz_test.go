package puzzlecmd_test

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// FuzzCheckStdin feeds arbitrary input to `check -`: whatever the bytes,
// every reader of every kind must answer with a definite exit code (0, 1,
// 2 or 3) and never panic (70) or hang.
func FuzzCheckStdin(f *testing.F) {
	for _, name := range []string{
		"../../testdata/juosan/janko/6x6_1.in",
		"../../testdata/juosan/6x6_1.juosan",
		"../../testdata/juosan/janko051.txt",
		"../../testdata/arrows/2026-01-24/puzzle.txt",
	} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Every kind's example, so that each kind's reader is fuzzed from a
	// puzzle of its own, a new kind's as well.
	for _, k := range kinds.Default().List() {
		_, data, err := k.ExampleFile()
		if err != nil {
			f.Fatal(err)
		}
		if data != nil {
			f.Add(data)
		}
	}
	f.Add([]byte("https://puzz.link/p?juosan/5/5/8mdnvues132g213g22g"))
	f.Add([]byte(`[{"index":1,"difficulty":0.5,"grid":[[2,0,0,0,0,0,0,2]]}]`))
	f.Add([]byte("shinro\nsize 2 2\nstones 1\ncols: 1 0\n1 . .\n0 . 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var out, errb bytes.Buffer
		code := app.Run(ctx, kinds.Default(), bytes.NewReader(data), &out, &errb, []string{"puzzlesat", "check", "--timeout", "5s", "-"})
		switch code {
		case 0, 1, 2, 3:
		default:
			t.Fatalf("exit %d on %q\nstderr: %s", code, data, errb.String())
		}
		if code == 2 && errb.Len() == 0 {
			t.Fatalf("exit 2 without a message on %q", data)
		}
	})
}
