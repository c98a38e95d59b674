package render_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/human"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/render"
	"github.com/puzzlesat/puzzlesat/sat/gini"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// read reads a file of the corpus (a path below its root, testdata/;
// the kinds' own test puzzles are ../kinds/<kind>/testdata/...), or the
// puzzle.txt of a folder there (an Arrows puzzle).
func read(t *testing.T, file string) (string, []byte) {
	t.Helper()
	name := testcorpus.Path(file)
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		name = filepath.Join(name, "puzzle.txt")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return name, data
}

// load reads the one puzzle of a file in testdata.
func load(t *testing.T, file string) kind.Instance {
	t.Helper()
	name, data := read(t, file)
	k, err := kinds.Default().Detect(name, data)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := k.Parse(name, data, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(insts) != 1 {
		t.Fatalf("%s holds %d puzzles, want 1", name, len(insts))
	}
	return insts[0]
}

// modeOf is the picture mode called name (answer.Mode's String).
func modeOf(name string) (answer.Mode, error) {
	for _, m := range answer.Modes() {
		if m.String() == name {
			return m, nil
		}
	}
	return 0, fmt.Errorf("no picture mode %q", name)
}

func svgOf(t *testing.T, c *canvas.Canvas) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := render.Write(&buf, c, render.SVG); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// golden compares have with testdata/golden/name.svg, or rewrites it with
// -update.
func golden(t *testing.T, name string, have []byte) {
	t.Helper()
	file := filepath.Join("testdata", "golden", name+".svg")
	if want := testcorpus.Golden(t, file, have, *update); !bytes.Equal(have, want) {
		t.Errorf("%s: have %d bytes of SVG, want the %d of %s (look at both; -update rewrites it)", name, len(have), len(want), file)
	}
}

// TestGolden draws the pictures every kind of the registry declares
// (kind.Corpus.Pictures: every mode, each on a puzzle that shows it) and
// compares each with its golden file; a kind that declares none fails, and
// so does a golden file no kind declares (a kind taken away leaves none).
func TestGolden(t *testing.T) {
	declared := map[string]bool{}
	defer func() {
		files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.svg"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if name := strings.TrimSuffix(filepath.Base(f), ".svg"); !declared[name] {
				t.Errorf("%s: no kind declares the picture %s (kind.Corpus.Pictures)", f, name)
			}
		}
	}()
	for _, k := range kinds.Default().All() {
		if k.Corpus == nil || len(k.Corpus.Pictures) == 0 {
			t.Errorf("%s declares no pictures for render's golden test (kind.Corpus.Pictures)", k.Name)
			continue
		}
		for _, pc := range k.Corpus.Pictures {
			declared[pc.Name] = true
			t.Run(pc.Name, func(t *testing.T) {
				c, err := drawDeclared(k, pc)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, pc.Name, svgOf(t, c))
			})
		}
	}
}

// declared is every picture the kinds of the registry declare
// (kind.Corpus.Pictures), with its kind.
func declared(t *testing.T) []struct {
	k  *kind.Kind
	pc kind.Picture
} {
	t.Helper()
	var out []struct {
		k  *kind.Kind
		pc kind.Picture
	}
	for _, k := range kinds.Default().All() {
		if k.Corpus != nil {
			for _, pc := range k.Corpus.Pictures {
				out = append(out, struct {
					k  *kind.Kind
					pc kind.Picture
				}{k, pc})
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no kind of the registry declares a picture")
	}
	return out
}

// drawDeclared draws a picture a kind declares, of either sort: a grid
// kind's puzzle in its mode, or a puzzle played by moves, its start with
// its target ("plain") or its shortest solution ("solution"). It calls
// nothing of t, so that goroutines may draw.
func drawDeclared(k *kind.Kind, pc kind.Picture) (*canvas.Canvas, error) {
	name := testcorpus.Path(pc.File)
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		name = filepath.Join(name, "puzzle.txt")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	one, err := answer.ReadOne(k, name, data, kind.Options{})
	if err != nil {
		return nil, err
	}
	if one.Grid != nil {
		mode, err := modeOf(pc.Mode)
		if err != nil {
			return nil, err
		}
		pic, err := answer.Prepare(context.Background(), one.Grid, mode, gini.NewSolver)
		if err != nil {
			return nil, fmt.Errorf("Prepare(%s, %v): %w", pc.File, mode, err)
		}
		return render.Draw(one.Grid, pic)
	}
	p := one.Moves
	pic := render.ShiftPlain(k.Name, p)
	switch pc.Mode {
	case "plain":
	case "solution":
		// The exact search alone: its optimum does not depend on which
		// side of a race finishes first.
		res, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: answer.MethodSearch})
		if err != nil {
			return nil, err
		}
		if pic, err = render.ShiftSolution(k.Name, p, res); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%s: mode %q: a puzzle played by moves is drawn plain or with its solution", pc.Name, pc.Mode)
	}
	return render.DrawShift(p, pic)
}

// TestDeterministic draws every picture the kinds declare twice: the
// bytes must not depend on map order or on the fonts loaded before.
func TestDeterministic(t *testing.T) {
	for _, d := range declared(t) {
		var svgs [2][]byte
		for i := range svgs {
			c, err := drawDeclared(d.k, d.pc)
			if err != nil {
				t.Fatal(err)
			}
			svgs[i] = svgOf(t, c)
		}
		if !bytes.Equal(svgs[0], svgs[1]) {
			t.Errorf("%s: two drawings of the same picture differ", d.pc.Name)
		}
	}
}

// TestConcurrent prepares, draws and writes every picture the kinds
// declare on goroutines of their own at once, as a server would, and
// wants the bytes of a drawing made alone (run it with -race).
func TestConcurrent(t *testing.T) {
	pics := declared(t)
	want := make([][]byte, len(pics))
	for i, d := range pics {
		c, err := drawDeclared(d.k, d.pc)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = svgOf(t, c)
	}
	var wg sync.WaitGroup
	have := make([][]byte, len(pics))
	errs := make([]error, len(pics))
	for i, d := range pics {
		wg.Go(func() {
			c, err := drawDeclared(d.k, d.pc)
			if err != nil {
				errs[i] = err
				return
			}
			var buf bytes.Buffer
			errs[i] = render.Write(&buf, c, render.SVG)
			have[i] = buf.Bytes()
		})
	}
	wg.Wait()
	for i, d := range pics {
		if errs[i] != nil {
			t.Errorf("%s: %v", d.pc.Name, errs[i])
		} else if !bytes.Equal(have[i], want[i]) {
			t.Errorf("%s: drawn beside others, the picture differs from the one drawn alone", d.pc.Name)
		}
	}
}

// pngOf writes c as PNG and decodes it.
func pngOf(t *testing.T, c *canvas.Canvas) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := render.Write(&buf, c, render.PNG); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestPNG decodes PNG pictures of every picture the kinds declare and
// checks their pixel size against the picture's size in millimetres.
func TestPNG(t *testing.T) {
	for _, d := range declared(t) {
		c, err := drawDeclared(d.k, d.pc)
		if err != nil {
			t.Fatal(err)
		}
		img := pngOf(t, c)
		w, h := render.PixelSize(c)
		if have := img.Bounds().Size(); have.X != w || have.Y != h {
			t.Errorf("%s: have %dx%d pixels, want %dx%d (%.0fx%.0f mm at %d px/mm)",
				d.pc.Name, have.X, have.Y, w, h, c.W, c.H, render.PixelsPerMM)
		}
		// A board of R×C cells is at least C·S wide, at PixelsPerMM (a
		// puzzle played by moves has no grid: 0 columns).
		name, data := read(t, d.pc.File)
		one, err := answer.ReadOne(d.k, name, data, kind.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, cols := one.Size()
		if minW := int(float64(cols)*render.S) * render.PixelsPerMM; w < minW {
			t.Errorf("%s: have %d pixels wide, want at least %d for %d columns", d.pc.Name, w, minW, cols)
		}
	}
}

// TestPNGSize pins the layout: a picture without title or caption is its
// board(s) and a 5 mm margin, at PixelsPerMM pixels per millimetre.
func TestPNGSize(t *testing.T) {
	tests := []struct {
		file string
		two  bool
		w, h int
	}{
		{"juosan/janko/6x6_1.in", false, 420, 420},                            // 6·10 + 2·5 mm
		{"../kinds/shinro/testdata/shinro-1.shinro", false, 600, 600},         // 8 columns and the counts: 9·10 + 10
		{"arrows/2026-01-24", false, 360, 360},                                // 5·10 + 10
		{"../kinds/linjat/testdata/linjat-easy-1.linjat", false, 420, 600},    // 6 columns, 9 rows
		{"../kinds/linjat/testdata/linjat-tutorial-3.linjat", true, 600, 342}, // two 4×4 boards 10 mm apart, 6.5 mm of labels above: 57 mm
	}
	for _, tc := range tests {
		inst := load(t, tc.file)
		first := make(puzzle.Assignment, len(inst.Vars()))
		pic := answer.Figure{Values: first}
		if tc.two {
			pic.Second = first
		}
		c, err := render.Draw(inst, pic)
		if err != nil {
			t.Fatal(err)
		}
		if have := pngOf(t, c).Bounds().Size(); have.X != tc.w || have.Y != tc.h {
			t.Errorf("%s: have %dx%d pixels, want %dx%d", tc.file, have.X, have.Y, tc.w, tc.h)
		}
	}
}

// TestPNGBounded draws a puzzle (an 80×80 one of the registry's first
// kind that draws random puzzles) whose PNG at PixelsPerMM would go over
// MaxPixels: it is drawn at the lower resolution that fits (the largest
// puzzles, 200×200, would otherwise take gigabytes).
func TestPNGBounded(t *testing.T) {
	i := slices.IndexFunc(kinds.Default().All(), func(k *kind.Kind) bool { return k.Random != nil })
	if i < 0 {
		t.Fatal("no kind of the registry draws random puzzles")
	}
	inst, err := kinds.Default().All()[i].Random(rand.New(rand.NewPCG(1, 2)), 80, 80, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := render.Draw(inst, answer.Figure{})
	if err != nil {
		t.Fatal(err)
	}
	w, h := render.PixelSize(c)
	if w*h > render.MaxPixels || w < 80*40 {
		t.Errorf("%.0fx%.0f mm: have %dx%d pixels, want at most %d in all and at least 40 per cell", c.W, c.H, w, h, render.MaxPixels)
	}
	if have := pngOf(t, c).Bounds().Size(); have.X != w || have.Y != h {
		t.Errorf("have %dx%d pixels, want %dx%d", have.X, have.Y, w, h)
	}
}

// TestPDF writes every picture the kinds declare as PDF.
func TestPDF(t *testing.T) {
	for _, d := range declared(t) {
		c, err := drawDeclared(d.k, d.pc)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := render.Write(&buf, c, render.PDF); err != nil {
			t.Fatal(err)
		}
		if have := buf.String(); !strings.HasPrefix(have, "%PDF-") || !strings.Contains(have[len(have)-64:], "%%EOF") {
			t.Errorf("%s: PDF starts %q and ends %q, want %%PDF- and %%%%EOF", d.pc.Name, have[:min(16, len(have))], have[max(0, len(have)-16):])
		}
	}
}

func TestFormatOf(t *testing.T) {
	tests := []struct {
		name string
		want render.Format
		err  string
	}{
		{"a.svg", render.SVG, ""},
		{"dir/B.PNG", render.PNG, ""},
		{"x.y.pdf", render.PDF, ""},
		{"a.jpg", "", "cannot write .jpg pictures"},
		{"picture", "", "has no extension"},
	}
	for _, tc := range tests {
		have, err := render.FormatOf(tc.name)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("FormatOf(%q): %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("FormatOf(%q): have error %v, want one saying %q", tc.name, err, tc.err)
		case have != tc.want:
			t.Errorf("FormatOf(%q) = %q, want %q", tc.name, have, tc.want)
		}
	}
}

// examples are the bundled example of every kind of the registry that
// names one for the tests (kind.Corpus.Example: small and unique), read.
func examples(t *testing.T) []*answer.One {
	t.Helper()
	var out []*answer.One
	for _, k := range kinds.Default().All() {
		name, data, err := k.ExampleFile()
		if err != nil {
			t.Fatal(err)
		}
		if name == "" {
			continue
		}
		one, err := answer.ReadOne(k, name, data, kind.Options{})
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		out = append(out, one)
	}
	if len(out) == 0 {
		t.Fatal("no kind of the registry names an example")
	}
	return out
}

// TestPrepareAnswers checks the answers that leave nothing to draw: the
// second solution of each kind's example, which is unique (a puzzle
// played by moves has no second solution to draw), and a cancelled
// preparation.
func TestPrepareAnswers(t *testing.T) {
	var grid []kind.Instance
	for _, one := range examples(t) {
		if one.Grid == nil {
			continue
		}
		grid = append(grid, one.Grid)
		if _, err := answer.Prepare(context.Background(), one.Grid, answer.Second, gini.NewSolver); !errors.Is(err, answer.ErrUnique) {
			t.Errorf("Prepare(%s %s, second): have %v, want %v", one.Kind.Name, one.Name(), err, answer.ErrUnique)
		}
	}
	if len(grid) == 0 {
		t.Fatal("no grid kind's example")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := answer.Prepare(ctx, grid[0], answer.Solution, gini.NewSolver); !errors.Is(err, context.Canceled) {
		t.Errorf("Prepare on a cancelled context: have %v, want context.Canceled", err)
	}
}

// TestPictureContent reads what the prepared pictures say: titles,
// captions, and the values drawn.
func TestPictureContent(t *testing.T) {
	tests := []struct {
		file    string
		mode    answer.Mode
		title   string
		caption string
	}{
		{"juosan/janko/6x6_1.in", answer.Plain, "juosan 6x6_1", ""},
		{"juosan/janko/6x6_1.in", answer.Solution, "juosan 6x6_1 — solution (unique)", ""},
		{"../kinds/juosan/testdata/juosan-4x4_3.juosan", answer.Solution, "— solution (one of several)", ""},
		{"../kinds/juosan/testdata/juosan-5x5_1.juosan", answer.Second, "— two solutions", "they differ in 2 cells: "},
		{"../kinds/juosan/testdata/juosan-4x4_3.juosan", answer.Backbone, "— backbone", "9 of 16 cells are the same in every solution"},
		{"../kinds/shinro/testdata/shinro-1.shinro", answer.Hint, "— next step", "[clear, level 1] row 1 holds all its 0 stones"},
		{"../kinds/linjat/testdata/linjat-tutorial-3.linjat", answer.Second, "linjat tutorial/3 — two solutions", "they differ in 1 cell: r1c2 (h:c2-c4/h:c1-c3)"},
	}
	for _, tc := range tests {
		pic, err := answer.Prepare(context.Background(), load(t, tc.file), tc.mode, gini.NewSolver)
		if err != nil {
			t.Fatalf("Prepare(%s, %v): %v", tc.file, tc.mode, err)
		}
		if !strings.Contains(pic.Title, tc.title) {
			t.Errorf("%s %v: have title %q, want it to hold %q", tc.file, tc.mode, pic.Title, tc.title)
		}
		if !strings.Contains(pic.Caption, tc.caption) || (tc.caption == "") != (pic.Caption == "") {
			t.Errorf("%s %v: have caption %q, want %q", tc.file, tc.mode, pic.Caption, tc.caption)
		}
	}
}

// TestDrawRejects checks that Draw refuses pictures that do not fit the
// puzzle rather than drawing nonsense.
func TestDrawRejects(t *testing.T) {
	for _, one := range examples(t) {
		inst := one.Grid
		if inst == nil {
			continue // played by moves: drawn from states (DrawShift)
		}
		tests := []struct {
			name string
			pic  answer.Figure
			want string
		}{
			{"short values", answer.Figure{Values: []int{0, 1}}, fmt.Sprintf("2 values for %d unknowns", len(inst.Vars()))},
			{"hint without start", answer.Figure{Hint: &human.Step{}}, "starting candidates"},
		}
		for _, tc := range tests {
			if _, err := render.Draw(inst, tc.pic); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %s: have %v, want an error saying %q", one.Kind.Name, tc.name, err, tc.want)
			}
		}
	}
}
