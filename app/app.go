// Package app builds the puzzlesat command line. New returns the urfave/cli
// app with its own readers and writers, so tests run it in-process; command
// groups live in sub-packages (cnfcmd, puzzlecmd, shiftcmd). The kinds are
// a value the app is handed (a kinds.Registry), as an analysis driver is
// handed its analyzers: a binary's main hands it kinds.Default(), a test
// a registry of its own.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/app/cnfcmd"
	"github.com/puzzlesat/puzzlesat/app/crosscheckcmd"
	"github.com/puzzlesat/puzzlesat/app/extcmd"
	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/puzzlesat/puzzlesat/app/puzzlecmd"
	"github.com/puzzlesat/puzzlesat/app/rulescmd"
	"github.com/puzzlesat/puzzlesat/app/shiftcmd"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// libraryFlagString is urfave/cli's own help line for a flag.
var libraryFlagString = cli.FlagStringer

func init() { cli.FlagStringer = flagString }

// defaultSuffix starts the "(default: ...)" the library appends to a
// flag's help line.
const defaultSuffix = " (default: "

// flagString is a flag's help line without a default that says nothing
// (false, 0, 0s, "") or that the usage already states in its own words
// ("(0: none; default: the kind's)" read "(default: -1)" after it).
func flagString(f cli.Flag) string {
	s := libraryFlagString(f)
	i := strings.LastIndex(s, defaultSuffix)
	if i < 0 || !strings.HasSuffix(s, ")") || strings.ContainsAny(s[i+len(defaultSuffix):len(s)-1], "()") {
		return s
	}
	usage, def := s[:i], s[i:]
	switch {
	case strings.Contains(usage, "default"),
		def == " (default: false)", def == " (default: 0)", def == " (default: 0s)", def == ` (default: "")`:
		return usage
	}
	return s
}

// New returns the puzzlesat app of the kinds of reg, reading stdin and
// writing stdout and stderr.
func New(reg *kinds.Registry, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return NewWith(reg, stdin, stdout, stderr, Commands(reg))
}

// NewWith returns the app with the commands cmds, built from reg, which
// their actions read (appio.Kinds): the binaries that ship one command of
// their own (RunOwn) run it through it.
func NewWith(reg *kinds.Registry, stdin io.Reader, stdout, stderr io.Writer, cmds []*cli.Command) *cli.App {
	a := &cli.App{
		Name:      "puzzlesat",
		Usage:     "prove facts about logic puzzles with SAT solvers and grade them like a person",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		Version:   Version(),
		Commands:  cmds,
		Flags:     []cli.Flag{appio.MaxInputFlag},
		Before:    maxInput,
		// Errors are reported by Run, not by the library's os.Exit.
		ExitErrHandler: func(*cli.Context, error) {},
	}
	appio.SetKinds(a, reg)
	return a
}

// maxInput checks --max-input before any command runs.
func maxInput(c *cli.Context) error {
	if !c.IsSet(appio.MaxInputFlag.Name) {
		return nil
	}
	_, err := appio.MaxInput(c)
	return err
}

// passMaxInput makes the command, one that runs a binary of its own
// (extcmd), pass --max-input on to it through the environment, which the
// binary reads it from; the variable is put back after the run.
func passMaxInput(cmd *cli.Command) *cli.Command {
	action := cmd.Action
	cmd.Action = func(c *cli.Context) error {
		if !c.IsSet(appio.MaxInputFlag.Name) {
			return action(c)
		}
		old, had := os.LookupEnv(appio.MaxInputEnv)
		if err := os.Setenv(appio.MaxInputEnv, c.String(appio.MaxInputFlag.Name)); err != nil {
			return err
		}
		defer func() {
			if had {
				os.Setenv(appio.MaxInputEnv, old)
			} else {
				os.Unsetenv(appio.MaxInputEnv)
			}
		}()
		return action(c)
	}
	return cmd
}

// Version is the build's version: the module version, or "devel" with the
// VCS revision and time the Go toolchain stamped into the binary.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " " + rev + dirty
	}
	if at != "" {
		v += " " + at
	}
	return v + " " + bi.GoVersion
}

// Commands are puzzlesat's commands, of the kinds of reg.
func Commands(reg *kinds.Registry) []*cli.Command {
	cnf := cnfcmd.Command()
	cnf.Subcommands = append(cnf.Subcommands, puzzlecmd.ExportCommand(reg))
	cmds := puzzlecmd.Commands(reg)
	cmds = append(cmds, cnf, rulescmd.Command(reg), crosscheckcmd.Command(reg), shiftcmd.Command(reg),
		// Drawing links a graphics library, bench a plotting library,
		// benchstat's format and a progress bar, generate a progress bar,
		// the playground an HTTP stack and report a graphics library and a
		// progress bar, whose packages would cost every start of this
		// binary milliseconds: each is a binary of its own.
		passMaxInput(extcmd.Command("bench", "benchmark the encodings: sizes, solver effort and times per kind, instance set, encoding and back-end; bench compare OLD NEW", "puzzlesat-bench")),
		passMaxInput(extcmd.Command("generate", "generate new puzzles of a chosen difficulty, proven unique, in batches and shards", "puzzlesat-generate")),
		passMaxInput(extcmd.Command("render", "draw a puzzle, a solution, two solutions, the backbone or a hint as SVG, PNG or PDF", "puzzlesat-render")),
		passMaxInput(extcmd.Command("report", "prove, grade and typeset a collection of puzzles: an HTML report, a PDF booklet or JSON lines", "puzzlesat-report")),
		passMaxInput(extcmd.Command("serve", "a web playground: open, draw, play, check, grade and generate puzzles, solve shift puzzles (JSON API under /api/)", "puzzlesat-serve")))
	return cmds
}

// stdinSelections lets "-#SEL", one puzzle of standard input (FILE#SEL
// with "-" for the file), through the flag parser, which takes every
// argument starting with '-' but "-" itself for a flag: it puts "--", the
// end of the flags, before the first such argument, unless the flags have
// ended before it. Flags already end at the first argument that is not
// one, so nothing else changes.
func stdinSelections(args []string) []string {
	for i, a := range args {
		switch {
		case a == "--":
			return args
		case strings.HasPrefix(a, "-#"):
			out := append(slices.Clip(args[:i]), "--")
			return append(out, args[i:]...)
		}
	}
	return args
}

// Run runs the app of the kinds of reg on args (args[0] is the program
// name) and returns the process exit code, printing any error to stderr.
func Run(ctx context.Context, reg *kinds.Registry, stdin io.Reader, stdout, stderr io.Writer, args []string) (code int) {
	return RunWith(ctx, reg, stdin, stdout, stderr, args, Commands(reg))
}

// Main is puzzlesat's main, of the kinds of reg: it runs the app on the
// process's arguments and streams, with SIGINT (Ctrl-C) and SIGTERM ending
// the context (package interrupt), and returns the exit code.
func Main(reg *kinds.Registry) int {
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	return Run(ctx, reg, os.Stdin, os.Stdout, interrupt.OnWrite(ctx, os.Stderr), os.Args)
}

// RunOwn is the main of a binary that ships one command of its own
// (puzzlesat-render, puzzlesat-bench; see app/extcmd): it runs cmd on the
// process's arguments, whether puzzlesat ran it as `BINARY NAME ARGS` or a
// user as `BINARY ARGS`, with SIGINT and SIGTERM ending the context, and
// returns the exit code. cmd is built from reg.
func RunOwn(reg *kinds.Registry, cmd *cli.Command) int {
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	args := os.Args
	if len(args) < 2 || args[1] != cmd.Name {
		args = append([]string{args[0], cmd.Name}, args[1:]...)
	}
	args[0] = "puzzlesat"
	return RunWith(ctx, reg, os.Stdin, os.Stdout, interrupt.OnWrite(ctx, os.Stderr), args, []*cli.Command{cmd})
}

// RunWith is Run with the commands cmds, built from reg.
func RunWith(ctx context.Context, reg *kinds.Registry, stdin io.Reader, stdout, stderr io.Writer, args []string, cmds []*cli.Command) (code int) {
	// A panic is a bug, never an answer: report it as one, with exit 70
	// (EX_SOFTWARE), rather than a Go stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "puzzlesat: internal error (please report): %v\n", r)
			code = 70
		}
	}()
	a := NewWith(reg, stdin, stdout, stderr, cmds)
	err := a.RunContext(ctx, stdinSelections(args))
	if err == nil {
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "puzzlesat:", msg)
		}
		return ec.ExitCode()
	}
	// Usage errors from the flag parser and friends.
	fmt.Fprintln(stderr, "puzzlesat:", err)
	return 2
}
