// Package interrupt turns the signals that stop a process (Ctrl-C's
// SIGINT, and SIGTERM, how kill, systemd, Docker and Kubernetes stop one)
// into the end of a run's context, so that a command stops as it would at
// its --timeout: it keeps and prints what it finished, says where it
// stopped, and exits 3. Reason tells the two ends apart for the message.
package interrupt

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"sync"
	"time"
)

// Error is the cause (context.Cause) of a context a signal ended.
type Error struct{ Signal os.Signal }

func (e *Error) Error() string { return "interrupted by " + e.Signal.String() }

// repeatGap is how long after the first signal another one counts as the
// same request said twice: Ctrl-C reaches every process of the terminal's
// group, a child binary of puzzlesat (app/extcmd) too, and puzzlesat
// passes it on to the child as well, so the child hears it twice within
// milliseconds (longer on a loaded machine). A signal after the gap is a
// second request: the process ends at once.
const repeatGap = time.Second

// catchAfter is how long a run goes before its signals are caught, unless
// it shows itself under way before: a line on stderr (progress, a
// warning: OnWrite), or Start (a batch: report, a puzzle command given
// several puzzles). Until then a signal has its default action (Ctrl-C or
// SIGTERM ends the process; one started with it ignored goes on): a run
// that young has finished and shown nothing worth keeping. Catching costs
// every start the goroutine of os/signal blocked in the runtime, the
// thread it holds and the threads woken to run the rest (`strace -f -e
// trace=clone` counts 5–7 clones against 3–4): `puzzlesat kinds` took
// 19.6 ms of CPU catching from the first moment, 17.8 ms with catchAfter,
// and the binary of c681993, which caught 50 ms in, 16.6 ms (interleaved,
// 40 runs each, median, on the project's 2-core machine).
const catchAfter = 50 * time.Millisecond

// catchingKey is the context key of a run's *catcher.
type catchingKey struct{}

// catcher starts catching a run's signals, once.
type catcher struct {
	mu       sync.Mutex
	started  bool // catching has started, or the run was released
	catching chan struct{}
	start    func() // called with mu held, once
}

func (c *catcher) do(release bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.started {
		return
	}
	c.started = true
	if !release {
		c.start()
		close(c.catching)
	}
}

// Context returns a context that the first of Signals to come ends, with
// an *Error as its cause, and the function that releases it. Catching
// starts catchAfter into the run, or when Start or a writer of OnWrite
// says the run is under way, whichever comes first (Catching says when).
// A second signal, repeatGap or more after the first, ends the process by
// that signal's own default action, unless another part of the program
// catches it too (a server draining, a child binary being waited for),
// which then has it. The function may be called more than once.
func Context(parent context.Context) (context.Context, func()) {
	c := &catcher{catching: make(chan struct{})}
	ctx, cancel := context.WithCancelCause(context.WithValue(parent, catchingKey{}, c))
	// A process started with a signal ignored (a background job of a
	// script) has it caught all the same: Notify overrides that.
	ignored := map[os.Signal]bool{}
	for _, sig := range Signals {
		ignored[sig] = signal.Ignored(sig)
	}
	sigs := make(chan os.Signal, 2)
	released := make(chan struct{})
	c.start = func() {
		signal.Notify(sigs, Signals...)
		go watch(sigs, released, ignored, cancel)
	}
	timer := time.AfterFunc(catchAfter, func() { c.do(false) })
	return ctx, sync.OnceFunc(func() {
		timer.Stop()
		c.do(true)
		signal.Stop(sigs)
		close(released)
		cancel(nil)
	})
}

// Start starts catching the signals that end ctx (one made by Context, or
// from one) now, if it has not started: a command calls it as its long
// work begins, so that a signal from then on stops it cleanly however soon
// it comes. For any other context it does nothing.
func Start(ctx context.Context) {
	if c, ok := ctx.Value(catchingKey{}).(*catcher); ok {
		c.do(false)
	}
}

// Catching returns a channel closed once the signals that end ctx (one
// made by Context, or from one) are caught; for any other context, nil
// (a receive from it waits for ever).
func Catching(ctx context.Context) <-chan struct{} {
	if c, ok := ctx.Value(catchingKey{}).(*catcher); ok {
		return c.catching
	}
	return nil
}

// OnWrite returns w, made to start catching ctx's signals (Start) before
// its first write: what a run shows (a progress line, a first verdict) it
// can be stopped from cleanly. Unwrap gives w back, for what needs the
// file itself (a terminal's test, a child process's standard streams).
func OnWrite(ctx context.Context, w io.Writer) io.Writer {
	return &startingWriter{w: w, start: sync.OnceFunc(func() { Start(ctx) })}
}

type startingWriter struct {
	w     io.Writer
	start func()
}

func (s *startingWriter) Write(p []byte) (int, error) {
	s.start()
	return s.w.Write(p)
}

func (s *startingWriter) Unwrap() io.Writer { return s.w }

// watch ends the run's context on the first signal from sigs, and the
// process on a second one repeatGap later, until released is closed.
func watch(sigs chan os.Signal, released <-chan struct{}, ignored map[os.Signal]bool, cancel context.CancelCauseFunc) {
	var first time.Time
	for {
		select {
		case <-released:
			return
		case sig := <-sigs:
			switch {
			case first.IsZero():
				first = time.Now()
				cancel(&Error{Signal: sig})
			case time.Since(first) >= repeatGap:
				// Back to the default action, and the signal again.
				signal.Stop(sigs)
				if ignored[sig] {
					// Its action before Notify: to ignore it.
					os.Exit(exitCode(sig))
				}
				if p, err := os.FindProcess(os.Getpid()); err == nil {
					p.Signal(sig)
				}
				return
			}
		}
	}
}

// Is reports whether ctx was ended by a signal (Context's), rather than
// by its deadline or a cancel of its own.
func Is(ctx context.Context) bool {
	var e *Error
	return ctx.Err() != nil && errors.As(context.Cause(ctx), &e)
}

// Reason says, for messages, why ctx ended: "interrupted" when a signal
// ended it, "timed out" otherwise (its deadline, --timeout).
func Reason(ctx context.Context) string {
	if Is(ctx) {
		return "interrupted"
	}
	return "timed out"
}
