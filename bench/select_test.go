package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// selections are FILE#SEL picks from the many-puzzle JSON files, each an
// entry near the start of its file: what a script checking one puzzle
// asks for, and where reading the whole file costs most. (Their kind is
// the registry's reading of the file, found before the timing.)
var selections = []struct {
	file string
	sel  string
}{
	{"linjat/puzzles.json", "easy/3"},
	{"juosan/janko_instances.json", "6x6_1"},
	{"shinro/playshinro.json", "playshinro 13"},
}

// BenchmarkSelect times picking one puzzle out of a many-puzzle file in
// process, from its bytes to the instance (no file reading, no solving).
// Kind.Select streams to the entry and builds only it:
//
//	go test -run '^$' -bench Select -benchmem ./bench/
func BenchmarkSelect(b *testing.B) {
	for _, s := range selections {
		name := filepath.Join("..", "testdata", s.file)
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		k, err := kinds.Default().Detect(name, data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(s.file)+"#"+s.sel, func(b *testing.B) {
			for b.Loop() {
				if _, err := k.Select(name, data, kind.Options{}, s.sel); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
