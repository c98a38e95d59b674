package site

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/serve"
)

// buildSite builds the static site once per test run, into a temporary
// folder. Without a go command that builds js/wasm the test is skipped,
// except in CI (CI=true), where it fails.
func buildSite(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no go command: CI must build the static site")
		}
		t.Skip("no go command on PATH: the static build needs one to build the WebAssembly")
	}
	if out, err := exec.Command("go", "tool", "dist", "list").Output(); err != nil || !slices.Contains(strings.Fields(string(out)), "js/wasm") {
		if os.Getenv("CI") == "true" {
			t.Fatalf("go cannot build js/wasm (%v): CI must build the static site", err)
		}
		t.Skipf("go cannot build js/wasm (%v): the static build needs it", err)
	}
	dir := t.TempDir()
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := Build(ctx, dir, ""); err != nil {
		t.Fatal(err)
	}
	t.Logf("static site built in %v", time.Since(start).Round(time.Millisecond))
	return dir
}

// fileServer serves dir on loopback as any static file server would, and
// records every path asked for under /api/ (answered 404).
type fileServer struct {
	url string
	mu  sync.Mutex
	api []string
	all []string
}

func serveDir(t *testing.T, dir string) *fileServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fs := &fileServer{url: "http://" + ln.Addr().String()}
	files := http.FileServer(http.Dir(dir))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fs.mu.Lock()
		fs.all = append(fs.all, r.URL.Path)
		if strings.HasPrefix(r.URL.Path, "/api/") {
			fs.api = append(fs.api, r.URL.Path)
		}
		fs.mu.Unlock()
		files.ServeHTTP(w, r)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return fs
}

// The browser test's wall-clock limits only catch a hang: a page that
// never shows what is waited for. A busy machine (CI beside other work)
// makes every step slower, never the test red.
const (
	tabHang  = 15 * time.Minute // the test's whole tab
	stepHang = 3 * time.Minute  // one condition waited for (a WebAssembly solve)
	// textHang bounds reading a shown element's text, at once on a quiet
	// machine; a hidden one reads as "" when it has passed.
	textHang = 30 * time.Second
)

// tab is a headless chromium tab; its exceptions, console errors (the
// page's and the browser's own) and requests under /api/ (the browser's own network events) are recorded.
type tab struct {
	*webtest.Tab
	mu      sync.Mutex
	apiSeen []string
}

func newTab(t *testing.T, browserPath string) *tab {
	t.Helper()
	b := &tab{}
	b.Tab = webtest.NewTab(t, browserPath, tabHang, func(ctx context.Context, report func(string)) {
		// The browser's own errors in the console: a file not found
		// (a favicon's 404 included), a script that would not load.
		webtest.On(chromedp.Events(ctx, cdplog.EntryAdded), func(ev cdplog.EventEntryAdded) {
			if ev.Entry.Level == cdplog.EntryLevelError {
				report("console error: " + ev.Entry.Text + " " + ev.Entry.URL)
			}
		})
		webtest.On(chromedp.Events(ctx, network.RequestWillBeSent), func(ev network.EventRequestWillBeSent) {
			if strings.Contains(ev.Request.URL, "/api/") {
				b.mu.Lock()
				b.apiSeen = append(b.apiSeen, ev.Request.URL)
				b.mu.Unlock()
			}
		})
	})
	return b
}

// shot saves a screenshot of the page in $PUZZLESAT_ARTIFACTS (else a
// temporary folder), as serve's browser tests do.
func (b *tab) shot(t *testing.T, name string) { b.Shot(t, "site-"+name) }

// -site-url tests a static site already served (make site, then python3
// -m http.server -d bin/site) instead of building one.
var siteURL = flag.String("site-url", "", "test the static site at `URL` instead of building and serving one")

// TestStaticSite: the static build, served by a plain file server, opens a
// Juosan from its URL (?juosan/6/6/hh44aa0fo3u017253334), draws its board and proves it unique in the browser, with no
// request to /api/ (counted by the file server and by the browser's own
// network events) and no console error; a long request stopped by its
// AbortSignal, or by the Cancel button, ends at once, and the next request
// is answered by a fresh worker; a shift puzzle's depths stream in.
func TestStaticSite(t *testing.T) {
	browserPath := webtest.Chromium(t)
	url := *siteURL
	var fs *fileServer
	if url == "" {
		fs = serveDir(t, buildSite(t))
		url = fs.url + "/"
	}

	b := newTab(t, browserPath)
	ctx := b.Ctx
	text := func(sel string) string {
		c, cancel := context.WithTimeout(ctx, textHang)
		defer cancel()
		s, _ := chromedp.Run(c, chromedp.Text(chromedp.CSS(sel)))
		return s
	}
	do := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v (message: %q)", what, err, text("#message"))
		}
	}
	wait := func(what, cond string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(stepHang))); err != nil {
			t.Fatalf("waiting for %s: %v (message: %q)", what, err, text("#message"))
		}
	}

	// The page, its kinds and examples answered by the WebAssembly, and
	// the puzzle of its URL (puzz.link's query form) drawn. A page that
	// does not open its URL's puzzle yet gets it through the paste box.
	const drawn = `document.getElementById('title').textContent.startsWith('juosan') && document.querySelectorAll('#board [id^=cell-]').length === 36`
	do("load the page", chromedp.Navigate(url+"?juosan/6/6/hh44aa0fo3u017253334"))
	wait("the examples listed", `document.querySelector('#example option[value="juosan-6x6_1"]') !== null`)
	if static, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.PUZZLESAT_STATIC === true`)); err != nil || !static {
		t.Fatalf("the page is not the static build (PUZZLESAT_STATIC %v, %v)", static, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](drawn, chromedp.WithPollingTimeout(3*time.Second))); err != nil {
		t.Logf("the page did not open ?juosan/6/6/hh44aa0fo3u017253334 from its URL: the same puzzle through the paste box")
		do("paste the puzzle", chromedp.SendKeys(chromedp.ID("paste"), "https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"),
			chromedp.Click(chromedp.ID("load-paste")))
		wait("the board drawn", drawn)
	}
	do("check uniqueness", chromedp.Click(chromedp.ID("check")))
	wait("unique", `document.getElementById('message').textContent.startsWith('Unique')`)
	b.shot(t, "static-unique")

	// A long request, stopped by its signal, ends at once; the next
	// request is answered by a fresh worker.
	stopped, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		const ctl = new AbortController();
		const t0 = performance.now();
		setTimeout(() => ctl.abort(), 300);
		try {
			await window.puzzlesatFetch('/api/generate', { method: 'POST', signal: ctl.signal,
				headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
				body: JSON.stringify({ kind: 'linjat', rows: 12, cols: 12, difficulty: 'expert', seed: 1 }) })
				.then((r) => r.text());
			return 'finished';
		} catch (e) {
			return e.name + ' after ' + Math.round(performance.now() - t0) + ' ms';
		}
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(stopped, "AbortError") {
		t.Errorf("a stopped generate: %q, %v; want an AbortError", stopped, err)
	}
	t.Logf("stopped generate: %s", stopped)
	// Long work without a signal: the Cancel button beside "working…"
	// stops it (Reborn's shortest solution by SAT alone takes minutes),
	// and the stream being read fails as api.js's readEvents reads it.
	do("a long solve", chromedp.Evaluate[chromedp.Void](`window.longSolve = window.puzzlesatFetch('/api/moves/solve', { method: 'POST',
		headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' }, body: JSON.stringify({ builtin: 'reborn', method: 'sat' }) })
		.then(async (r) => { const rd = r.body.getReader(); while (!(await rd.read()).done); })
		.then(() => 'finished', (e) => e.name)`))
	// static.js adds the button at the first request past a second.
	wait("the cancel button", `document.getElementById('static-cancel')?.hidden === false`)
	b.shot(t, "static-cancel")
	do("cancel", chromedp.Click(chromedp.ID("static-cancel")))
	if got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.longSolve`, chromedp.EvalAwaitPromise)); err != nil || got != "AbortError" {
		t.Errorf("a cancelled solve: %q, %v; want an AbortError", got, err)
	}
	wait("the cancel button gone", `document.getElementById('static-cancel')?.hidden !== false`)
	do("check again", chromedp.Evaluate[chromedp.Void](`document.getElementById('message').textContent = ''`), chromedp.Click(chromedp.ID("check")))
	wait("unique again", `document.getElementById('message').textContent.startsWith('Unique')`)

	// A shift puzzle's shortest solution, SAT depth by depth: the depth
	// events stream from the worker as each depth is decided.
	do("open a shift puzzle", chromedp.SetValue(chromedp.ID("example"), "shift-loopover-3x3-worst"), chromedp.Click(chromedp.ID("open-example")))
	wait("the shift puzzle", `document.getElementById('title').textContent.startsWith('shift loopover-3x3-worst')`)
	do("solve, SAT depth by depth", chromedp.SetValue(chromedp.ID("moves-method"), "sat"), chromedp.Click(chromedp.ID("moves-solve")))
	wait("a depth refuted while solving", `document.querySelectorAll('#depths tr.depth-unsat').length > 0`)
	wait("the shortest solution", `document.getElementById('message').textContent.startsWith('Shortest solution')`)
	if msg := text("#message"); !strings.Contains(msg, "8 moves") {
		t.Errorf("shift message %q, want 8 moves", msg)
	}

	if errs := b.Errs(); errs != "" {
		t.Errorf("the page reported %s", errs)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.apiSeen) > 0 {
		t.Errorf("the browser asked for %q: the static build must make no request to /api/", b.apiSeen)
	}
	if fs == nil {
		return
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.api) > 0 {
		t.Errorf("the file server was asked for %q: the static build must make no request to /api/", fs.api)
	}
	t.Logf("files asked for: %q", fs.all)
}

// -timing runs TestStaticSiteTiming, the figures of docs/playground.md.
var timing = flag.Bool("timing", false, "time a 10x10 Juosan's check in the browser: the static build against the native server")

// TestStaticSiteTiming times POST /api/check of janko.at's 10x10_1 Juosan
// from the page, in headless chromium, several runs each: answered by the
// static build's WebAssembly worker, and by the native server (serve on
// loopback). Run with -timing; it logs the medians.
func TestStaticSiteTiming(t *testing.T) {
	if !*timing {
		t.Skip("docs/playground.md's timing: run with -timing")
	}
	browserPath := webtest.Chromium(t)
	puzzle, err := os.ReadFile("../../testdata/juosan/janko/10x10_1.in")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := json.Marshal(map[string]string{"text": string(puzzle), "name": "10x10_1.in"})
	const runs = 15
	script := func(fetch string) string {
		return fmt.Sprintf(`(async () => {
			const out = [];
			for (let i = 0; i < %d; i++) {
				const t0 = performance.now();
				const r = await %s('/api/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: %q });
				const a = await r.json();
				if (a.status !== 'unique') throw new Error(JSON.stringify(a));
				out.push([performance.now() - t0, a.ms]);
			}
			return out;
		})()`, runs, fetch, req)
	}
	measure := func(name, url, fetch string) {
		b := newTab(t, browserPath)
		if err := chromedp.Do(b.Ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](`document.querySelector('#example option') !== null`, chromedp.WithPollingTimeout(stepHang))); err != nil {
			t.Fatal(err)
		}
		times, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[][2]float64](script(fetch), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var wall, solve []float64
		for _, x := range times {
			wall, solve = append(wall, x[0]), append(solve, x[1])
		}
		med := func(xs []float64) float64 { xs = slices.Clone(xs); slices.Sort(xs); return xs[len(xs)/2] }
		t.Logf("%s: check of 10x10_1, %d runs: median %.0f ms in the page (first %.0f ms), median %.0f ms solving (the answer's ms); all %v",
			name, runs, med(wall), wall[0], med(solve), times)
	}
	fs := serveDir(t, buildSite(t))
	measure("static build (WebAssembly in a worker)", fs.url+"/", "window.puzzlesatFetch")
	s, err := serve.New(serve.Options{Kinds: kinds.Default(), Solver: gini.NewSolver})
	if err != nil {
		t.Fatal(err)
	}
	native := httptest.NewServer(s)
	defer native.Close()
	measure("native server", native.URL+"/", "fetch")
}
