package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
)

var update = flag.Bool("update", false, "rewrite the booklet's golden layouts")

// mixed is a small collection to typeset: every kind, sizes from 4x4 to
// 12x12, three puzzles of one file, a multiple and a malformed one.
var mixed = []string{
	"../testdata/juosan/janko/6x6_1.in",
	"../testdata/hostile/one-broken.juosan",
	"../testdata/juosan/janko/10x10_1.in",
	"../testdata/arrows/2026-03-07",
	"../testdata/arrows/2026-01-24",
	"../testdata/shinro/playshinro.json#1",
	"../testdata/shinro/playshinro.json#5",
	"../testdata/shinro/playshinro.json#7",
	"../testdata/linjat/puzzles.json#1",
	"../testdata/linjat/easy-3.txt",
	"../testdata/hostile/malformed.juosan",
	"../testdata/juosan/janko/12x12_1.in",
	"../testdata/linjat/puzzles.json#2",
}

var (
	mixedOnce sync.Once
	mixedRecs []report.Record
)

// mixedRecords are mixed's records, worked out once.
func mixedRecords(t *testing.T) []report.Record {
	t.Helper()
	mixedOnce.Do(func() { mixedRecs = gather(t, mixed, kind.Options{}) })
	if len(mixedRecs) != len(mixed) {
		t.Fatalf("%d records of %d inputs", len(mixedRecs), len(mixed))
	}
	return mixedRecs
}

func printOf(perPage int, cell, bleed float64, paper report.Paper) report.Print {
	p := report.DefaultPrint()
	p.PerPage, p.Cell, p.Bleed, p.Paper, p.Date = perPage, cell, bleed, paper, "1 January 2026"
	return p
}

// TestBooklet: at every --per-page, with a cell size and with a bleed,
// the PDF has the pages the layout plans; every puzzle and answer key is
// there once, in order, on the page the contents say; nothing is drawn
// beyond the margins; the cells are the size asked.
func TestBooklet(t *testing.T) {
	recs := mixedRecords(t)
	meta := report.Meta{Kinds: kinds.Default(), Title: "Mixed"}
	tests := []struct {
		name                       string
		print                      report.Print
		puzzlePages, solutionPages int
	}{
		{"per-page 1", printOf(1, 0, 0, report.A4), 11, 3},
		{"per-page 2", printOf(2, 0, 0, report.A4), 6, 2},
		{"per-page 4", printOf(4, 0, 0, report.A4), 3, 2},
		{"per-page 6", printOf(6, 0, 0, report.A4), 2, 1},
		{"per-page 4, 7 mm cells, letter", printOf(4, 7, 0, report.Letter), 3, 2},
		{"per-page 2, 3 mm bleed, 150x150mm", printOf(2, 0, 3, report.Paper{Name: "150x150mm", W: 150, H: 150}), 6, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			b, err := report.WritePDF(&buf, recs, meta, tc.print)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Numbered) != 11 || len(b.Trouble) != 2 {
				t.Fatalf("%d puzzles to print, %d problems; want 11 and 2 (a multiple, a malformed)", len(b.Numbered), len(b.Trouble))
			}
			parts := map[string]int{}
			for _, p := range b.Pages {
				parts[p.Part]++
			}
			if parts["title"] != 1 || parts["problems"] != 2 || parts["puzzles"] != tc.puzzlePages || parts["solutions"] != tc.solutionPages {
				t.Errorf("pages by part %v; want a title page, 2 problems, %d of puzzles, %d of solutions", parts, tc.puzzlePages, tc.solutionPages)
			}
			if n := pdfPages(t, buf.Bytes()); n != len(b.Pages) {
				t.Errorf("the PDF has %d pages, the layout %d", n, len(b.Pages))
			}
			sheetW, sheetH, _ := b.Sheet()
			if w, h := pdfSize(t, buf.Bytes()); math.Abs(w-sheetW) > 0.1 || math.Abs(h-sheetH) > 0.1 {
				t.Errorf("the PDF's pages are %.1f×%.1f mm, want %.1f×%.1f", w, h, sheetW, sheetH)
			}
			if tc.print.Bleed > 0 && sheetW != tc.print.Paper.W+2*(tc.print.Bleed+8) {
				t.Errorf("with a bleed the sheet is %.1f mm wide, want the paper, the bleed and 8 mm of crop marks a side", sheetW)
			}
			pageBoxes(t, buf.Bytes(), b)
			pages := pageTexts(t, buf.Bytes(), b)
			inOrder(t, pages, `Puzzle (\d+)`, len(b.Numbered))
			inOrder(t, pages, `Solution (\d+)`, len(b.Numbered))
			inOrder(t, pages, `Problem P(\d+)`, len(b.Trouble))
			contentsPoint(t, pages, b)
			withinMargins(t, b)
			cells(t, b, tc.print.Cell)
			for _, p := range pages {
				if strings.Contains(p, "../testdata") || strings.Contains(p, "score") {
					t.Errorf("a page names a path or the score:\n%s", p)
				}
			}
		})
	}
}

// pdfSize is the size of a PDF's first page in millimetres, by pdfinfo
// (or its MediaBox when poppler is not there).
func pdfSize(t *testing.T, pdf []byte) (w, h float64) {
	t.Helper()
	re := regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]`)
	if _, err := exec.LookPath("pdfinfo"); err == nil {
		cmd := exec.Command("pdfinfo", "-")
		cmd.Stdin = bytes.NewReader(pdf)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pdfinfo: %v", err)
		}
		re = regexp.MustCompile(`Page size:\s+([0-9.]+) x ([0-9.]+) pts`)
		pdf = out
	}
	m := re.FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no page size in the PDF")
	}
	pw, _ := strconv.ParseFloat(string(m[1]), 64)
	ph, _ := strconv.ParseFloat(string(m[2]), 64)
	return pw * 25.4 / 72, ph * 25.4 / 72
}

// pageBoxes checks every page's boxes as pdfinfo -box reads them: with
// a bleed, the TrimBox is the paper and the BleedBox the paper and its
// bleed, on the sheet with the crop marks' room (the MediaBox) around
// them; without, all are the paper.
func pageBoxes(t *testing.T, pdf []byte, b *report.Booklet) {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Fatal("pdfinfo (poppler-utils) is not installed: the pages' boxes cannot be read")
	}
	cmd := exec.Command("pdfinfo", "-box", "-f", "1", "-l", strconv.Itoa(len(b.Pages)), "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "Syntax") {
		t.Fatalf("pdfinfo -box: %v\n%s", err, out)
	}
	w, h, o := b.Sheet()
	mm := func(in float64) string {
		return fmt.Sprintf("%.2f %.2f %.2f %.2f", in*72/25.4, in*72/25.4, (w-in)*72/25.4, (h-in)*72/25.4)
	}
	want := map[string]string{"MediaBox": mm(0), "CropBox": mm(0), "TrimBox": mm(o), "BleedBox": mm(o - b.Print.Bleed)}
	re := regexp.MustCompile(`Page\s+(\d+)\s+(\w+):\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)`)
	seen := 0
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		if w, ok := want[m[2]]; ok {
			seen++
			if got := strings.Join(m[3:], " "); got != w {
				t.Errorf("page %s: %s %s, want %s", m[1], m[2], got, w)
			}
		}
	}
	if seen != len(want)*len(b.Pages) {
		t.Errorf("pdfinfo -box named %d boxes of %d pages, want %d:\n%s", seen, len(b.Pages), len(want)*len(b.Pages), out)
	}
}

// pageTexts are the text of every page: pdftotext's (-layout) when
// poppler is there, else the layout's own.
func pageTexts(t *testing.T, pdf []byte, b *report.Booklet) []string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err == nil {
		cmd := exec.Command("pdftotext", "-layout", "-", "-")
		cmd.Stdin = bytes.NewReader(pdf)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pdftotext: %v", err)
		}
		pages := strings.Split(string(out), "\f")
		return pages[:len(pages)-1] // after the last form feed: nothing
	}
	t.Log("no pdftotext (poppler-utils): reading the layout's own text")
	var pages []string
	for _, p := range b.Pages {
		var lines []string
		for _, it := range p.Items {
			if it.What == "text" {
				lines = append(lines, it.Text)
			}
		}
		pages = append(pages, strings.Join(lines, "\n"))
	}
	return pages
}

// inOrder: the headings re match are numbered 1..n, each once, in order.
func inOrder(t *testing.T, pages []string, re string, n int) {
	t.Helper()
	var seen []string
	for _, p := range pages {
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(p, -1) {
			seen = append(seen, m[1])
		}
	}
	var want []string
	for i := range n {
		want = append(want, strconv.Itoa(i+1))
	}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Errorf("%s: the pages say %v, want %v", re, seen, want)
	}
}

// contentsPoint: each line of the contents names the page its puzzle (or
// problem) is on and the page of its answer key; the title page the page
// where each part starts.
func contentsPoint(t *testing.T, pages []string, b *report.Booklet) {
	t.Helper()
	on := func(page int, heading string) bool {
		return page >= 1 && page <= len(pages) && regexp.MustCompile(`(?m)`+heading+`\b`).MatchString(pages[page-1])
	}
	line := regexp.MustCompile(`(?m)^\s*(P?)(\d+)\s+[^\s/].*?\s(\d+)(?:\s+(\d+))?\s*$`)
	lines := 0
	for _, p := range pages[b.Contents-1 : b.Contents-1+countPart(b, "contents")] {
		for _, m := range line.FindAllStringSubmatch(p, -1) {
			lines++
			page, _ := strconv.Atoi(m[3])
			if m[1] == "P" {
				if !on(page, "Problem P"+m[2]) {
					t.Errorf("contents: problem P%s on page %d, which does not show it", m[2], page)
				}
				continue
			}
			if !on(page, "Puzzle "+m[2]) {
				t.Errorf("contents: puzzle %s on page %d, which does not show it", m[2], page)
			}
			answer, _ := strconv.Atoi(m[4])
			if !on(answer, "Solution "+m[2]) {
				t.Errorf("contents: puzzle %s's answer on page %d, which does not show it", m[2], answer)
			}
		}
	}
	if lines != len(b.Numbered)+len(b.Trouble) {
		t.Errorf("%d lines of contents, want %d", lines, len(b.Numbered)+len(b.Trouble))
	}
	for part, heading := range map[string]string{"Problems": "Problem P1", "Puzzles": "Puzzle 1", "Solutions": "Solution 1"} {
		m := regexp.MustCompile(`(?m)^\s*` + part + `.*page (\d+)`).FindStringSubmatch(pages[0])
		if m == nil {
			t.Errorf("the title page says not where the %s start:\n%s", part, pages[0])
			continue
		}
		if page, _ := strconv.Atoi(m[1]); !on(page, heading) {
			t.Errorf("the title page says the %s start on page %d, which does not show %q", part, page, heading)
		}
	}
}

func countPart(b *report.Booklet, part string) int {
	n := 0
	for _, p := range b.Pages {
		if p.Part == part {
			n++
		}
	}
	return n
}

// withinMargins: every text, picture and row of stars is inside the
// margin box.
func withinMargins(t *testing.T, b *report.Booklet) {
	t.Helper()
	m, paper := b.Print.Margin, b.Print.Paper
	const eps = 1e-6
	for i, p := range b.Pages {
		for _, it := range p.Items {
			if it.Box.X0 < m-eps || it.Box.Y0 < m-eps || it.Box.X1 > paper.W-m+eps || it.Box.Y1 > paper.H-m+eps {
				t.Errorf("page %d: %s %q at %+v leaves the margin box (%g mm margins of %g×%g)", i+1, it.What, it.Text, it.Box, m, paper.W, paper.H)
			}
		}
	}
}

// cells: with a cell size every puzzle is drawn at it (or smaller, said
// in Shrunk, when its box is too small), every answer key smaller than its
// puzzle.
func cells(t *testing.T, b *report.Booklet, want float64) {
	t.Helper()
	puzzle := map[string]float64{}
	for _, p := range b.Pages {
		for _, it := range p.Items {
			if it.What != "picture" {
				continue
			}
			if n, ok := strings.CutPrefix(it.Text, "puzzle "); ok {
				puzzle[n] = it.Cell
				shrunk := slices.ContainsFunc(b.Shrunk, func(s string) bool { return strings.HasPrefix(s, it.Text+" (") })
				if want > 0 && (it.Cell > want+0.01 || it.Cell < want-0.01 && !shrunk) {
					t.Errorf("%s drawn at %g mm cells, want %g (or less, said in Shrunk %q)", it.Text, it.Cell, want, b.Shrunk)
				}
			}
		}
	}
	for _, p := range b.Pages {
		for _, it := range p.Items {
			if n, ok := strings.CutPrefix(it.Text, "solution "); ok && it.Cell > 0.6*puzzle[n]+0.01 {
				t.Errorf("%s at %g mm cells, its puzzle at %g: want at most 0.6 of it", it.Text, it.Cell, puzzle[n])
			}
		}
	}
}

// TestBookletGolden: the page layout at --per-page 4, as data (every
// item's place to a tenth of a millimetre), is the one reviewed; -update
// rewrites it after a change meant to move things.
func TestBookletGolden(t *testing.T) {
	recs := mixedRecords(t)
	for _, tc := range []struct {
		file  string
		print report.Print
	}{
		{"booklet-4.golden.json", printOf(4, 0, 0, report.A4)},
		{"booklet-6-bleed.golden.json", printOf(6, 6, 3, report.Letter)},
	} {
		var buf bytes.Buffer
		b, err := report.WritePDF(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: "Mixed"}, tc.print)
		if err != nil {
			t.Fatal(err)
		}
		have := layoutJSON(b)
		path := filepath.Join("testdata", tc.file)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, have, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./report -run Golden -update writes it)", err)
		}
		if !bytes.Equal(have, want) {
			t.Errorf("%s: the layout changed (go test ./report -run Golden -update, then review the diff):\n%s", path, firstDiff(string(want), string(have)))
		}
	}
}

// layoutJSON is a booklet's pages, a line an item, places rounded to a
// tenth of a millimetre.
func layoutJSON(b *report.Booklet) []byte {
	var out bytes.Buffer
	r := func(x float64) float64 { return math.Round(x*10) / 10 }
	w, h, _ := b.Sheet()
	fmt.Fprintf(&out, "{\"sheet\": [%g, %g], \"pages\": [\n", r(w), r(h))
	for i, p := range b.Pages {
		fmt.Fprintf(&out, " {\"part\": %q, \"items\": [\n", p.Part)
		for k, it := range p.Items {
			it.Box = report.Rect{X0: r(it.Box.X0), Y0: r(it.Box.Y0), X1: r(it.Box.X1), Y1: r(it.Box.Y1)}
			line, _ := json.Marshal(it)
			sep := ","
			if k == len(p.Items)-1 {
				sep = ""
			}
			fmt.Fprintf(&out, "  %s%s\n", line, sep)
		}
		sep := ","
		if i == len(b.Pages)-1 {
			sep = ""
		}
		fmt.Fprintf(&out, " ]}%s\n", sep)
	}
	out.WriteString("]}\n")
	return out.Bytes()
}

func firstDiff(want, have string) string {
	w, h := strings.Split(want, "\n"), strings.Split(have, "\n")
	for i := range max(len(w), len(h)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(h) {
			b = h[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %s\nhave %s", i+1, a, b)
		}
	}
	return ""
}

// TestContentsLongNames: a name longer than a line is cut with "…" inside
// the margins, and a puzzle without a name is called by its file's base
// name, never its path (issue 35 item 7).
func TestContentsLongNames(t *testing.T) {
	recs := append([]report.Record(nil), mixedRecords(t)...)
	long := strings.Repeat("a very long puzzle name ", 20)
	recs[0].Name = long
	recs[2].Name = ""
	recs[2].File = "/some/deep/folder/of/the/editor/10x10_1.in"
	var buf bytes.Buffer
	b, err := report.WritePDF(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: long}, printOf(4, 0, 0, report.A5))
	if err != nil {
		t.Fatal(err)
	}
	withinMargins(t, b)
	var cut, base bool
	for _, p := range b.Pages {
		for _, it := range p.Items {
			cut = cut || strings.HasPrefix(it.Text, "a very long puzzle name") && strings.HasSuffix(it.Text, "…")
			base = base || strings.HasPrefix(it.Text, "10x10_1.in · juosan")
			if strings.Contains(it.Text, "/some/deep") {
				t.Errorf("a page names the path: %q", it.Text)
			}
		}
	}
	if !cut || !base {
		t.Errorf("the long name cut with …: %v; the nameless puzzle called 10x10_1.in: %v", cut, base)
	}
}

// TestPrintValues: sizes with their units, papers by name or WxH, and
// what the booklet refuses.
func TestPrintValues(t *testing.T) {
	sizes := []struct {
		in   string
		mm   float64
		fail bool
	}{
		{"7mm", 7, false}, {"20pt", 20 * 25.4 / 72, false}, {"0.5in", 12.7, false}, {"1.5cm", 15, false},
		{"7", 0, true}, {"-3mm", 0, true}, {"mm", 0, true}, {"7furlongs", 0, true}, {"NaNmm", 0, true},
	}
	for _, s := range sizes {
		mm, err := report.ParseSize(s.in)
		if (err != nil) != s.fail || math.Abs(mm-s.mm) > 1e-9 {
			t.Errorf("ParseSize(%q) = %g, %v; want %g, failing %v", s.in, mm, err, s.mm, s.fail)
		}
	}
	papers := []struct {
		in   string
		w, h float64
		fail bool
	}{
		{"a4", 210, 297, false}, {"Letter", 215.9, 279.4, false}, {"148x210mm", 148, 210, false},
		{"6x9in", 152.4, 228.6, false}, {"148x210", 0, 0, true}, {"10x10mm", 0, 0, true}, {"b5", 0, 0, true},
	}
	for _, p := range papers {
		paper, err := report.PaperOf(p.in)
		if (err != nil) != p.fail || math.Abs(paper.W-p.w) > 1e-9 || math.Abs(paper.H-p.h) > 1e-9 {
			t.Errorf("PaperOf(%q) = %+v, %v; want %g×%g, failing %v", p.in, paper, err, p.w, p.h, p.fail)
		}
	}
	bad := []struct {
		name string
		edit func(*report.Print)
		says string
	}{
		{"per-page 3", func(p *report.Print) { p.PerPage = 3 }, "want 1, 2, 4 or 6"},
		{"margin of half the page", func(p *report.Print) { p.Margin = 60 }, "--margin 60 mm leaves"},
		{"cell of 1 mm", func(p *report.Print) { p.Cell = 1 }, "--cell 1 mm"},
		{"bleed of 3 cm", func(p *report.Print) { p.Bleed = 30 }, "--bleed 30 mm"},
	}
	for _, tc := range bad {
		p := report.DefaultPrint()
		tc.edit(&p)
		if err := p.Check(); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v; want an error saying %q", tc.name, err, tc.says)
		}
	}
	if err := report.DefaultPrint().Check(); err != nil {
		t.Errorf("the default: %v", err)
	}
}

// TestDisplayName: a puzzle is called by its name, else its file's base
// name, with #N when the file holds many; never by a path.
func TestDisplayName(t *testing.T) {
	for _, tc := range []struct {
		rec  report.Record
		many bool
		want string
	}{
		{report.Record{File: "/a/b/playshinro.json", EntryRecord: answer.EntryRecord{Entry: 5, Name: "playshinro 13"}}, true, "playshinro 13"},
		{report.Record{File: "/a/b/one-broken.juosan", EntryRecord: answer.EntryRecord{Entry: 1}}, false, "one-broken.juosan"},
		{report.Record{File: "/a/b/set.juosan", EntryRecord: answer.EntryRecord{Entry: 3}}, true, "set.juosan#3"},
		{report.Record{File: "/a/b/set.juosan", EntryRecord: answer.EntryRecord{Entry: 3, Name: "/a/b/set.juosan"}}, true, "set.juosan#3"},
		{report.Record{File: "../x/easy-3.txt", EntryRecord: answer.EntryRecord{Entry: 1, Name: "easy/3"}}, false, "easy/3"},
	} {
		if have := tc.rec.DisplayName(tc.many); have != tc.want {
			t.Errorf("%+v: %q, want %q", tc.rec, have, tc.want)
		}
	}
}

// TestWidePuzzleRow: a puzzle whose box beside another would draw its
// cells under 5 mm (janko's 12x25, its record read from a JSON line)
// takes a row of its own, leaving the rest of its row empty, and is drawn
// larger than in one box; the puzzles around it keep their order.
func TestWidePuzzleRow(t *testing.T) {
	wide, err := report.ReadJSON("testdata/wide-12x25.jsonl")
	if err != nil || len(wide) != 1 {
		t.Fatalf("%v (%d records)", err, len(wide))
	}
	mix := mixedRecords(t)
	var recs []report.Record
	for i, r := range []report.Record{mix[0], mix[2], wide[0], mix[3]} {
		r.Index = i
		recs = append(recs, r)
	}
	var buf bytes.Buffer
	b, err := report.WritePDF(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: "wide"}, printOf(4, 0, 0, report.A4))
	if err != nil {
		t.Fatal(err)
	}
	boxes := map[string]report.Rect{}
	cell := map[string]float64{}
	for _, p := range b.Pages {
		for _, it := range p.Items {
			if it.What == "picture" && strings.HasPrefix(it.Text, "puzzle ") {
				boxes[it.Text], cell[it.Text] = it.Box, it.Cell
			}
		}
	}
	// 1 and 2 side by side, 3 (the wide one) a row below them, 4 on the
	// next page: the row after 3 is its own.
	if len(b.Numbered) != 4 || b.PuzzlePage[2] != b.PuzzlePage[0] || b.PuzzlePage[3] != b.PuzzlePage[0]+1 {
		t.Errorf("puzzles on pages %v; want 1–3 on one page, 4 on the next", b.PuzzlePage)
	}
	if !(boxes["puzzle 3"].Y0 > boxes["puzzle 1"].Y1 && boxes["puzzle 3"].X1-boxes["puzzle 3"].X0 > 100) {
		t.Errorf("the 12x25 puzzle at %+v: want it under puzzles 1 and 2, over 100 mm wide", boxes["puzzle 3"])
	}
	if cell["puzzle 3"] < 5 {
		t.Errorf("the 12x25 puzzle at %g mm cells; a row of its own gives over 5", cell["puzzle 3"])
	}
	withinMargins(t, b)
}

// TestBookletEdges: a booklet of problems only, and of nothing, is a
// title page and contents (and the problems' pages), saying so.
func TestBookletEdges(t *testing.T) {
	mix := mixedRecords(t)
	for _, tc := range []struct {
		name  string
		recs  []report.Record
		pages int
		says  string
	}{
		{"problems only", []report.Record{mix[1], mix[10]}, 4, "No puzzle fit to print; 2 problems not fit to print, first."},
		{"one puzzle", []report.Record{mix[0]}, 4, "1 puzzle to print, numbered 1."},
		{"nothing", nil, 2, "No puzzle fit to print."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			b, err := report.WritePDF(&buf, tc.recs, report.Meta{Kinds: kinds.Default(), Title: tc.name}, printOf(4, 0, 0, report.A4))
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Pages) != tc.pages || pdfPages(t, buf.Bytes()) != tc.pages {
				t.Errorf("%d pages, want %d", len(b.Pages), tc.pages)
			}
			said := false
			for _, it := range b.Pages[0].Items {
				said = said || it.Text == tc.says
			}
			if !said {
				t.Errorf("the title page does not say %q", tc.says)
			}
		})
	}
}
