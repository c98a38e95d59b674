// Package interrupt turns the signals that stop a process (Ctrl-C's
// SIGINT, and SIGTERM, how kill, systemd, Docker and Kubernetes stop one)
// into the end of a run's context, so that a command stops as it would at
// its --timeout: it keeps and prints what it finished, says where it
// stopped, and exits 3. Reason tells the two ends apart for the message.
package interrupt

import (
	"context"
	"errors"
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

// Context returns a context that the first of Signals to come ends, with
// an *Error as its cause, and the function that releases it. Catching
// starts at once: a signal in the first milliseconds of a run stops it as
// cleanly as a later one (what it costs is a goroutine blocked on a
// channel). A second signal, repeatGap or more after the first, ends the
// process by that signal's own default action, unless another part of the
// program catches it too (a server draining, a child binary being waited
// for), which then has it. The function may be called more than once.
func Context(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	// A process started with a signal ignored (a background job of a
	// script) has it caught all the same: Notify overrides that.
	ignored := map[os.Signal]bool{}
	for _, sig := range Signals {
		ignored[sig] = signal.Ignored(sig)
	}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, Signals...)
	released := make(chan struct{})
	go func() {
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
	}()
	return ctx, sync.OnceFunc(func() {
		signal.Stop(sigs)
		close(released)
		cancel(nil)
	})
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
