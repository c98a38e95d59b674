package report_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/generate"
	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/report"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/solve"
)

// gather loads args and gathers their records with gini.
func gather(t *testing.T, args []string, opt kind.Options) []report.Record {
	t.Helper()
	items, _ := report.Load(kinds.Default(), args, opt, nil, strings.NewReader(""))
	recs, err := report.Gather(context.Background(), items, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver, Kind: opt}})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// The corpus run, shared by the tests that write and read it: every
// puzzle of testdata once.
var (
	corpusOnce sync.Once
	corpusRecs []report.Record
	corpusN    int
)

func corpus(t *testing.T) []report.Record {
	t.Helper()
	if testing.Short() {
		t.Skip("proves every puzzle of testdata, tens of seconds: skipped by -short")
	}
	corpusOnce.Do(func() {
		items, _ := report.Load(kinds.Default(), []string{"../testdata"}, kind.Options{}, nil, nil)
		corpusN = len(items)
		recs, err := report.Gather(context.Background(), items, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver}})
		if err != nil {
			t.Fatal(err)
		}
		corpusRecs = recs
	})
	if corpusRecs == nil {
		t.Fatal("the corpus run failed")
	}
	return corpusRecs
}

// TestCorpusFacts: the corpus holds every kind and every kind of problem,
// and each record says what it should.
func TestCorpusFacts(t *testing.T) {
	recs := corpus(t)
	if len(recs) != corpusN || len(recs) < 300 {
		t.Fatalf("%d records of %d items; the corpus holds over 300 puzzles", len(recs), corpusN)
	}
	verdicts := map[string]int{}
	kindsSeen := map[string]bool{}
	for i, r := range recs {
		if r.Index != i {
			t.Errorf("record %d has index %d", i, r.Index)
		}
		verdicts[r.Verdict]++
		kindsSeen[r.Kind] = true
		switch r.Verdict {
		case report.Malformed:
			if !regexp.MustCompile(`^[^:]+:\d+:\d+: `).MatchString(r.Error) {
				t.Errorf("%s: malformed without file:line:col: %q", r.Label(), r.Error)
			}
		case report.Unique:
			if r.Grade == nil || r.Redundant == nil || r.Solution == nil || r.Puzzle == "" {
				t.Errorf("%s: unique without grade, redundant clues, solution or puzzle: %+v", r.Label(), r)
			}
		case report.Multiple:
			if r.Second == nil || len(r.Differences) == 0 {
				t.Errorf("%s: multiple without a second solution and differences", r.Label())
			}
		}
	}
	for _, k := range kinds.Default().Names() {
		if !kindsSeen[k] {
			t.Errorf("no %s puzzle in the corpus run", k)
		}
	}
	// The playground's non-unique Juosan puzzles, the hostile malformed
	// ones, the unsolvable shift picture Linjat reads.
	if verdicts[report.Multiple] < 7 || verdicts[report.Malformed] < 2 || verdicts[report.Unsolvable] < 1 {
		t.Errorf("verdicts %v: want ≥ 7 multiple, ≥ 2 malformed, ≥ 1 unsolvable", verdicts)
	}
}

// TestCorpusHTML: every puzzle has its section, the problems first.
func TestCorpusHTML(t *testing.T) {
	recs := corpus(t)
	var buf bytes.Buffer
	if err := report.WriteHTML(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: "corpus"}); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, bad := range []string{"http://", "https://", "<link", "src="} {
		if strings.Contains(strings.ReplaceAll(html, `xmlns="http://www.w3.org/2000/svg"`, ""), bad) &&
			!strings.Contains(bad, "http") {
			t.Errorf("the page refers outside itself: %q", bad)
		}
	}
	if regexp.MustCompile(`(?:src|href)="https?://`).MatchString(html) {
		t.Error("the page loads something from the network")
	}
	ids := regexp.MustCompile(`<section class="puzzle" id="p(\d+)" data-verdict="(\w+)"`).FindAllStringSubmatch(html, -1)
	if len(ids) != len(recs) {
		t.Fatalf("%d puzzle sections for %d puzzles", len(ids), len(recs))
	}
	seen := map[int]bool{}
	problems := true
	for _, m := range ids {
		n, _ := strconv.Atoi(m[1])
		seen[n] = true
		r := &recs[n-1]
		if r.Verdict != m[2] {
			t.Errorf("section %d says %s, the record %s", n, m[2], r.Verdict)
		}
		if !r.Problem() {
			problems = false
		} else if !problems {
			t.Errorf("problem %d (%s) after a puzzle with no problem", n, r.Verdict)
		}
	}
	if len(seen) != len(recs) {
		t.Errorf("%d distinct sections for %d puzzles", len(seen), len(recs))
	}
	dir := webtest.Artifacts(t)
	if err := os.WriteFile(filepath.Join(dir, "corpus.html"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	browse(t, filepath.Join(dir, "corpus.html"), len(recs), dir)
}

// TestCorpusPDF: the booklet of the whole corpus has a page for every
// problem, the puzzles fit to print four a page and their answer keys
// nine a page, and the PDF as many pages as its layout.
func TestCorpusPDF(t *testing.T) {
	recs := corpus(t)
	for _, paper := range []report.Paper{report.A4, report.Letter} {
		var buf bytes.Buffer
		p := report.DefaultPrint()
		p.Paper, p.PerPage = paper, 4
		b, err := report.WritePDF(&buf, recs, report.Meta{Kinds: kinds.Default(), Title: "corpus", ByDifficulty: true}, p)
		if err != nil {
			t.Fatal(err)
		}
		problems, fit, solved := 0, 0, 0
		for _, r := range recs {
			if r.Problem() || r.Puzzle == "" {
				problems++
				continue
			}
			fit++
			if r.Solution != nil {
				solved++
			}
		}
		if len(b.Trouble) != problems || len(b.Numbered) != fit {
			t.Errorf("%s: %d problems and %d puzzles to print; want %d and %d", paper.Name, len(b.Trouble), len(b.Numbered), problems, fit)
		}
		parts := map[string]int{}
		for _, pg := range b.Pages {
			parts[pg.Part]++
			pics := 0
			for _, it := range pg.Items {
				if it.What == "picture" {
					pics++
				}
			}
			if pg.Part == "puzzles" && (pics < 1 || pics > 4) || pg.Part == "solutions" && (pics < 1 || pics > 9) {
				t.Errorf("%s: a page of %s holds %d pictures", paper.Name, pg.Part, pics)
			}
		}
		// A puzzle too wide to share a row takes it whole: more pages.
		if parts["title"] != 1 || parts["problems"] != problems || parts["puzzles"] < (fit+3)/4 || parts["puzzles"] > fit ||
			parts["solutions"] < (solved+8)/9 || parts["contents"] != b.Problems-b.Contents {
			t.Errorf("%s: pages by part %v; want a title page, %d problems, ≥ %d pages of %d puzzles four a page, ≥ %d of %d answers nine a page",
				paper.Name, parts, problems, (fit+3)/4, fit, (solved+8)/9, solved)
		}
		if have := pdfPages(t, buf.Bytes()); have != len(b.Pages) {
			t.Errorf("%s: the PDF has %d pages, its layout %d", paper.Name, have, len(b.Pages))
		}
		withinMargins(t, b)
		if paper == report.A4 {
			if err := os.WriteFile(filepath.Join(webtest.Artifacts(t), "corpus.pdf"), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// pdfPages counts a PDF's pages: pdfinfo's count when poppler is there,
// else the page objects.
func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err == nil {
		cmd := exec.Command("pdfinfo", "-")
		cmd.Stdin = bytes.NewReader(pdf)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pdfinfo: %v", err)
		}
		if m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			return n
		}
		t.Fatalf("pdfinfo says no page count:\n%s", out)
	}
	return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
}

// TestRedundantKnown: the clues whose removal alone leaves a puzzle
// unique, found by editing the puzzle's text and checking each edit
// afresh, are exactly the ones the report names.
func TestRedundantKnown(t *testing.T) {
	const folder = "../testdata/arrows/2026-01-30"
	recs := gather(t, []string{folder}, kind.Options{})
	if len(recs) != 1 || recs[0].Verdict != report.Unique {
		t.Fatalf("want one unique puzzle, have %+v", recs)
	}
	r := recs[0]
	// The canonical text: "arrows RxC", then rows of arrow+given tokens,
	// "." for no given.
	lines := strings.Split(strings.TrimRight(r.Puzzle, "\n"), "\n")
	var known []string
	k, _ := kinds.Default().Lookup("arrows")
	for row := 1; row < len(lines); row++ {
		toks := strings.Fields(lines[row])
		for col, tok := range toks {
			runes := []rune(tok)
			if runes[len(runes)-1] == '.' {
				continue
			}
			edited := slices.Clone(toks)
			edited[col] = string(runes[0]) + "."
			text := strings.Join(append(append(slices.Clone(lines[:row]), strings.Join(edited, " ")), lines[row+1:]...), "\n") + "\n"
			insts, err := k.Parse("edited.txt", []byte(text), kind.Options{})
			if err != nil || len(insts) != 1 {
				t.Fatalf("the edited text does not read: %v\n%s", err, text)
			}
			res, err := solve.Check(context.Background(), insts[0], gini.NewSolver, false)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == sat.UniqueSolution {
				known = append(known, fmt.Sprintf("r%dc%d", row, col+1))
			}
		}
	}
	if len(known) == 0 {
		t.Fatalf("%s has no redundant given: pick a puzzle that has one", folder)
	}
	var reported []string
	for _, c := range r.Redundant {
		reported = append(reported, fmt.Sprintf("r%dc%d", c.Cell.Row+1, c.Cell.Col+1))
	}
	if !slices.Equal(reported, known) {
		t.Errorf("redundant givens: the report names %v, removing each from the text and checking gives %v", reported, known)
	}
}

// TestMinimalNone: a generated minimal puzzle has no redundant clue, of
// every kind that generates, at the size of its first generation test
// (kind.Corpus.Generate).
func TestMinimalNone(t *testing.T) {
	for _, k := range kinds.Default().List() {
		if k.Generate == nil || k.Corpus == nil || len(k.Corpus.Generate) == 0 {
			continue
		}
		rows, cols := k.Corpus.Generate[0].Rows, k.Corpus.Generate[0].Cols
		t.Run(k.Name, func(t *testing.T) {
			var ps []*generate.Puzzle
			_, err := generate.Run(context.Background(), generate.Batch{
				Options: generate.Options{Solver: gini.NewSolver, Kind: k, Rows: rows, Cols: cols, Seed: 3, Minimal: true},
				Count:   1, Workers: 1,
				Emit: func(p *generate.Puzzle) error { ps = append(ps, p); return nil },
			})
			if err != nil || len(ps) != 1 {
				t.Fatalf("generate: %v (%d puzzles)", err, len(ps))
			}
			recs, err := report.Gather(context.Background(), []report.Item{{File: "generated", Puzzle: &answer.One{Kind: k, Grid: ps[0].Instance}}}, report.Options{EntryOptions: answer.EntryOptions{Kinds: kinds.Default(), Solver: gini.NewSolver}})
			if err != nil {
				t.Fatal(err)
			}
			r := recs[0]
			if r.Verdict != report.Unique || r.Clues != ps[0].Clues || r.Redundant == nil || len(r.Redundant) != 0 {
				t.Errorf("minimal puzzle: verdict %s, %d clues (generator: %d), redundant %v; want unique with none redundant",
					r.Verdict, r.Clues, ps[0].Clues, r.Redundant)
			}
		})
	}
}

// TestConflict: the clues named for an unsolvable puzzle contradict each
// other, and each is needed for that.
func TestConflict(t *testing.T) {
	opt := kind.Options{}.With("rule", "majority")
	recs := gather(t, []string{"../testdata/juosan/janko_instances.json#5x5_1"}, opt)
	r := recs[0]
	if r.Verdict != report.Unsolvable || len(r.Conflict) == 0 || len(r.Conflict) >= r.Clues {
		t.Fatalf("want unsolvable with a conflict smaller than its %d clues: %s, %v", r.Clues, r.Verdict, r.Conflict)
	}
	items, _ := report.Load(kinds.Default(), []string{"../testdata/juosan/janko_instances.json#5x5_1"}, opt, nil, nil)
	cl := items[0].Puzzle.Grid.(kind.Clued)
	in := map[int]bool{}
	for _, c := range r.Conflict {
		in[c.ID] = true
	}
	var others []int
	for _, c := range cl.Clues() {
		if !in[c.ID] {
			others = append(others, c.ID)
		}
	}
	status := func(ids []int) sat.Status {
		inst, err := cl.Without(ids...)
		if err != nil {
			t.Fatal(err)
		}
		st, _, err := solve.One(context.Background(), inst, gini.NewSolver)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if st := status(others); st != sat.Unsat {
		t.Errorf("the conflict alone: %v, want unsatisfiable", st)
	}
	for _, c := range r.Conflict {
		if st := status(append(slices.Clone(others), c.ID)); st != sat.Sat {
			t.Errorf("the conflict without r%dc%d: %v, want satisfiable (the clue is needed)", c.Cell.Row+1, c.Cell.Col+1, st)
		}
	}
}

// TestJSONRoundTrip: the JSON lines read back to the same records.
func TestJSONRoundTrip(t *testing.T) {
	recs := gather(t, []string{"../testdata/hostile", "../testdata/linjat/easy-3.txt", "../testdata/shinro/playshinro-1.txt"}, kind.Options{})
	var a bytes.Buffer
	if err := report.WriteJSON(&a, recs); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(f, a.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.WriteJSON(&b, back); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("JSON lines differ after a round trip:\n%s\n%s", a.String(), b.String())
	}
	if !strings.Contains(a.String(), `"cell":{"row":`) {
		t.Errorf("positions are not written as {row, col}:\n%s", a.String())
	}
}

// browse opens the page in headless chromium, finds every puzzle's
// section, opens a solution, sorts the table, and takes screenshots on
// a desktop and a phone.
func browse(t *testing.T, page string, n int, dir string) {
	t.Helper()
	// The tab's limit only catches a hang: the steps take seconds on a
	// quiet machine, and a busy one makes them slower, never red.
	ctx := webtest.NewTab(t, webtest.Chromium(t), 10*time.Minute, nil).Ctx
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	run := func(what string, js string) any {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[any](js))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	shot := func(what string) []byte {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return png
	}
	do("load the page", chromedp.EmulateViewport(1280, 860), chromedp.Navigate("file://"+abs), chromedp.WaitReady(chromedp.CSS("#summary-table")))
	sections := int(run("count the sections", `document.querySelectorAll('section.puzzle').length`).(float64))
	missing := run("find every section", fmt.Sprintf(`(function(){var out=[];for(var i=1;i<=%d;i++){if(!document.getElementById('p'+i))out.push('p'+i)}return out})()`, n)).([]any)
	desk := shot("desktop")
	// At 1280 px long names and rule names wrap in their cells: the
	// summary table needs no sideways scroll.
	if over := run("measure the table", `(function(){var w=document.querySelector('.tablewrap');return w.scrollWidth-w.clientWidth})()`).(float64); over > 0 {
		t.Errorf("at 1280 px the summary table is %v px wider than its box", over)
	}
	// Sorting by name reads numbers in names as numbers ("playshinro 2"
	// before "playshinro 13"), not as text.
	do("sort by name", chromedp.Click(chromedp.CSS(`#summary-table th:nth-child(3)`)))
	disorder := run("read the names", `(function(){var out=[],prev=null;document.querySelectorAll('#summary-table tbody tr td:nth-child(3)').forEach(function(td){var m=/^(.*?)(\d+)$/.exec(td.textContent.trim());if(m&&prev&&prev[1]===m[1]&&+prev[2]>+m[2])out.push(prev[0]+' before '+m[0]);prev=m});return out})()`).([]any)
	if len(disorder) > 0 {
		t.Errorf("sorted by name, numbers compare as text: %v", disorder)
	}
	// Sorting by score, descending, puts a graded puzzle first.
	do("sort by score", chromedp.Click(chromedp.CSS(`#summary-table th:nth-child(7)`)), chromedp.Click(chromedp.CSS(`#summary-table th:nth-child(7)`)))
	firstSorted := run("read the top score", `document.querySelector('#summary-table tbody tr td:nth-child(7)').textContent`).(string)
	// A solution opens on a click, and only then is it drawn: from its
	// packed SVG, its text placed from the page's shared glyphs.
	before := run("count the pictures", `document.querySelectorAll('details.solution svg').length`).(float64)
	open := run("open a solution", `(function(){var d=document.querySelector('section.puzzle[data-verdict=unique] details.solution');d.querySelector('summary').click();return d.open})()`).(bool)
	do("wait for its picture", chromedp.WaitVisible(chromedp.CSS(`details.solution[open] .pics svg.pic`)))
	drawn := run("measure its text", `(function(){var d=document.querySelector('details.solution[open]');var us=d.querySelectorAll('svg.pic use');var out=[];us.forEach(function(u){var b=u.getBBox();out.push(b.width>0&&b.height>0)});return out})()`).([]any)
	if before != 0 {
		t.Errorf("%v solution pictures drawn before any was opened", before)
	}
	if len(drawn) == 0 || slices.Contains(drawn, any(false)) {
		t.Errorf("the opened solution's text: %v (want every <use> of a shared glyph to draw something)", drawn)
	}
	shots := map[string][]byte{"report-desktop.png": desk}
	for name, sel := range map[string]string{
		"report-chart.png":      `#chart`,
		"report-multiple.png":   `section.puzzle[data-verdict=multiple]`,
		"report-unsolvable.png": `section.puzzle[data-verdict=unsolvable]`,
		"report-unique.png":     `details.solution[open]`,
	} {
		do("scroll to "+sel, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(function(){var e=document.querySelector(%q);if(e.tagName==='DETAILS')e=e.parentNode;e.scrollIntoView()})()`, sel)))
		shots[name] = shot(name)
	}
	do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	shots["report-phone.png"] = shot("phone")
	do("phone section", chromedp.Evaluate[chromedp.Void](`document.querySelector('details.solution[open]').parentNode.scrollIntoView()`))
	shots["report-phone-section.png"] = shot("phone section")
	if !open {
		t.Error("a click on a solution's summary does not open it")
	}
	if sections != n || len(missing) > 0 {
		t.Errorf("the page shows %d puzzle sections of %d; missing %v", sections, n, missing)
	}
	if firstSorted == "" {
		t.Error("sorting by score descending does not put a scored puzzle first")
	}
	for name, png := range shots {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConflictWording: the page counts the clues of a conflict in
// agreement with their number ("This clue contradicts …", never "These 1
// clue contradict …").
func TestConflictWording(t *testing.T) {
	opt := kind.Options{}.With("rule", "majority")
	r := gather(t, []string{"../testdata/juosan/janko_instances.json#5x5_1"}, opt)[0]
	if r.Verdict != report.Unsolvable || len(r.Conflict) == 0 {
		t.Fatalf("want unsolvable with a conflict: %s, %v", r.Verdict, r.Conflict)
	}
	for _, tc := range []struct {
		n         int
		want, not string
	}{
		{1, "This clue contradicts the rules on its own", "These 1 clue"},
		{2, "These 2 clues contradict each other", "This clue"},
	} {
		c := r
		c.Conflict = slices.Repeat(r.Conflict[:1], tc.n)
		var b strings.Builder
		if err := report.WriteHTML(&b, []report.Record{c}, report.Meta{Kinds: kinds.Default(), Title: "t"}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) || strings.Contains(b.String(), tc.not) {
			t.Errorf("%d clues: the page says neither %q or says %q", tc.n, tc.want, tc.not)
		}
	}
}

// TestCorpusHTMLSize: the page of a 500-puzzle collection (the corpus's
// records repeated) is at most 5 MB, opens with no picture behind a click
// drawn, and draws a solution when it is opened.
func TestCorpusHTMLSize(t *testing.T) {
	recs := corpus(t)
	var many []report.Record
	for i := 0; len(many) < 500; i++ {
		r := recs[i%len(recs)]
		r.Index = len(many)
		many = append(many, r)
	}
	var buf bytes.Buffer
	if err := report.WriteHTML(&buf, many, report.Meta{Kinds: kinds.Default(), Title: "500 puzzles"}); err != nil {
		t.Fatal(err)
	}
	const limit = 5 << 20
	t.Logf("the page of %d puzzles: %d bytes", len(many), buf.Len())
	if buf.Len() > limit {
		t.Errorf("the page of %d puzzles is %d bytes, over %d", len(many), buf.Len(), limit)
	}
	dir := webtest.Artifacts(t)
	page := filepath.Join(dir, "corpus-500.html")
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := webtest.NewTab(t, webtest.Chromium(t), 10*time.Minute, nil).Ctx
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page), chromedp.WaitReady(chromedp.CSS("#summary-table"))); err != nil {
		t.Fatal(err)
	}
	// How long it took to open, for the log: a fact of this machine, not
	// asserted.
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(function(){var n=performance.getEntriesByType('navigation')[0];return n.loadEventEnd-n.startTime})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("opened in %.0f ms (load event)", ms)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelectorAll('section.puzzle').length`))
	if err != nil || int(n) != len(many) {
		t.Errorf("%v puzzle sections of %d (%v)", n, len(many), err)
	}
}
