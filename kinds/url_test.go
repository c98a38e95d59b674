package kinds_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// TestURL: every grid kind writes a puzzle as a playground URL's query
// (convert --to url), and reads it back, bare or inside a whole URL with
// the page's fragment, as the same puzzle.
func TestURL(t *testing.T) {
	for _, k := range kinds.Default().List() {
		t.Run(k.Name, func(t *testing.T) {
			for i := range 20 {
				rows, cols := 3+i%5, 4+i%4
				in, err := k.Random(rand.New(rand.NewPCG(uint64(i), 11)), rows, cols, kind.Options{})
				if err != nil {
					t.Fatal(err)
				}
				u, err := in.Format("url")
				if err != nil {
					t.Fatal(err)
				}
				q := strings.TrimSpace(u[strings.IndexByte(u, '?')+1:])
				if !strings.HasPrefix(q, k.Name+"/") {
					t.Fatalf("url %q: want %s/…", u, k.Name)
				}
				for _, arg := range []string{q, "http://127.0.0.1:8080/?" + q, "https://example.org/p?" + q + "#p=abc"} {
					if !k.Detect(arg, []byte(arg)) {
						t.Fatalf("%s does not detect %q", k.Name, arg)
					}
					back, err := k.Parse(arg, []byte(arg), kind.Options{})
					if err != nil {
						t.Fatalf("%q: %v", arg, err)
					}
					if !slices.Equal(unnamed(back[0].Draw(nil)), unnamed(in.Draw(nil))) {
						t.Fatalf("%q reads back as\n%s\nwant\n%s", arg, strings.Join(back[0].Draw(nil), "\n"), strings.Join(in.Draw(nil), "\n"))
					}
				}
				for _, other := range kinds.Default().List() {
					if other != k && other.Detect(q, []byte(q)) {
						t.Errorf("%s detects the %s URL %q", other.Name, k.Name, q)
					}
				}
			}
		})
	}
}

// unnamed is a drawing without its name line (a URL carries no name).
func unnamed(lines []string) []string {
	return slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return strings.HasPrefix(l, "name ") })
}
