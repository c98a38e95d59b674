package serve

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

// TestBrowserToyMoves: a kind played by moves registered with one line
// (the test-only Rotor) is opened, played and proven shortest by the
// page, which names no kind.
func TestBrowserToyMoves(t *testing.T) {
	defer kinds.Register(toymoves.Kind)()
	b := newBrowser(t)
	b.load("the kinds read", `#example option`)
	b.do("paste a rotor puzzle", chromedp.SendKeys(chromedp.ID("paste"), "rotor\nname toy\nstart 2 3 1\n"), click("#load-paste"))
	b.wait("the toy opened", `document.getElementById('title').textContent.includes('rotor')`)
	if n := b.count("#move-buttons button"); n != 3 {
		t.Errorf("the toy has %d move buttons, want its 3 (l, r, s)", n)
	}
	if n := b.count("#moves-method option"); n != 1 {
		t.Errorf("the toy offers %d ways to prove an optimum, want its one (search)", n)
	}
	b.do("a move", click(`button[data-move="r"]`))
	b.wait("the goal reached", `document.getElementById('message').textContent.startsWith('Goal reached')`)
	b.do("undo it", click("#moves-undo"))
	b.wait("back at the start", `document.getElementById('message').textContent.includes('the start')`)
	b.do("solve", click("#moves-solve"))
	b.wait("the shortest solution", `document.getElementById('message').textContent.startsWith('Shortest solution')`)
	if msg := b.text("#message"); !strings.Contains(msg, "1 move") {
		t.Errorf("message %q, want the shortest solution of 1 move", msg)
	}
	b.shot("toymoves")

	// Generated: its first built-in scrambled into the band, proven
	// breadth-first, opened from the record's text.
	b.do("generate a rotor puzzle", setValue("gen-kind", "rotor"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('gen-kind').dispatchEvent(new Event('change'))`),
		setValue("gen-band", "medium"), setValue("gen-seed", "3"), click("#generate"))
	b.wait("the rotor puzzle generated", `document.getElementById('message').textContent.startsWith('Generated: medium, optimum')`)
	if msg := b.text("#message"); !strings.Contains(msg, "optimum 3 moves") && !strings.Contains(msg, "optimum 4 moves") {
		t.Errorf("message %q, want an optimum in medium's 3..4 moves", msg)
	}
	if n := b.count("#move-buttons button"); n != 3 {
		t.Errorf("the generated rotor has %d move buttons, want 3", n)
	}
}
