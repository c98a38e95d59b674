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
	"path/filepath"
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

// stopGrace is how long a binary has to stop after it is interrupted.
const stopGrace = 10 * time.Second

// Run runs path with args, wired to the app's standard streams, and turns
// its exit code into the command's. When ctx ends (Ctrl-C) the binary is
// interrupted, not killed, so that it stops as it would on its own (a
// server shuts down and exits 0); it is killed only after stopGrace.
func Run(ctx context.Context, c *cli.Context, path string, args []string) error {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.App.Reader, c.App.Writer, c.App.ErrWriter
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill() // no interrupts on this system
		}
		return nil
	}
	cmd.WaitDelay = stopGrace
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil, cmd.ProcessState != nil && cmd.ProcessState.Success():
		// Done, or stopped cleanly when interrupted.
		return nil
	case errors.As(err, &exit):
		// The binary has said what went wrong on stderr already.
		return cli.Exit("", exit.ExitCode())
	case ctx.Err() != nil:
		return cli.Exit(fmt.Sprintf("%s: %v", filepath.Base(path), ctx.Err()), appio.ExitTimeout)
	}
	return appio.Exit(appio.ExitBadInput, "%s: %v", filepath.Base(path), err)
}
