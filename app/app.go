// Package app builds the puzzlesat command line. New returns the urfave/cli
// app with its own readers and writers, so tests run it in-process; command
// groups live in sub-packages (cnfcmd, puzzlecmd, shiftcmd).
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/benchcmd"
	"github.com/puzzlesat/puzzlesat/app/cnfcmd"
	"github.com/puzzlesat/puzzlesat/app/generatecmd"
	"github.com/puzzlesat/puzzlesat/app/puzzlecmd"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
	"github.com/puzzlesat/puzzlesat/app/rulescmd"
	"github.com/puzzlesat/puzzlesat/app/shiftcmd"
)

// libraryFlagString is urfave/cli's own help line for a flag.
var libraryFlagString = cli.FlagStringer

func init() { cli.FlagStringer = flagString }

// defaultSuffix is the "(default: ...)" the library appends to a flag's
// help line.
var defaultSuffix = regexp.MustCompile(` \(default: [^()]*\)$`)

// flagString is a flag's help line without a default that says nothing
// (false, 0, 0s, "") or that the usage already states in its own words
// ("(0: none; default: the kind's)" read "(default: -1)" after it).
func flagString(f cli.Flag) string {
	s := libraryFlagString(f)
	loc := defaultSuffix.FindStringIndex(s)
	if loc == nil {
		return s
	}
	usage, def := s[:loc[0]], s[loc[0]:]
	switch {
	case strings.Contains(usage, "default"),
		def == " (default: false)", def == " (default: 0)", def == " (default: 0s)", def == ` (default: "")`:
		return usage
	}
	return s
}

// New returns the puzzlesat app reading stdin and writing stdout and stderr.
func New(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:      "puzzlesat",
		Usage:     "prove facts about logic puzzles with SAT solvers and grade them like a person",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		Version:   Version(),
		Commands:  commands(),
		// Errors are reported by Run, not by the library's os.Exit.
		ExitErrHandler: func(*cli.Context, error) {},
	}
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

func commands() []*cli.Command {
	cnf := cnfcmd.Command()
	cnf.Subcommands = append(cnf.Subcommands, puzzlecmd.ExportCommand())
	cmds := puzzlecmd.Commands()
	cmds = append(cmds, cnf, rulescmd.Command(), generatecmd.Command(), benchcmd.Command(), shiftcmd.Command(), rendercmd.Command())
	return cmds
}

// Run runs the app on args (args[0] is the program name) and returns the
// process exit code, printing any error to stderr.
func Run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) (code int) {
	// A panic is a bug, never an answer: report it as one, with exit 70
	// (EX_SOFTWARE), rather than a Go stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "puzzlesat: internal error (please report): %v\n", r)
			code = 70
		}
	}()
	a := New(stdin, stdout, stderr)
	err := a.RunContext(ctx, args)
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
