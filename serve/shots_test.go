package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestShots saves screenshots of a puzzle of each kind, with a hint
// shown, at a desktop and a phone size, into $PUZZLESAT_SHOTS (skipped
// when it is unset): what to look at after changing the page.
func TestShots(t *testing.T) {
	dir := os.Getenv("PUZZLESAT_SHOTS")
	if dir == "" {
		t.Skip("PUZZLESAT_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	b.Dir = dir
	b.load("the examples listed", `#example option[value="juosan-6x6_1"]`)
	for _, size := range []struct{ w, h int64 }{{1280, 860}, {390, 844}} {
		b.do("resize", chromedp.EmulateViewport(size.w, size.h))
		for _, ex := range []struct{ id, title string }{
			{"juosan-6x6_1", "juosan 6x6_1"}, {"arrows-2026-03-07", "arrows 2026-03-07"},
			{"shinro-1", "shinro playshinro 1"}, {"linjat-easy-3", "linjat easy"},
		} {
			b.open(ex.id, ex.title)
			b.do("hint", click("#hint"))
			chromedp.Run(b.Ctx, chromedp.Poll[bool](`document.querySelectorAll('.hint-cell').length > 0`, chromedp.WithPollingTimeout(5*time.Second)))
			b.shot(fmt.Sprintf("%s-hint-%dx%d", ex.id, size.w, size.h))
			// At a phone's size the board may be too narrow to click.
			chromedp.Do(b.Ctx, click("#apply-hint"), click("#cell-1-1"), click("#cell-2-2"), click("#cell-2-2"), click("#cell-3-3"))
			time.Sleep(300 * time.Millisecond)
			b.shot(fmt.Sprintf("%s-play-%dx%d", ex.id, size.w, size.h))
		}
		b.open("shift-reborn", "shift reborn")
		b.shot(fmt.Sprintf("shift-reborn-%dx%d", size.w, size.h))
		b.do("new juosan", setValue("new-kind", "juosan"), setValue("new-rows", "4"), setValue("new-cols", "4"), click("#new"))
		b.wait("drawing", `document.getElementById('title').textContent.startsWith('drawing')`)
		b.do("drag", chromedp.Evaluate[chromedp.Void](`(() => {
			const at = (id, type) => document.getElementById(id).dispatchEvent(new PointerEvent(type, {bubbles: true, buttons: 1}));
			at('cell-0-0', 'pointerdown'); at('cell-0-1', 'pointermove'); at('cell-1-1', 'pointermove'); at('cell-1-1', 'pointerup');
		})()`), click("#tool-number"), click("#cell-0-1"), chromedp.KeyEvent("2"))
		b.shot(fmt.Sprintf("editor-juosan-%dx%d", size.w, size.h))
	}
	t.Logf("screenshots in %s", filepath.Clean(dir))
}
