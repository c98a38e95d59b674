//go:build unix

package interrupt_test

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/app/interrupt"
)

// hangLimit only catches a signal never seen; it times nothing.
const hangLimit = 30 * time.Second

// TestSignalEndsContext: SIGINT or SIGTERM to the process ends the
// context Context returned, with the signal as its cause; the process
// lives on (the signal was caught, once Catching said so).
func TestSignalEndsContext(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			ctx, stop := interrupt.Context(context.Background())
			defer stop()
			if interrupt.Is(ctx) || ctx.Err() != nil {
				t.Fatalf("before any signal: Is %v, Err %v", interrupt.Is(ctx), ctx.Err())
			}
			select {
			case <-interrupt.Catching(ctx):
			case <-time.After(hangLimit):
				t.Fatal("catching never started")
			}
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ctx.Done():
			case <-time.After(hangLimit):
				t.Fatalf("%v: the context did not end", sig)
			}
			var e *interrupt.Error
			if !errors.As(context.Cause(ctx), &e) || e.Signal != sig {
				t.Errorf("cause %v, want the signal %v", context.Cause(ctx), sig)
			}
			if !interrupt.Is(ctx) || interrupt.Reason(ctx) != "interrupted" {
				t.Errorf("Is %v, Reason %q; want true, interrupted", interrupt.Is(ctx), interrupt.Reason(ctx))
			}
			// A context made from it (a command's --timeout) says so too.
			child, cancel := context.WithTimeout(ctx, time.Hour)
			defer cancel()
			if !interrupt.Is(child) || interrupt.Reason(child) != "interrupted" {
				t.Errorf("a context made from it: Is %v, Reason %q", interrupt.Is(child), interrupt.Reason(child))
			}
		})
	}
}

// TestReasonWithoutSignal: a context ended by its deadline or its own
// cancel was not interrupted; one not ended is neither.
func TestReasonWithoutSignal(t *testing.T) {
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	deadline, cancel := context.WithTimeout(ctx, time.Nanosecond)
	defer cancel()
	<-deadline.Done()
	cancelled, cancel2 := context.WithCancel(ctx)
	cancel2()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		is   bool
	}{{"deadline", deadline, false}, {"cancelled", cancelled, false}, {"running", ctx, false}} {
		if interrupt.Is(tc.ctx) != tc.is {
			t.Errorf("%s: Is %v, want %v", tc.name, interrupt.Is(tc.ctx), tc.is)
		}
	}
	if r := interrupt.Reason(deadline); r != "timed out" {
		t.Errorf("deadline: Reason %q, want timed out", r)
	}
	// Released, the context ends, and is no interrupt.
	stop()
	if ctx.Err() == nil || interrupt.Is(ctx) {
		t.Errorf("after stop: Err %v, Is %v; want ended, not interrupted", ctx.Err(), interrupt.Is(ctx))
	}
}

// TestOnWriteStartsCatching: what a run shows, it can be stopped from: the
// first write through OnWrite's writer has started catching before it
// returns (no waiting for catchAfter), so a signal right after it ends
// the context instead of the process.
func TestOnWriteStartsCatching(t *testing.T) {
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	var out strings.Builder
	w := interrupt.OnWrite(ctx, &out)
	if _, err := io.WriteString(w, "first line\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-interrupt.Catching(ctx):
	default:
		t.Fatal("a write went through, and catching has not started")
	}
	if out.String() != "first line\n" {
		t.Errorf("written %q, want the line", out.String())
	}
	if u, ok := w.(interface{ Unwrap() io.Writer }); !ok || u.Unwrap() != io.Writer(&out) {
		t.Errorf("Unwrap does not give the writer back")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(hangLimit):
		t.Fatal("SIGINT after the first write did not end the context")
	}
	if !interrupt.Is(ctx) {
		t.Errorf("cause %v, want the signal", context.Cause(ctx))
	}
}

// TestStartOnOtherContexts: Start and Catching on a context Context did
// not make do nothing and give nil.
func TestStartOnOtherContexts(t *testing.T) {
	ctx := context.Background()
	interrupt.Start(ctx)
	if interrupt.Catching(ctx) != nil {
		t.Error("Catching of a plain context is not nil")
	}
}
