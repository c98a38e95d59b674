package serve

import (
	"math"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// touch sends one touch event of the phone's screen: points where
// fingers are down (none: all lifted).
func (b *browser) touch(what string, typ input.DispatchTouchEventType, points ...[2]float64) {
	b.t.Helper()
	var tps []*input.TouchPoint
	for i, p := range points {
		id := float64(i + 1)
		tps = append(tps, &input.TouchPoint{X: p[0], Y: p[1], ID: &id})
	}
	if tps == nil {
		tps = []*input.TouchPoint{}
	}
	if _, err := chromedp.Call(b.Ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: tps}); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// TestBrowserZoom: on a phone (390×844, touch) a board whose cells are
// under 24 px (janko's 12x25 Juosan) offers the zoom; + makes its cells
// at least 24 px; a tap then plays the cell under the finger; a
// two-finger drag moves the view by the fingers' way and plays nothing; a
// pinch makes the cells larger; Fit brings the whole board back, and the
// progress survives a reload as before; a puzzle of moves opened after a
// zoomed board is drawn fitted.
func TestBrowserZoom(t *testing.T) {
	b := newBrowser(t)
	b.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	if _, err := chromedp.Call(b.Ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
	b.load("the page", `#example option`)
	b.do("paste the 12x25 juosan", chromedp.SetValue(chromedp.ID("paste"), readTestdata(t, "juosan/janko/12x25_1.in")), click("#load-paste"))
	b.wait("the board", `document.getElementById('title').textContent.startsWith('juosan') && document.getElementById('cell-11-24') !== null`)
	b.do("clear", click("#clear"))
	cellPx := func() float64 {
		return eval[float64](b, "cell size", `document.getElementById('cell-0-0').getBoundingClientRect().width`)
	}
	fitted := cellPx()
	if fitted >= 24 || eval[bool](b, "zoom bar", `document.getElementById('zoom-bar').hidden`) {
		t.Fatalf("fitted cells of %.1f px, zoom bar hidden %v; want cells under 24 px and the zoom offered", fitted, eval[bool](b, "zoom bar", `document.getElementById('zoom-bar').hidden`))
	}
	b.shot("zoom-fitted")
	b.do("zoom in", click("#zoom-in"))
	b.wait("zoomed", `document.getElementById('cell-0-0').getBoundingClientRect().width >= 24`)
	if px := cellPx(); px < 24 {
		t.Fatalf("zoomed cells of %.1f px, want ≥ 24", px)
	}
	if sw := eval[int](b, "scroll width", `document.documentElement.scrollWidth`); sw > 390 {
		t.Errorf("zoomed: the page is %d px wide, want the board scrolled in its box within 390", sw)
	}
	b.do("box in view", chromedp.Evaluate[chromedp.Void](`document.getElementById('board').parentNode.scrollIntoView({block: 'center'})`))
	// The cell under the box's centre, tapped at its centre (a cell of
	// the zoomed board, far right of any the fitted board has there).
	at := eval[[]float64](b, "the centre's cell", `(() => {
		const r = document.getElementById('board').parentNode.getBoundingClientRect();
		const c = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('[data-r]');
		const q = c.getBoundingClientRect();
		return [(q.left + q.right) / 2, (q.top + q.bottom) / 2, +c.dataset.r, +c.dataset.c];
	})()`)
	b.touch("tap down", input.DispatchTouchEventTypeTouchStart, [2]float64{at[0], at[1]})
	b.touch("tap up", input.DispatchTouchEventTypeTouchEnd)
	b.wait("a value", `document.querySelectorAll('#board .value').length > 0`)
	in := eval[bool](b, "the value's cell", `(() => {
		const vs = [...document.querySelectorAll('#board .value')].map((e) => e.getBoundingClientRect());
		const x = (Math.min(...vs.map((v) => v.left)) + Math.max(...vs.map((v) => v.right))) / 2;
		const y = (Math.min(...vs.map((v) => v.top)) + Math.max(...vs.map((v) => v.bottom))) / 2;
		const c = document.getElementById('cell-`+itoa(at[2])+`-`+itoa(at[3])+`').getBoundingClientRect();
		return x >= c.left && x <= c.right && y >= c.top && y <= c.bottom;
	})()`)
	if !in {
		t.Errorf("the tap at (%.0f, %.0f) played another cell than r%vc%v under it", at[0], at[1], at[2]+1, at[3]+1)
	}
	values := b.count("#board .value")
	b.shot("zoom-tapped")

	// Two fingers drag the view 60 px left and 30 px up.
	scroll := func() []float64 {
		return eval[[]float64](b, "scroll", `(() => { const x = document.getElementById('board').parentNode; return [x.scrollLeft, x.scrollTop]; })()`)
	}
	before := scroll()
	// The view moves as far as the box scrolls.
	room := eval[[]float64](b, "scroll room", `(() => { const x = document.getElementById('board').parentNode; return [x.scrollWidth - x.clientWidth, x.scrollHeight - x.clientHeight]; })()`)
	want := []float64{min(60, room[0]-before[0]), min(30, room[1]-before[1])}
	x, y := at[0], at[1]
	b.touch("two fingers", input.DispatchTouchEventTypeTouchStart, [2]float64{x - 40, y}, [2]float64{x + 40, y})
	for i := 1; i <= 3; i++ {
		d := float64(i)
		b.touch("drag", input.DispatchTouchEventTypeTouchMove, [2]float64{x - 40 - 20*d, y - 10*d}, [2]float64{x + 40 - 20*d, y - 10*d})
	}
	b.touch("lift", input.DispatchTouchEventTypeTouchEnd)
	after := scroll()
	if dx, dy := after[0]-before[0], after[1]-before[1]; want[0] < 30 || math.Abs(dx-want[0]) > 3 || math.Abs(dy-want[1]) > 3 {
		t.Errorf("a two-finger drag of (-60, -30) scrolled the view by (%.0f, %.0f), want (%.0f, %.0f)", dx, dy, want[0], want[1])
	}
	if n := b.count("#board .value"); n != values {
		t.Errorf("the two-finger drag changed the board: %d value items, had %d", n, values)
	}
	// A pinch from 60 to 180 px apart: three times the cells.
	zoomed := cellPx()
	b.touch("pinch", input.DispatchTouchEventTypeTouchStart, [2]float64{x - 30, y}, [2]float64{x + 30, y})
	for i := 1; i <= 4; i++ {
		d := 15 * float64(i)
		b.touch("spread", input.DispatchTouchEventTypeTouchMove, [2]float64{x - 30 - d, y}, [2]float64{x + 30 + d, y})
	}
	b.touch("lift", input.DispatchTouchEventTypeTouchEnd)
	if px := cellPx(); px < zoomed*1.5 {
		t.Errorf("a pinch spreading the fingers threefold made cells of %.1f px from %.1f, want larger", px, zoomed)
	}
	b.shot("zoom-pinched")
	b.do("fit", click("#zoom-fit"))
	b.wait("fitted again", `document.getElementById('cell-0-0').getBoundingClientRect().width < 24`)
	b.do("reload", chromedp.Reload())
	b.wait("the progress restored", `document.getElementById('cell-11-24') !== null && document.querySelectorAll('#board .value').length > 0`)
	if n := b.count("#board .value"); n != values {
		t.Errorf("after a reload %d value items, want the %d played", n, values)
	}
	// Zoomed, then a puzzle of moves opened: drawn fitted, no zoom offered.
	b.do("zoom in again", click("#zoom-in"))
	b.wait("zoomed again", `document.getElementById('cell-0-0').getBoundingClientRect().width >= 24`)
	b.open("shift-reborn", "shift reborn")
	b.wait("the shift board", `document.getElementById('token-0') !== null && document.getElementById('zoom-bar').hidden`)
	if right := eval[float64](b, "board right", `document.getElementById('board').getBoundingClientRect().right`); right > 390 {
		t.Errorf("the shift puzzle after a zoomed board reaches %.0f px, want fitted within 390", right)
	}
}

func itoa(f float64) string { return strconv.Itoa(int(f)) }
