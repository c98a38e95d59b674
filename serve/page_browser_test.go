package serve

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// eval evaluates a JavaScript expression on the page.
func eval[T any](b *browser, what, js string, opts ...chromedp.EvaluateOption) T {
	b.t.Helper()
	v, err := chromedp.Run(b.Ctx, chromedp.Evaluate[T](js, opts...))
	if err != nil {
		b.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// TestBrowserURL: a puzzle opens from its URL (puzz.link's /p?… and the
// playground's /?…); the page's URL names the puzzle it shows; progress
// survives a reload; a shared link with progress opens the board it
// carries on a browser that never saw it.
func TestBrowserURL(t *testing.T) {
	b := newBrowser(t)
	const juosan = "juosan/6/6/hh44aa0fo3u017253334"
	b.do("open a puzz.link URL", chromedp.Navigate(b.url+"/p?"+juosan))
	b.wait("the URL's puzzle", `document.getElementById('title').textContent === 'juosan (6×6)' && document.querySelectorAll('#board [id^=cell-]').length === 36`)
	if loc := eval[string](b, "location", "location.href"); !strings.HasSuffix(loc, "/p?"+juosan) {
		t.Errorf("location %q, want the puzzle's URL kept", loc)
	}
	b.shot("url-open")

	// Play two cells, reload: the progress is kept.
	b.do("play two cells", click("#cell-0-0"), click("#cell-0-1"), click("#cell-0-1"))
	b.wait("two values", `document.querySelectorAll('#board .value').length === 2`)
	b.do("reload", chromedp.Reload())
	b.wait("the progress restored", `document.querySelectorAll('#board .value').length === 2`)
	if msg := b.text("#message"); !strings.Contains(msg, "restored") {
		t.Errorf("message %q, want the progress restored", msg)
	}
	// Undo and redo after the reload: the history was kept too.
	b.do("undo", click("#undo"), click("#undo"))
	b.wait("one value less", `document.querySelectorAll('#board .value').length === 1`)
	b.do("redo", chromedp.KeyEvent("y", chromedp.KeyModifiers(2)), chromedp.KeyEvent("y", chromedp.KeyModifiers(2)))
	b.wait("redone", `document.querySelectorAll('#board .value').length === 2`)

	// Share with progress; a browser with no stored progress opens it.
	b.do("share", click("#share"))
	b.wait("the links", `document.getElementById('share-progress') !== null`)
	plain := eval[string](b, "plain link", `document.getElementById('share-plain').value`)
	full := eval[string](b, "full link", `document.getElementById('share-progress').value`)
	if !strings.HasSuffix(plain, "?"+juosan) || !strings.HasPrefix(full, plain+"#p=") {
		t.Fatalf("share links %q and %q, want the puzzle's URL and the same with #p=", plain, full)
	}
	b.do("forget the progress", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(plain))
	b.wait("the plain link: an empty board", `document.getElementById('title').textContent === 'juosan (6×6)' && document.querySelectorAll('#board .value').length === 0`)
	b.do("forget the progress", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate("about:blank"), chromedp.Navigate(full))
	b.wait("the shared board", `document.querySelectorAll('#board .value').length === 2`)

	// Every example opens from the URL the page gives it.
	for _, id := range []string{"shinro-1", "arrows-2026-01-24", "linjat-easy-3", "shift-reborn"} {
		b.do("home", chromedp.Navigate(b.url+"/"))
		b.wait("the examples listed", `document.querySelector('#example option[value="`+id+`"]') !== null`)
		kind := id[:strings.IndexByte(id, '-')]
		b.open(id, kind)
		u := eval[string](b, "location", "location.href")
		if !strings.Contains(u, "?"+kind+"/") {
			t.Fatalf("%s: location %q, want ?%s/…", id, u, kind)
		}
		b.do("clear storage", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate("about:blank"), chromedp.Navigate(u))
		b.wait(id+" from its URL", fmt.Sprintf(`document.getElementById('title').textContent.startsWith(%q) && (document.querySelectorAll('#board [id^=cell-]').length > 0 || document.querySelectorAll('#board .token').length > 0)`, kind))
	}

	// Export offers puzz.link for Juosan, the text, SVG and PNG.
	b.do("juosan again", chromedp.Navigate(b.url+"/?"+juosan))
	b.wait("juosan", `document.getElementById('title').textContent === 'juosan (6×6)'`)
	b.do("export", click("#export"))
	b.wait("the export panel", `document.getElementById('export-puzzlink') !== null && document.getElementById('export-svg') !== null`)
	if v := eval[string](b, "puzzlink", `document.getElementById('export-puzzlink').value`); v != "https://puzz.link/p?"+juosan {
		t.Errorf("puzz.link export %q", v)
	}
	svg := eval[string](b, "the SVG", `window.puzzlesat.boardSVG()`)
	if !strings.HasPrefix(svg, "<svg") || strings.Contains(svg, "cell-0-0") {
		t.Errorf("exported SVG starts %.60q", svg)
	}
	// The PNG export draws the SVG on a canvas.
	png := eval[string](b, "the PNG", `window.puzzlesat.boardPNG().then((blob) => blob.type + ' ' + blob.size, (err) => 'error ' + err.message)`, chromedp.EvalAwaitPromise)
	if !strings.HasPrefix(png, "image/png ") || png == "image/png 0" {
		t.Errorf("the PNG export: %s", png)
	}
	b.shot("export")
	// Print or PDF: the print stylesheet leaves the title and the board
	// (the PDF Chrome prints holds the board's picture and no button).
	if n := b.count("#export-print"); n != 1 {
		t.Errorf("%d Print buttons, want 1", n)
	}
	hidden := eval[bool](b, "print media", `(() => {
		const sheet = [...document.styleSheets].flatMap((s) => [...s.cssRules]).find((r) => r.media && r.media.mediaText === 'print');
		return !!sheet && sheet.cssText.includes('aside') && sheet.cssText.includes('#toolbar');
	})()`)
	if !hidden {
		t.Error("no print stylesheet hiding the sidebar and the toolbar")
	}
	pdf, err := chromedp.Run(b.Ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Errorf("printing the page: %d bytes, %v", len(pdf), err)
	} else if err := os.WriteFile(filepath.Join(b.Dir, "serve-print.pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserPhone: at 390×844 (a phone, touch) every example's page has
// no sideways scroll and its board fits the screen; a tap steps a cell
// and a long press steps it back.
func TestBrowserPhone(t *testing.T) {
	b := newBrowser(t)
	b.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	b.load("the examples listed", `#example option`)
	ids := eval[[]string](b, "examples", `[...document.querySelectorAll('#example option')].map((o) => o.value)`)
	for _, id := range ids {
		kind := id[:strings.IndexByte(id, '-')]
		b.open(id, kind)
		b.wait(id+" laid out", `document.getElementById('board').getBoundingClientRect().width > 0`)
		sw := eval[int](b, "scroll width", `document.documentElement.scrollWidth`)
		right := eval[float64](b, "board right", `document.getElementById('board').getBoundingClientRect().right`)
		if sw > 390 || right > 390 {
			b.shot("phone-wide-" + id)
			t.Errorf("%s: scrollWidth %d, board right edge %.0f; want both ≤ 390", id, sw, right)
		}
		if id == "juosan-6x6_1" || id == "shift-reborn" || id == "linjat-easy-3" || id == "arrows-2026-01-24" {
			b.shot("phone-" + id)
		}
	}
	// Tap and long press on a Juosan cell, as touch events.
	b.open("juosan-6x6_1", "juosan")
	tap := func(ms int) string {
		return fmt.Sprintf(`new Promise((ok) => {
			const c = document.getElementById('cell-0-0');
			const at = (type) => c.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerType: 'touch', isPrimary: true, buttons: 1}));
			at('pointerdown'); setTimeout(() => { at('pointerup'); ok(); }, %d);
		})`, ms)
	}
	b.do("clear", click("#clear"))
	b.do("tap", chromedp.Evaluate[chromedp.Void](tap(30), chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	b.wait("a value", `document.querySelectorAll('#board .value').length === 1`)
	b.do("long press", chromedp.Evaluate[chromedp.Void](tap(700), chromedp.EvalAwaitPromise))
	b.wait("stepped back", `document.querySelectorAll('#board .value').length === 0`)
}

// TestBrowserHintsProgress: consecutive hints, each applied, never give
// the same step twice on Arrows 2026-01-24 and Linjat easy/3, where steps
// that only rule values out used to repeat for ever.
func TestBrowserHintsProgress(t *testing.T) {
	b := newBrowser(t)
	b.load("the examples listed", `#example option`)
	for _, tc := range []struct {
		id string
		n  int
	}{{"arrows-2026-01-24", 15}, {"linjat-easy-3", 10}} {
		b.do("clear storage", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
		b.open(tc.id, tc.id[:strings.IndexByte(tc.id, '-')])
		seen := map[string]int{}
		for i := range tc.n {
			b.do("hint", click("#hint"))
			b.wait("a hint or the end", `document.querySelectorAll('.hint-cell').length > 0 || document.getElementById('message').className === 'good'`)
			msg := b.text("#message")
			if strings.HasPrefix(msg, "Solved") {
				break
			}
			if j, ok := seen[msg]; ok {
				b.shot("hint-repeats-" + tc.id)
				t.Fatalf("%s: hint %d repeats hint %d: %q", tc.id, i+1, j+1, msg)
			}
			seen[msg] = i
			for _, bad := range []string{"with p=", "exclude(", "set(", "h:c", "v:r", "dot(s)", "`"} {
				if strings.Contains(msg, bad) {
					t.Errorf("%s: hint %q shows %q", tc.id, msg, bad)
				}
			}
			b.do("apply", click("#apply-hint"))
			b.wait("applied", `document.querySelectorAll('.hint-cell').length === 0`)
		}
		b.shot("hints-" + tc.id)
	}
}

// TestBrowserSeed: a seed above 2^53 reaches the server whole, and the
// same seed makes the same puzzle.
func TestBrowserSeed(t *testing.T) {
	b := newBrowser(t)
	b.load("the kinds read", `#gen-kind option`)
	const seed = "13000921949487338788"
	var texts []string
	for range 2 {
		b.do("generate", setValue("gen-kind", "juosan"), chromedp.Evaluate[chromedp.Void](`document.getElementById('gen-kind').dispatchEvent(new Event('change'))`),
			setValue("gen-rows", "4"), setValue("gen-cols", "4"), setValue("gen-band", "easy"), setValue("gen-seed", seed), click("#generate"))
		b.wait("generated", `document.getElementById('message').textContent.startsWith('Generated')`)
		if msg := b.text("#message"); !strings.Contains(msg, "seed "+seed) {
			t.Errorf("message %q, want seed %s", msg, seed)
		}
		texts = append(texts, eval[string](b, "the text", `document.getElementById('text').textContent`))
		b.do("elsewhere", setValue("gen-seed", "5"), click("#generate"))
		b.wait("generated", `document.getElementById('message').textContent.startsWith('Generated') && !document.getElementById('message').textContent.includes('`+seed+`')`)
	}
	if texts[0] != texts[1] || texts[0] == "" {
		t.Errorf("seed %s made two puzzles:\n%s\n%s", seed, texts[0], texts[1])
	}
	// The panel follows the kind: Shinro offers expert, shift its
	// puzzles to scramble.
	b.do("shinro", setValue("gen-kind", "shinro"), chromedp.Evaluate[chromedp.Void](`document.getElementById('gen-kind').dispatchEvent(new Event('change'))`))
	if n := b.count(`#gen-band option[value="expert"]`); n != 1 {
		t.Errorf("shinro bands lack expert")
	}
	b.do("shift", setValue("gen-kind", "shift"), chromedp.Evaluate[chromedp.Void](`document.getElementById('gen-kind').dispatchEvent(new Event('change'))`))
	b.wait("shift's puzzles", `!document.getElementById('gen-builtin').hidden && document.getElementById('gen-rows').hidden`)
}

// TestBrowserEditorUndo: the editor undoes and redoes, by button and by
// key, resizes, clears and names the puzzle.
func TestBrowserEditorUndo(t *testing.T) {
	b := newBrowser(t)
	b.load("the kinds read", `#new-kind option`)
	b.do("new linjat 2x3", setValue("new-kind", "linjat"), setValue("new-rows", "2"), setValue("new-cols", "3"), click("#new"))
	b.wait("the new board", `document.getElementById('title').textContent === 'drawing a 2×3 linjat'`)
	b.do("draw a 2 and a dot", click("#tool-number"), click("#cell-0-0"), chromedp.KeyEvent("2"), click("#tool-dot"), click("#cell-0-1"))
	b.wait("2.", `document.getElementById('text').textContent.includes('2._')`)
	b.do("undo the dot", click("#undo"))
	b.wait("the dot gone", `document.getElementById('text').textContent.includes('2__')`)
	b.do("undo the 2", chromedp.KeyEvent("z", chromedp.KeyModifiers(2)))
	b.wait("the 2 gone", `document.getElementById('text').textContent.split('\n').slice(2).join('').indexOf('2') < 0`)
	b.do("redo both", click("#redo"), click("#redo"))
	b.wait("2. again", `document.getElementById('text').textContent.includes('2._')`)
	b.do("name it", chromedp.SendKeys(chromedp.ID("edit-name"), "tiny one"+kb.Enter))
	b.wait("named", `document.getElementById('text').textContent.includes('tiny one')`)
	b.do("resize", setValue("edit-rows", "3"), setValue("edit-cols", "4"), click("#edit-resize"))
	b.wait("3×4", `document.getElementById('title').textContent.startsWith('drawing a 3×4 linjat') && document.querySelectorAll('#board [id^=cell-]').length === 12`)
	b.do("undo the resize", click("#undo"))
	b.wait("2×3 again", `document.querySelectorAll('#board [id^=cell-]').length === 6`)
	b.do("clear", click("#edit-clear"))
	b.wait("cleared", `document.getElementById('text').textContent.split('\n').slice(3).join('').indexOf('2') < 0`)
	b.shot("editor")
}

// TestBrowserMovesDrag: a drag along a Loopover row moves the row; the
// moves are kept across a reload.
func TestBrowserMovesDrag(t *testing.T) {
	b := newBrowser(t)
	b.load("the examples listed", `#example option[value="shift-loopover-3x3-worst"]`)
	b.open("shift-loopover-3x3-worst", "shift loopover-3x3-worst")
	b.do("drag r1 one cell right", chromedp.Evaluate[chromedp.Void](`(() => {
		const svg = document.getElementById('board');
		const pic = [...svg.querySelectorAll('.token')];
		const r0 = pic[0].getBoundingClientRect(), r1 = pic[1].getBoundingClientRect();
		const at = (type, r) => svg.dispatchEvent(new PointerEvent(type, {bubbles: true, buttons: 1, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2}));
		at('pointerdown', r0); at('pointermove', r1); at('pointerup', r1);
	})()`))
	b.wait("the row moved", `document.getElementById('message').textContent.includes('after 1 move: r1r')`)
	b.do("reload", chromedp.Reload())
	b.wait("the move kept", `document.getElementById('message').textContent.includes('after 1 move: r1r')`)
	b.shot("moves-drag")
	// The keyboard: an arrow turns the line through the outlined token,
	// Shift+arrow moves the outline.
	b.do("down on column 1", chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(kb.ArrowDown))
	b.wait("c1d applied", `document.getElementById('message').textContent.includes('after 2 moves: r1r c1d')`)
	const shift = 8 // the protocol's modifier bit for Shift
	b.do("outline one right, then up", chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(shift)), chromedp.KeyEvent(kb.ArrowUp))
	b.wait("c2u applied", `document.getElementById('message').textContent.includes('after 3 moves: r1r c1d c2u')`)
	if n := b.count("#board .token.cursor"); n != 1 {
		t.Errorf("%d tokens outlined, want 1", n)
	}
	b.shot("moves-keys")
}

// TestBrowserAnswers: the page reads the answer records (answer.*Record)
// the CLI writes too: check's two solutions drawn from "values" and
// "second_values" with the "differences" marked, grade's "sat_status",
// Autocomplete and Check solution from solve's "values".
func TestBrowserAnswers(t *testing.T) {
	b := newBrowser(t)
	b.do("load the page", chromedp.Navigate(b.url+"/"))
	b.wait("the examples listed", `document.querySelector('#example option[value="juosan-5x5_1"]') !== null`)

	b.open("juosan-5x5_1", "juosan 5x5_1")
	b.do("check uniqueness", click("#check"))
	b.wait("both solutions drawn, the differences marked", `!document.getElementById('compare').hidden &&
		document.querySelectorAll('#board1 .value').length === 25 && document.querySelectorAll('#board2 .value').length === 25 &&
		document.querySelectorAll('#board .diff-mark').length > 0`)
	if msg := b.text("#message"); !strings.Contains(msg, "Not unique: two solutions differ in") {
		t.Errorf("check message %q, want not unique", msg)
	}

	b.open("juosan-6x6_1", "juosan 6x6_1")
	b.do("check uniqueness", click("#check"))
	b.wait("unique", `document.getElementById('message').textContent.startsWith('Unique')`)
	if msg := b.text("#message"); !regexp.MustCompile(`\(SAT, \d+ ms\)`).MatchString(msg) {
		t.Errorf("check message %q, want the time in whole ms", msg)
	}
	b.do("grade", click("#grade"))
	b.wait("graded", `document.getElementById('message').textContent.startsWith('Difficulty')`)
	if msg := b.text("#message"); !strings.Contains(msg, "SAT: unique.") {
		t.Errorf("grade message %q, want SAT's answer", msg)
	}
	if msg := b.text("#message"); !regexp.MustCompile(`, rating ★+☆* \d+/10;`).MatchString(msg) {
		t.Errorf("grade message %q, want the rating in stars", msg)
	}
	if d := b.text("#details"); !regexp.MustCompile(`steps in \d+ layers, \d+ trials, \d+ ms`).MatchString(d) {
		t.Errorf("grade details %q, want the steps and the time", d)
	}
	// r1c6 is | in the solution; one click makes it -, which breaks no
	// rule yet.
	b.do("a wrong value", click("#cell-0-5"))
	b.wait("the value drawn", `document.querySelectorAll('#board .value').length === 1`)
	if n := b.count(".fault-mark"); n != 0 {
		t.Errorf("%d cells marked before checking against the solution, want none", n)
	}
	b.do("check against the solution", click("#check-sol"))
	b.wait("the value marked wrong", `document.querySelectorAll('.fault-mark').length === 1`)
	b.do("check solution off", click("#check-sol"), click("#clear"))
	b.do("autocomplete", click("#solve"))
	b.wait("solved", `document.getElementById('message').textContent.includes('Solved')`)
	if n := b.count("#board .value"); n != 36 {
		t.Errorf("autocomplete drew %d values, want 36", n)
	}
}
