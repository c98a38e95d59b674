package serve

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toykind"
)

// -docs rewrites docs/serve.png, the README's picture of the playground,
// from the hint scenario (a few hints into janko.at's 6x6_1).
var docsShot = flag.Bool("docs", false, "write docs/serve.png from the browser test")

// The browser tests' wall-clock limits only catch a hang: a page that
// never shows what is waited for. A step takes well under a second on a
// quiet machine, and a busy one (CI beside other work) makes every step
// slower, never a test red.
const (
	tabHang  = 15 * time.Minute // a test's whole tab
	stepHang = 2 * time.Minute  // one condition waited for
	// textHang bounds reading a shown element's text, at once on a quiet
	// machine; a hidden one reads as "" when it has passed.
	textHang = 30 * time.Second
)

// browser is one headless chromium tab on the playground.
type browser struct {
	*webtest.Tab
	t   *testing.T
	url string
}

func newBrowser(t *testing.T) *browser {
	return newBrowserOf(t, kinds.Default())
}

// newBrowserOf is newBrowser on a server of the kinds of reg.
func newBrowserOf(t *testing.T, reg *kinds.Registry) *browser {
	path := webtest.Chromium(t)
	_, ts := newTestServer(t, Options{Kinds: reg})
	tab := webtest.NewTab(t, path, tabHang, nil,
		chromedp.Flag("disable-quic", true), chromedp.Flag("hide-scrollbars", true))
	return &browser{Tab: tab, t: t, url: ts.URL}
}

// do runs actions, failing the test (with a screenshot) when they fail or
// the page reported an error.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.Ctx, actions...); err != nil {
		b.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
		b.t.Fatalf("%s: %v (message: %q)", what, err, b.text("#message"))
	}
	if errs := b.Errs(); errs != "" {
		b.t.Fatalf("%s: the page reported %s", what, errs)
	}
}

// wait polls a JavaScript condition until it holds.
func (b *browser) wait(what, cond string) {
	b.t.Helper()
	_, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(stepHang)))
	if err != nil && strings.Contains(err.Error(), "Cannot find context") {
		// A navigation replaced the page while polling: poll the new one.
		_, err = chromedp.Run(b.Ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(stepHang)))
	}
	if err != nil {
		b.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
		b.t.Fatalf("waiting for %s: %v (message: %q)", what, err, b.text("#message"))
	}
	b.do(what)
}

// text is the text of the element sel selects ("" when there is none).
func (b *browser) text(sel string) string {
	ctx, cancel := context.WithTimeout(b.Ctx, textHang)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	return s
}

// count is the number of elements sel selects.
func (b *browser) count(sel string) int {
	b.t.Helper()
	n, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", sel)))
	if err != nil {
		b.t.Fatalf("counting %s: %v", sel, err)
	}
	return n
}

// shot saves a screenshot of the page as an artifact and returns its path.
func (b *browser) shot(name string) string { return b.Shot(b.t, "serve-"+name) }

// load loads the page and waits until sel selects an element (an option of
// a list the page fills from the API).
func (b *browser) load(what, sel string) {
	b.t.Helper()
	b.do("load the page", chromedp.Navigate(b.url+"/"))
	b.wait(what, fmt.Sprintf("document.querySelector(%q) !== null", sel))
}

// open opens a bundled example and waits until its title shows, so that
// what follows acts on its board and not on the one before.
func (b *browser) open(id, title string) {
	b.t.Helper()
	b.do("open "+id, setValue("example", id), click("#open-example"))
	b.wait(id+" shown", fmt.Sprintf(`document.getElementById('title').textContent.startsWith(%q)`, title))
}

func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

func setValue(id, v string) chromedp.Action[chromedp.Void] {
	return chromedp.SetValue(chromedp.ID(id), v)
}

func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(sel))
}

// TestBrowserToyKind: a kind added to the registry with one line (the
// test-only Tally) is drawn and played by the page, which names no kind.
func TestBrowserToyKind(t *testing.T) {
	reg, err := kinds.Default().With(toykind.Kind)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowserOf(t, reg)
	b.load("the kinds read", `#example option`)
	b.do("paste a tally puzzle", chromedp.SendKeys(chromedp.ID("paste"), "tally\nname toy\nrows 3 0 1\ncols 2 1 1\n"), click("#load-paste"))
	b.wait("the toy drawn", `document.getElementById('title').textContent.includes('tally')`)
	if n := b.count("#board [id^=cell-]"); n != 9 {
		t.Errorf("the toy's board has %d cells, want 9", n)
	}
	b.do("shade a cell", click("#cell-0-0"))
	b.wait("the value drawn", `document.querySelectorAll('#board .value').length === 1`)
	b.do("ask for a hint", click("#hint"))
	b.wait("the hint's cells", `document.querySelectorAll('.hint-cell').length > 0`)
	if d := b.text("#details"); !strings.Contains(d, "line") {
		t.Errorf("hint details %q, want the toy's rule", d)
	}
	b.shot("toykind")
}

// TestBrowser drives the page in headless chromium as a player would:
// open a corpus puzzle, place a wrong value and see it marked, ask for a
// hint and see its cells, draw a tiny puzzle and check it, and watch a
// shift puzzle's shortest solution being proved depth by depth.
func TestBrowser(t *testing.T) {
	b := newBrowser(t)

	b.load("the examples listed", `#example option[value="juosan-6x6_1"]`)

	// Open a corpus puzzle.
	b.open("juosan-6x6_1", "juosan 6x6_1")
	if title := b.text("#title"); !strings.Contains(title, "6x6_1") {
		t.Errorf("title %q, want the puzzle's name", title)
	}
	b.shot("open")

	// Three '-' stacked in column 1: wrong whatever else is placed.
	b.do("place three -", click("#cell-0-0"), click("#cell-1-0"), click("#cell-2-0"))
	b.wait("the fault marked", `document.querySelectorAll('.fault-mark').length >= 3`)
	if msg := b.text("#message"); !strings.Contains(msg, "broken") {
		t.Errorf("message %q, want the rules broken", msg)
	}
	if d := b.text("#details"); !strings.Contains(d, "stacked in column 1") {
		t.Errorf("details %q, want the broken rule said", d)
	}
	b.shot("fault")

	// A hint on the empty board: its cells highlighted, its reason said.
	b.do("clear and ask for a hint", click("#clear"), click("#hint"))
	b.wait("the hint's cells", `document.querySelectorAll('.hint-cell').length > 0`)
	if d := b.text("#details"); !strings.Contains(d, "level") {
		t.Errorf("hint details %q, want the rule and its level", d)
	}
	b.shot("hint")
	// Applying a hint places its values, and nothing is wrong; a few
	// hints on, the next one is the README's picture.
	for i := range 4 {
		b.do("apply the hint", click("#apply-hint"))
		b.wait("values placed, no fault", fmt.Sprintf(`document.querySelectorAll('.layer-ink line').length > %d && document.querySelectorAll('.fault-mark').length === 0 && document.querySelectorAll('.hint-cell').length === 0`, i))
		b.do("ask for the next hint", click("#hint"))
		b.wait("the next hint's cells", `document.querySelectorAll('.hint-cell').length > 0`)
	}
	if shot := b.shot("hint-later"); *docsShot && shot != "" {
		data, err := os.ReadFile(shot)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(testcorpus.Root(), "..", "docs", "serve.png"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A pasted puzz.link URL, and an uploaded file of many puzzles with
	// one picked from its entries.
	b.do("paste a URL", chromedp.SendKeys(chromedp.ID("paste"), "https://puzz.link/p?juosan/5/5/8mdnvues132g213g22g"), click("#load-paste"))
	b.wait("the URL's puzzle", `document.getElementById('title').textContent.startsWith('juosan (5×5)')`)
	b.do("upload a file", chromedp.SetUploadFiles(chromedp.ID("file"), []string{testcorpus.Path("shinro", "playshinro.json")}))
	b.wait("its first puzzle and its entries", `document.getElementById('title').textContent.startsWith('shinro playshinro 1 ') && document.querySelectorAll('#select option').length === 40`)
	b.do("pick the 5th", setValue("select", "5"), chromedp.Evaluate[chromedp.Void](`document.getElementById('select').dispatchEvent(new Event('change'))`))
	b.wait("the 5th entry", `document.getElementById('title').textContent.startsWith('shinro playshinro 13 ')`)

	// A two-solution puzzle: the cells where they differ are marked.
	b.open("juosan-5x5_1", "juosan 5x5_1")
	b.do("check uniqueness", click("#check"))
	b.wait("the differences marked", `document.querySelectorAll('#board .diff-mark').length > 0 && !document.getElementById('compare').hidden`)
	if msg := b.text("#message"); !strings.Contains(msg, "Not unique") {
		t.Errorf("check message %q, want not unique", msg)
	}
	b.shot("two-solutions")
	// Juosan's own option, offered from /api/kinds: read by the majority,
	// the same puzzle has no solution.
	b.wait("the kind's option offered", `!document.getElementById('flags-row').hidden && document.getElementById('flag-rule') !== null`)
	b.do("read by the majority", setValue("flag-rule", "majority"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('flag-rule').dispatchEvent(new Event('change'))`))
	// The change reads the puzzle again and redraws the buttons: wait for
	// its requests before clicking one (a click in between finds the old
	// button gone).
	b.wait("read again", `document.getElementById('busy').hidden`)
	b.do("check again", click("#check"))
	b.wait("unsolvable", `document.getElementById('message').textContent.startsWith('Unsolvable')`)
	b.do("back to either", setValue("flag-rule", "either"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('flag-rule').dispatchEvent(new Event('change'))`))
	b.wait("read again", `document.getElementById('busy').hidden`)

	// Draw a tiny Linjat: a 2 alone has two lines; a dot beside it leaves
	// one.
	b.do("new linjat 2x3", setValue("new-kind", "linjat"),
		setValue("new-rows", "2"), setValue("new-cols", "3"),
		click("#new"))
	b.wait("the new board", `document.getElementById('title').textContent === 'drawing a 2×3 linjat'`)
	b.do("draw a 2", click("#tool-number"), click("#cell-0-0"), chromedp.KeyEvent("2"), click("#edit-check"))
	b.wait("not unique", `document.getElementById('message').textContent.includes('Not unique')`)
	b.shot("draw-two")
	b.do("add a dot", click("#tool-dot"), click("#cell-0-1"), click("#edit-check"))
	b.wait("unique", `document.getElementById('message').textContent.startsWith('Unique')`)
	if text := b.text("#text"); !strings.Contains(text, "2._") {
		t.Errorf("drawn text %q, want the row 2._", text)
	}
	b.shot("draw-unique")
	// Play it: the line drawn from the 2 to the dot solves it.
	b.do("play the drawing", click("#edit-play"), visible("#hint"),
		click("#cell-0-0"), click("#cell-0-1"))
	b.wait("solved", `document.getElementById('message').textContent.startsWith('Solved')`)

	// Draw a Juosan: a drag makes the top row a territory, a number goes
	// on it. (The drag is dispatched as pointer events: the clicks above
	// test the browser's own hit testing.)
	b.do("new juosan 2x3", setValue("new-kind", "juosan"), click("#new"))
	b.wait("the juosan board", `document.getElementById('title').textContent === 'drawing a 2×3 juosan'`)
	b.do("drag the top row", chromedp.Evaluate[chromedp.Void](`(() => {
		const at = (id, type) => document.getElementById(id).dispatchEvent(new PointerEvent(type, {bubbles: true, buttons: 1}));
		at('cell-0-0', 'pointerdown'); at('cell-0-1', 'pointermove'); at('cell-0-2', 'pointermove'); at('cell-0-2', 'pointerup');
	})()`), click("#tool-number"), click("#cell-0-1"), chromedp.KeyEvent("1"), click("#edit-check"))
	b.wait("the juosan checked", `document.getElementById('message').textContent.includes('unique')`)
	if text := b.text("#text"); !strings.Contains(text, "grid\na  a1 a\nb  b  b") && !strings.Contains(text, "grid\na a1 a\nb b b") {
		t.Errorf("drawn text %q, want the top row a territory numbered 1 and the bottom row another", text)
	}
	b.shot("draw-juosan")

	// Generate a small Shinro; its attempts stream in.
	b.do("generate", setValue("gen-kind", "shinro"), setValue("gen-rows", "5"), setValue("gen-cols", "5"),
		setValue("gen-band", "easy"), setValue("gen-seed", "3"), click("#generate"))
	b.wait("generated", `document.getElementById('message').textContent.startsWith('Generated')`)
	if title := b.text("#title"); !strings.Contains(title, "shinro generated easy 5x5 seed 3") {
		t.Errorf("title %q, want the generated shinro", title)
	}
	// It says its rating, the stars grade gives the same puzzle.
	stars := regexp.MustCompile(`rating ★+☆* \d+/10`)
	generated := stars.FindString(b.text("#message"))
	b.do("grade the generated puzzle", click("#grade"))
	b.wait("the generated puzzle graded", `document.getElementById('message').textContent.startsWith('Difficulty')`)
	if graded := stars.FindString(b.text("#message")); generated == "" || generated != graded {
		t.Errorf("generated with %q, graded %q: want one rating, in stars", generated, graded)
	}
	// And a puzzle played by moves: a built-in scrambled into the band,
	// opened from the record's text.
	b.do("generate a shift puzzle", setValue("gen-kind", "shift"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('gen-kind').dispatchEvent(new Event('change'))`),
		setValue("gen-band", "easy"), setValue("gen-seed", "3"), click("#generate"))
	b.wait("the shift puzzle generated", `document.getElementById('message').textContent.startsWith('Generated: easy, optimum')`)
	if n := b.count(`button[data-move]`); n == 0 {
		t.Error("the generated shift puzzle has no move buttons")
	}
	b.shot("generate-shift")

	// A Shinro hint shows struck values and forced stones.
	b.open("shinro-1", "shinro playshinro 1")
	b.do("ask for a hint", click("#hint"))
	b.wait("the shinro hint", `document.querySelectorAll('.hint-cell').length > 0`)
	b.shot("shinro-hint")
	// Edit it: the editor opens with the stones of its solution, which
	// keep its counts, and plays it again unchanged.
	b.do("edit the shinro", click("#edit"))
	b.wait("the shinro drawing", `document.getElementById('title').textContent.startsWith('drawing a 8×8 shinro') && document.querySelectorAll('#board .value').length === 12`)
	b.do("play it again", click("#edit-play"))
	b.wait("the shinro played", `document.getElementById('title').textContent.startsWith('shinro ')`)

	// Keys play as the kind's data says: | in a Juosan cell, then the
	// arrow key moves on.
	b.open("juosan-6x6_1", "juosan 6x6_1")
	b.do("type |", click("#clear"), click("#cell-0-0"), chromedp.KeyEvent("|"), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("-"))
	b.wait("two values typed", `document.querySelectorAll('#board .value').length === 2`)

	// Arrows: select a cell and type a number.
	b.open("arrows-2026-01-24", "arrows 2026-01-24")
	b.do("type a number", click("#clear"), click("#cell-0-0"), chromedp.KeyEvent("0"))
	b.wait("a value typed", `document.querySelectorAll('#board .value').length === 1`)
	b.shot("arrows")

	// Shift: a move, then the shortest solution with its depths shown as
	// they are proved.
	b.open("shift-loopover-3x3-worst", "shift loopover-3x3-worst")
	b.do("a move", click(`button[data-move="r1l"]`))
	b.wait("the move applied", `document.getElementById('message').textContent.includes('after 1 move')`)
	b.do("undo it", click("#moves-undo"))
	b.wait("back at the start", `document.getElementById('message').textContent.includes('the start')`)
	b.do("SAT, depth by depth", setValue("moves-method", "sat"))
	b.do("solve", click("#moves-solve"))
	b.wait("a depth refuted while solving", `document.querySelectorAll('#depths tr.depth-unsat').length > 0`)
	b.wait("the shortest solution", `document.getElementById('message').textContent.startsWith('Shortest solution')`)
	if msg := b.text("#message"); !strings.Contains(msg, "8 moves") || b.count("#depths tr.depth-sat") != 1 || b.count("#depths tr.depth-unsat") != 8 {
		t.Errorf("shift message %q, want 8 moves with depths 0..7 refuted", msg)
	}
	b.shot("shift")
	// The exact search: its proven bounds shown as they rise.
	b.do("the exact search", setValue("moves-method", "search"))
	b.do("solve again", click("#moves-solve"))
	b.wait("the search's bound shown", `(document.getElementById('search-bound')?.textContent || '').includes('no solution shorter than 8 moves')`)
	b.wait("the search's proof", `document.getElementById('message').textContent.includes('proven shortest by the exact search')`)
	b.shot("shift-search")
	b.do("typed moves", chromedp.SendKeys(chromedp.ID("typed-moves"), "r1l r1r"+kb.Enter))
	b.wait("typed moves applied", `document.getElementById('message').textContent.includes('after 2 moves')`)
}
