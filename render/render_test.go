package render_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// picture draws a puzzle of testdata in a mode.
func picture(t *testing.T, file string, mode answer.Mode) *canvas.Canvas {
	t.Helper()
	inst := load(t, file)
	pic, err := answer.Prepare(context.Background(), inst, mode, gini.NewSolver)
	if err != nil {
		t.Fatalf("Prepare(%s, %v): %v", file, mode, err)
	}
	c, err := render.Draw(inst, pic)
	if err != nil {
		t.Fatalf("Draw(%s, %v): %v", file, mode, err)
	}
	return c
}

// modeNamed is the picture mode called name (answer.Mode's String).
func modeNamed(t *testing.T, name string) answer.Mode {
	t.Helper()
	for _, m := range answer.Modes() {
		if m.String() == name {
			return m
		}
	}
	t.Fatalf("no picture mode %q", name)
	return 0
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
				if k.Grid() {
					golden(t, pc.Name, svgOf(t, picture(t, pc.File, modeNamed(t, pc.Mode))))
					return
				}
				golden(t, pc.Name, svgOf(t, movesPicture(t, k, pc)))
			})
		}
	}
}

// movesPicture draws a picture of a kind played by moves: its start with
// its target ("plain"), or its shortest solution ("solution").
func movesPicture(t *testing.T, k *kind.Kind, pc kind.Picture) *canvas.Canvas {
	t.Helper()
	name, data := read(t, pc.File)
	p, err := k.Moves.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	pic := render.ShiftPlain(k.Name, p)
	switch pc.Mode {
	case "plain":
	case "solution":
		// The exact search alone: its optimum does not depend on which
		// side of a race finishes first.
		res, err := answer.ShortestSolution(context.Background(), k, p, answer.ShortestOptions{Method: answer.MethodSearch})
		if err != nil {
			t.Fatal(err)
		}
		if pic, err = render.ShiftSolution(k.Name, p, res); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("%s: mode %q: a puzzle played by moves is drawn plain or with its solution", pc.Name, pc.Mode)
	}
	c, err := render.DrawShift(p, pic)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestDeterministic draws the same picture twice: the bytes must not
// depend on map order or on the fonts loaded before.
func TestDeterministic(t *testing.T) {
	for _, tc := range []struct{ file string }{{"../kinds/juosan/testdata/juosan-5x5_1.juosan"}, {"../kinds/linjat/testdata/linjat-tutorial-3.linjat"}} {
		have := svgOf(t, picture(t, tc.file, answer.Second))
		want := svgOf(t, picture(t, tc.file, answer.Second))
		if !bytes.Equal(have, want) {
			t.Errorf("%s: two drawings of the same picture differ", tc.file)
		}
	}
}

// TestConcurrent draws and writes pictures on several goroutines at once,
// as a server would, and wants the bytes of a drawing made alone (run it
// with -race).
func TestConcurrent(t *testing.T) {
	files := []string{"juosan/janko/6x6_1.in", "../kinds/shinro/testdata/shinro-1.shinro", "arrows/2026-01-24", "../kinds/linjat/testdata/linjat-easy-1.linjat"}
	want := make([][]byte, len(files))
	for i, f := range files {
		want[i] = svgOf(t, picture(t, f, answer.Solution))
	}
	var wg sync.WaitGroup
	have := make([][]byte, len(files))
	errs := make([]error, len(files))
	for i, f := range files {
		inst := load(t, f)
		pic, err := answer.Prepare(context.Background(), inst, answer.Solution, gini.NewSolver)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := render.Draw(inst, pic)
			if err != nil {
				errs[i] = err
				return
			}
			var buf bytes.Buffer
			errs[i] = render.Write(&buf, c, render.SVG)
			have[i] = buf.Bytes()
		}()
	}
	wg.Wait()
	for i, f := range files {
		if errs[i] != nil {
			t.Errorf("%s: %v", f, errs[i])
		} else if !bytes.Equal(have[i], want[i]) {
			t.Errorf("%s: drawn beside others, the picture differs from the one drawn alone", f)
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

// TestPNG decodes PNG pictures of every kind and checks their pixel size
// against the picture's size in millimetres.
func TestPNG(t *testing.T) {
	for _, tc := range []struct {
		file string
		mode answer.Mode
	}{
		{"juosan/janko/6x6_1.in", answer.Solution},
		{"../kinds/shinro/testdata/shinro-1.shinro", answer.Hint},
		{"arrows/2026-01-24", answer.Plain},
		{"../kinds/linjat/testdata/linjat-tutorial-3.linjat", answer.Second},
	} {
		c := picture(t, tc.file, tc.mode)
		img := pngOf(t, c)
		w, h := render.PixelSize(c)
		if have := img.Bounds().Size(); have.X != w || have.Y != h {
			t.Errorf("%s %v: have %dx%d pixels, want %dx%d (%.0fx%.0f mm at %d px/mm)",
				tc.file, tc.mode, have.X, have.Y, w, h, c.W, c.H, render.PixelsPerMM)
		}
		// A board of R×C cells is at least C·S wide, at PixelsPerMM.
		inst := load(t, tc.file)
		if minW := int(float64(inst.Cols())*render.S) * render.PixelsPerMM; w < minW {
			t.Errorf("%s: have %d pixels wide, want at least %d for %d columns", tc.file, w, minW, inst.Cols())
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

// TestPNGBounded draws a puzzle whose PNG at PixelsPerMM would go over
// MaxPixels: it is drawn at the lower resolution that fits (the largest
// puzzles, 200×200, would otherwise take gigabytes).
func TestPNGBounded(t *testing.T) {
	inst, err := kinds.Default().MustFind("juosan").Random(rand.New(rand.NewPCG(1, 2)), 80, 80, kind.Options{})
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

func TestPDF(t *testing.T) {
	var buf bytes.Buffer
	if err := render.Write(&buf, picture(t, "juosan/janko/6x6_1.in", answer.Hint), render.PDF); err != nil {
		t.Fatal(err)
	}
	if have := buf.String(); !strings.HasPrefix(have, "%PDF-") || !strings.Contains(have[len(have)-64:], "%%EOF") {
		t.Errorf("PDF starts %q and ends %q, want %%PDF- and %%%%EOF", have[:min(16, len(have))], have[max(0, len(have)-16):])
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

// TestPrepareAnswers checks the answers that leave nothing to draw.
func TestPrepareAnswers(t *testing.T) {
	tests := []struct {
		file string
		mode answer.Mode
		want error
	}{
		{"juosan/janko/6x6_1.in", answer.Second, answer.ErrUnique},
		{"../kinds/shinro/testdata/shinro-1.shinro", answer.Second, answer.ErrUnique},
	}
	for _, tc := range tests {
		_, err := answer.Prepare(context.Background(), load(t, tc.file), tc.mode, gini.NewSolver)
		if !errors.Is(err, tc.want) {
			t.Errorf("Prepare(%s, %v): have %v, want %v", tc.file, tc.mode, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := answer.Prepare(ctx, load(t, "juosan/janko/6x6_1.in"), answer.Solution, gini.NewSolver); !errors.Is(err, context.Canceled) {
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
	inst := load(t, "juosan/janko/6x6_1.in")
	tests := []struct {
		name string
		pic  answer.Figure
		want string
	}{
		{"short values", answer.Figure{Values: []int{0, 1}}, "2 values for 36 unknowns"},
		{"hint without start", answer.Figure{Hint: &human.Step{}}, "starting candidates"},
	}
	for _, tc := range tests {
		if _, err := render.Draw(inst, tc.pic); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: have %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}
