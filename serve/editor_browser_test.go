package serve

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEditorAmend: the editor's "Clues that can go" marks the
// clues a minimization removes (Juosan's 6x6_1: its 3 at r5c3) and Apply
// removes them, the puzzle staying unique; "Make unique" marks the clue
// that repairs a lone Linjat 2 and Apply adds it; on an unsolvable
// drawing it marks the clues in conflict: a dot no line reaches, or
// Linjat numbers whose lines cannot all be drawn.
func TestBrowserEditorAmend(t *testing.T) {
	b := newBrowser(t)
	b.load("the examples listed", `#example option[value="juosan-6x6_1"]`)
	b.open("juosan-6x6_1", "juosan 6x6_1")
	b.do("edit it", click("#edit"))
	b.wait("the drawing", `document.getElementById('title').textContent.startsWith('drawing a 6×6 juosan') && !document.getElementById('edit-minimize').disabled`)
	b.do("clues that can go", click("#edit-minimize"))
	b.wait("the clues marked", `document.getElementById('message').textContent.includes('can go together')`)
	if msg := b.text("#message"); !strings.Contains(msg, "1 of 8 clues") || !strings.Contains(msg, "3 r5c3") {
		t.Errorf("minimize message %q, want 1 of 8 clues: 3 r5c3", msg)
	}
	if n := b.count("#board rect.mark-remove"); n != 1 || b.count(`#board rect.mark-cell`) != 1 {
		t.Errorf("%d clues marked to go, want 1", n)
	}
	at := eval[[]float64](b, "the mark's place", `(() => {
		const m = document.querySelector('#board rect.mark-cell'), c = document.getElementById('cell-4-2');
		return [+m.getAttribute('x'), +m.getAttribute('y'), +c.getAttribute('x'), +c.getAttribute('y')];
	})()`)
	if at[0] != at[2] || at[1] != at[3] {
		t.Errorf("the mark is at (%v, %v), want r5c3's cell at (%v, %v)", at[0], at[1], at[2], at[3])
	}
	b.shot("editor-minimize")
	b.do("apply", click("#edit-apply"))
	b.wait("removed", `document.getElementById('message').textContent.includes('1 clue removed') && document.querySelectorAll('#board .clue-mark').length === 0`)
	// The drawing's text comes from the server after the message.
	b.wait("g's 3 gone from the text", `/f3 +f +g +g +h4 +h/.test(document.getElementById('text').textContent)`)
	b.do("check", click("#edit-check"))
	b.wait("still unique", `document.getElementById('message').textContent.startsWith('Unique')`)
	b.do("undo", click("#undo"))
	b.wait("the 3 back", `document.getElementById('text').textContent.includes('g3')`)

	// A lone 2 on a 2×3 Linjat has several lines; a dot makes it unique.
	b.do("new linjat 2x3", setValue("new-kind", "linjat"), setValue("new-rows", "2"), setValue("new-cols", "3"), click("#new"))
	b.wait("the new board", `document.getElementById('title').textContent === 'drawing a 2×3 linjat'`)
	b.do("draw a 2", click("#tool-number"), click("#cell-0-0"), chromedp.KeyEvent("2"))
	b.wait("2__", `document.getElementById('text').textContent.includes('2__')`)
	b.do("clues that can go", click("#edit-minimize"))
	b.wait("none, with several solutions", `document.getElementById('message').textContent.startsWith('The puzzle is multiple, not unique: no clue can go')`)
	b.do("make unique", click("#edit-repair"))
	b.wait("the clue to add framed", `document.getElementById('message').textContent.includes('make it unique') || document.getElementById('message').textContent.includes('makes it unique')`)
	if n := b.count("#board rect.mark-add"); n != 1 {
		t.Errorf("%d clues marked to add, want 1", n)
	}
	b.shot("editor-repair")
	b.do("apply", click("#edit-apply"))
	b.wait("added", `document.getElementById('message').textContent.includes('1 clue added')`)
	b.do("check", click("#edit-check"))
	b.wait("unique", `document.getElementById('message').textContent.startsWith('Unique')`)

	// A dot the 2's line cannot reach: unsolvable, the dot marked.
	b.do("new linjat 1x3", setValue("new-rows", "1"), setValue("new-cols", "3"), click("#new"))
	b.wait("the 1×3 board", `document.getElementById('title').textContent === 'drawing a 1×3 linjat'`)
	b.do("draw 2 _ .", click("#tool-number"), click("#cell-0-0"), chromedp.KeyEvent("2"), click("#tool-dot"), click("#cell-0-2"))
	b.wait("2_.", `document.getElementById('text').textContent.includes('2_.')`)
	b.do("make unique", click("#edit-repair"))
	b.wait("the conflict", `document.getElementById('message').textContent.startsWith('Unsolvable')`)
	if msg, n := b.text("#message"), b.count("#board rect.mark-conflict"); !strings.Contains(msg, "dot r1c3") || n != 1 {
		t.Errorf("conflict message %q with %d marks, want the dot r1c3 marked", msg, n)
	}
	if !eval[bool](b, "apply offered", `document.getElementById('edit-apply').disabled`) {
		t.Error("Apply is offered for a conflict, which has no edit")
	}
	b.shot("editor-conflict")

	// Numbers that contradict each other, dots or none: a 2 and a 3 in a
	// row of four, the 3's only line over the 2's. The numbers are marked
	// and named.
	b.do("new linjat 1x4", setValue("new-cols", "4"), click("#new"))
	b.wait("the 1×4 board", `document.getElementById('title').textContent === 'drawing a 1×4 linjat'`)
	b.do("draw 2 _ 3 _", click("#tool-number"), click("#cell-0-0"), chromedp.KeyEvent("2"), click("#cell-0-2"), chromedp.KeyEvent("3"))
	b.wait("2_3_", `document.getElementById('text').textContent.includes('2_3_')`)
	b.do("make unique", click("#edit-repair"))
	b.wait("the numbers in conflict", `document.getElementById('message').textContent.startsWith('Unsolvable')`)
	if msg, n := b.text("#message"), b.count("#board rect.mark-conflict"); !strings.Contains(msg, "2 r1c1, 3 r1c3") || n != 2 {
		t.Errorf("conflict message %q with %d marks, want the numbers 2 r1c1 and 3 r1c3 marked", msg, n)
	}
	b.shot("editor-numbers-conflict")
}
