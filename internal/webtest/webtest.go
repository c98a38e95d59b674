// Package webtest is what the tests of the pages puzzlesat writes share
// (the playground, its static build, the collection report): finding
// headless chromium, a tab on it that records the page's errors, where
// screenshots go, and a server on a loopback port. It imports nothing of
// ours, so that the tests of every layer may use it.
package webtest

import (
	"context"
	"iter"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Chromium finds the browser: chromium on PATH or /usr/bin/chromium. The
// browser tests run whenever it is there, unless -short (the edit loop's
// tier) leaves them out; without it they are skipped on a developer's
// machine and fail in CI (CI=true), which installs it.
func Chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: skipped by -short")
	}
	for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed: CI must install it (.ci/run) so that the browser tests run")
	}
	t.Skip("chromium is not installed: the browser tests need it (apt-get install chromium)")
	return ""
}

// Artifacts is where pages and screenshots go: $PUZZLESAT_ARTIFACTS, or a
// temporary folder of the test.
func Artifacts(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("PUZZLESAT_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Tab is one headless chromium tab, open until the test ends. The page's
// exceptions and console errors are recorded (Errs).
type Tab struct {
	Ctx context.Context
	// Dir is where Shot writes: Artifacts unless set.
	Dir  string
	mu   sync.Mutex
	errs []string
}

// NewTab starts the chromium at browser with one tab, a 1280×860 window,
// and extra options after the common ones; the tab's context ends after
// timeout. listen, when not nil, subscribes to more of the tab's events
// before the browser starts; report records a message as the page's error.
func NewTab(t testing.TB, browser string, timeout time.Duration, listen func(ctx context.Context, report func(string)), extra ...chromedp.ExecAllocatorOption) *Tab {
	t.Helper()
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 860),
	}, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	b := &Tab{Ctx: ctx, Dir: Artifacts(t)}
	// The subscriptions start before the page loads.
	On(chromedp.Events(ctx, runtime.ExceptionThrown), func(ev runtime.EventExceptionThrown) {
		msg := ev.ExceptionDetails.Text
		if e := ev.ExceptionDetails.Exception; e != nil {
			msg += " " + e.Description
		}
		b.Report("exception: " + msg)
	})
	On(chromedp.Events(ctx, runtime.ConsoleAPICalled), func(ev runtime.EventConsoleAPICalled) {
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			b.Report("console error: " + strings.Join(args, " "))
		}
	})
	if listen != nil {
		listen(ctx, b.Report)
	}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return b
}

// On calls f with each of a tab's events (chromedp.Events), in a goroutine
// of its own, until the tab ends.
func On[E any](events iter.Seq2[E, error], f func(E)) {
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			f(ev)
		}
	}()
}

// Report records msg as an error of the page.
func (b *Tab) Report(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.errs = append(b.errs, msg)
}

// Errs are the page's errors so far, joined by "; " ("" when none).
func (b *Tab) Errs() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(b.errs, "; ")
}

// Shot saves a screenshot of the page as name.png in Dir and
// returns its path ("" when the browser took none).
func (b *Tab) Shot(t testing.TB, name string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	path := filepath.Join(b.Dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

// Server is what Serving runs: serve.Server's Serve.
type Server interface {
	Serve(ctx context.Context, ln net.Listener) error
}

// Serving runs s.Serve on a loopback port until the test ends (or stop is
// called) and returns its address and stop, which waits for Serve's end
// and returns its error.
func Serving(t testing.TB, s Server) (addr string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	var once sync.Once
	var serr error
	stop = func() error {
		once.Do(func() { cancel(); serr = <-done })
		return serr
	}
	t.Cleanup(func() { stop() })
	return ln.Addr().String(), stop
}
