// Package extcmd runs a command of puzzlesat that lives in a binary of its
// own, as git runs git-foo for `git foo`: `puzzlesat render` runs
// puzzlesat-render. A command is split out when what it links (render: a
// graphics library with fonts, an HTTP stack and X11 bindings among its
// dependencies) would cost every start of the main binary more than the
// command is worth to the users who never run it.
package extcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
)

// Command returns a command called name that runs binary with name and
// every argument after it, passing standard input, output and error
// through and answering with the binary's exit code. Its flags are the
// binary's: `puzzlesat render --help` shows render's help.
func Command(name, usage, binary string) *cli.Command {
	return &cli.Command{
		Name:            name,
		Usage:           usage + " (runs " + binary + ")",
		ArgsUsage:       "[flags] PUZZLE",
		SkipFlagParsing: true,
		HideHelp:        true,
		Action: func(c *cli.Context) error {
			path, err := Find(binary)
			if err != nil {
				return appio.Exit(appio.ExitBadInput, "%s: %v", name, err)
			}
			return Run(c.Context, c, path, append([]string{name}, c.Args().Slice()...))
		},
	}
}

// Find looks for binary beside the running executable first (where
// `make build` and `go install ./cmd/...` put it), then on PATH.
func Find(binary string) (string, error) {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), binary)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	if p, err := exec.LookPath(binary); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s is not installed beside puzzlesat or on PATH (make build, or go install github.com/puzzlesat/puzzlesat/cmd/%s@latest)", binary, binary)
}

// stopGrace is how long a binary has to stop after it is interrupted
// or sent a signal, before it is killed.
const stopGrace = 10 * time.Second

// signalGrace is how long Run waits, when its context ends, for the
// signal that ended it (which comes to Run too) before it interrupts the
// binary itself: the binary hears one interrupt, not two.
const signalGrace = 100 * time.Millisecond

// Run runs path with args, wired to the app's standard streams, and turns
// its exit code into the command's: a binary that exits with code n makes
// the command exit n, one killed by signal N 128+N (as a shell says).
//
// The binary dies with puzzlesat and hears every signal puzzlesat hears:
// the signals of Forwarded are passed on to it as they come, and on Linux
// it gets SIGTERM when puzzlesat dies without passing anything on
// (SIGKILL; the parent-death signal). When ctx ends otherwise the binary
// is interrupted (SIGINT), not killed, so that it stops as it would on its
// own (a server shuts down and exits 0). A binary that has not stopped
// stopGrace after a signal or an interrupt is killed.
func Run(ctx context.Context, c *cli.Context, path string, args []string) error {
	name := filepath.Base(path)
	cmd := exec.Command(path, args...)
	// The files themselves, so that the binary writes to them directly
	// (and sees a terminal where there is one).
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.App.Reader, appio.Unwrap(c.App.Writer), appio.Unwrap(c.App.ErrWriter)
	cmd.SysProcAttr = sysProcAttr()
	cmd.WaitDelay = stopGrace // for output the binary's own children hold open
	sigs := make(chan os.Signal, len(Forwarded))
	signal.Notify(sigs, Forwarded...)
	defer signal.Stop(sigs)
	// The parent-death signal comes when the thread that started the
	// binary ends, not the process: that thread is this goroutine's until
	// the binary is done.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		return appio.Exit(appio.ExitBadInput, "%s: %v", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var kill <-chan time.Time
	send := func(sig os.Signal) {
		if err := cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
			cmd.Process.Kill() // no such signal on this system
		}
		if kill == nil {
			kill = time.After(stopGrace)
		}
	}
	ctxDone := ctx.Done()
	for {
		select {
		case err := <-done:
			return exitOf(name, cmd.ProcessState, err)
		case sig := <-sigs:
			send(sig)
		case <-ctxDone:
			ctxDone = nil
			select {
			case sig := <-sigs:
				send(sig)
			case <-time.After(signalGrace):
				if kill == nil {
					send(os.Interrupt)
				}
			case err := <-done:
				return exitOf(name, cmd.ProcessState, err)
			}
		case <-kill:
			cmd.Process.Kill()
			kill = nil
		}
	}
}

// exitOf is the command's answer for a binary that ended with ps.
func exitOf(name string, ps *os.ProcessState, err error) error {
	switch {
	case ps == nil:
		return appio.Exit(appio.ExitBadInput, "%s: %v", name, err)
	case ps.Success():
		// Done, or stopped cleanly when interrupted.
		return nil
	}
	// The binary has said what went wrong on stderr already.
	if sig, ok := signalOf(ps); ok {
		return cli.Exit("", 128+sig)
	}
	return cli.Exit("", ps.ExitCode())
}
