package report_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
)

// printSample is a few puzzles of every kind (its corpus's sample, or
// for a kind without one the first picture render draws of it), and a
// tall one (a 12x25 Juosan), to print.
func printSample(t *testing.T) []string {
	t.Helper()
	var args []string
	for _, k := range kinds.Default().All() {
		switch {
		case k.Corpus != nil && len(k.Corpus.Sample) > 0:
			for _, rel := range k.Corpus.Sample {
				args = append(args, testcorpus.Path(rel))
			}
		case k.Corpus != nil && len(k.Corpus.Pictures) > 0:
			args = append(args, testcorpus.Path(k.Corpus.Pictures[0].File))
		default:
			t.Fatalf("%s names no puzzle of its corpus to print (kind.Corpus.Sample)", k.Name)
		}
	}
	return append(args, testcorpus.Path("juosan/janko/12x25_1.in"))
}

// TestPrintHTML prints the report of a few puzzles of every kind to PDF
// from headless chromium, as a reader printing the page from the browser
// does, and reads the pages back (pdftotext): every puzzle is there with
// its solution, no puzzle is split across pages, the chart is on one
// page, and nothing of the page's controls or links is printed.
func TestPrintHTML(t *testing.T) {
	browser := webtest.Chromium(t)
	for _, tool := range []string{"pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s (poppler-utils) is not installed: the printed page cannot be read back", tool)
		}
	}
	recs := gather(t, printSample(t), kind.Options{})
	var buf bytes.Buffer
	if err := report.WriteHTML(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: "printed"}); err != nil {
		t.Fatal(err)
	}
	dir := webtest.Artifacts(t)
	html := filepath.Join(dir, "printed.html")
	if err := os.WriteFile(html, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(html)
	if err != nil {
		t.Fatal(err)
	}
	// The tab's limit only catches a hang.
	ctx := webtest.NewTab(t, browser, 5*time.Minute, nil).Ctx
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs), chromedp.WaitReady(chromedp.CSS(`#summary-table`))); err != nil {
		t.Fatalf("load the page: %v", err)
	}
	// The page's synchronous inflater, which printing draws the pictures
	// with, gives what the browser's own gives: of every packed picture,
	// and of gzip's every kind of block (stored, fixed and dynamic codes).
	gz := map[string]string{}
	for _, level := range []int{gzip.NoCompression, gzip.BestSpeed, gzip.DefaultCompression, gzip.HuffmanOnly} {
		for _, text := range []string{"", "a", "ÿ→★ " + strings.Repeat("<use href=\"#g12\" x=\"3.5\"/>", 2000) + strings.Repeat("ab", 70000)} {
			var b bytes.Buffer
			z, _ := gzip.NewWriterLevel(&b, level)
			z.Write([]byte(text))
			z.Close()
			gz[base64.StdEncoding.EncodeToString(b.Bytes())] = text
		}
	}
	js, err := json.Marshal(gz)
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async function () {
		var out = [], want = `+string(js)+`;
		for (var k in want) {
			var bin = atob(k), b = new Uint8Array(bin.length);
			for (var i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
			try { if (gunzipSync(b) !== want[k]) out.push('a text of ' + want[k].length + ' characters'); } catch (e) { out.push(String(e)); }
		}
		for (var d of document.querySelectorAll('details[data-pic]')) {
			var bytes = packedBytes(d);
			var svg = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
			try { if (gunzipSync(bytes) !== svg) out.push(d.closest('section').id); } catch (e) { out.push(d.closest('section').id + ': ' + e); }
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(wrong) > 0 {
		t.Errorf("gunzipSync inflates differently from DecompressionStream: %v", wrong)
	}
	a4w, a4h, margin := 210/25.4, 297/25.4, 0.0
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: a4w, PaperHeight: a4h, PrintBackground: new(true),
		MarginTop: &margin, MarginBottom: &margin, MarginLeft: &margin, MarginRight: &margin, PreferCSSPageSize: new(false)})
	if err != nil {
		t.Fatalf("print to PDF: %v", err)
	}
	pdf := filepath.Join(dir, "printed.pdf")
	if err := os.WriteFile(pdf, res.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Printing drew every picture behind a click.
	undrawn, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.prototype.map.call(document.querySelectorAll('details[data-pic]:not([data-drawn=yes])'), function (d) { return d.closest('section').id })`))
	if err != nil {
		t.Fatal(err)
	}
	if len(undrawn) > 0 {
		t.Errorf("printed without the pictures behind a click of %v", undrawn)
	}

	out, err := exec.Command("pdftotext", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	space := regexp.MustCompile(`\s+`)
	pages := strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
	for i := range pages {
		pages[i] = space.ReplaceAllString(pages[i], " ")
	}
	onPage := func(s string) []int {
		var at []int
		for i, p := range pages {
			if strings.Contains(p, s) {
				at = append(at, i+1)
			}
		}
		return at
	}
	// Each puzzle's heading and the last line of its section (its
	// solution's, else its grade's or its proof's) are on one page.
	solutions := 0
	for _, r := range recs {
		name := r.Name
		if name == "" {
			name = r.File
		}
		head := fmt.Sprintf("%d. %s %s", r.Index+1, r.Kind, name)
		at := onPage(head)
		if len(at) != 1 {
			t.Errorf("%q printed on pages %v, want one", head, at)
			continue
		}
		p := pages[at[0]-1]
		rest := p[strings.Index(p, head):]
		if next := regexp.MustCompile(` \d+\. [a-z]+ `).FindStringIndex(rest[len(head):]); next != nil {
			rest = rest[:len(head)+next[0]]
		}
		var last string
		switch {
		case r.Shortest != nil:
			last = "The shortest solution, state by state"
			solutions++
		case r.Solution != nil:
			last = "Solution"
			solutions++
		case r.Grade != nil:
			last = "Grade"
		}
		if !strings.Contains(rest, last) {
			t.Errorf("%s: %q is not on its page %d: the puzzle is split across pages, or its solution is not printed:\n%s", head, last, at[0], rest)
		}
	}
	if solutions == 0 {
		t.Error("no puzzle with a solution printed")
	}
	for _, want := range []string{"Summary", "Difficulty", "Puzzles"} {
		if len(onPage(want)) == 0 {
			t.Errorf("no %q printed", want)
		}
	}
	if at, legend := onPage("Difficulty"), onPage("in no band"); len(at) == 0 || len(legend) != 1 || at[0] != legend[0] {
		t.Errorf("the chart's heading on pages %v, its legend on %v: want both on one page", at, legend)
	}
	for _, noise := range []string{"Click a heading to sort", "Show the redundant clues", "file://", "#p1", "▶"} {
		if at := onPage(noise); len(at) > 0 {
			t.Errorf("%q printed on pages %v", noise, at)
		}
	}
	// At most a page a puzzle and two for the summary and the chart;
	// the puzzles start on a page of their own.
	if n := len(pages); n < 2 || n > len(recs)+2 {
		t.Errorf("%d pages for %d puzzles: want 2 to %d", n, len(recs), len(recs)+2)
	}
	info, err := exec.Command("pdfinfo", pdf).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	if !regexp.MustCompile(`Page size:\s+595\.\d* x 841\.\d* pts \(A4\)`).Match(info) {
		t.Errorf("printed on A4, pdfinfo says:\n%s", info)
	}
	t.Logf("%d puzzles printed on %d pages (%s)", len(recs), len(pages), pdf)
}
