package app_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	code := app.Run(context.Background(), kinds.Default(), strings.NewReader(""), &out, &errOut, []string{"puzzlesat", "--version"})
	if want := "puzzlesat version " + app.Version() + "\n"; code != 0 || out.String() != want {
		t.Errorf("--version: have exit %d, %q (stderr %q); want 0, %q", code, out.String(), errOut.String(), want)
	}
}

// helpFlagLine is a flag's line in a command's help: its names, each with
// its placeholder ("--output FILE, -o FILE"), then the usage.
var helpFlagLine = regexp.MustCompile(`^\s+(-[^ ].*?)\s{2,}(.*)$`)

// TestHelpText reads every command's help: no flag's placeholder is more
// than one word (backquotes in a usage become the placeholder), and no
// line states a default twice.
func TestHelpText(t *testing.T) {
	var walk func(path []string, cmds []*cli.Command)
	walk = func(path []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(append([]string(nil), path...), c.Name)
			if len(c.Subcommands) > 0 {
				walk(p, c.Subcommands)
				continue
			}
			var out, errOut bytes.Buffer
			args := append(append([]string{"puzzlesat"}, p...), "--help")
			if code := app.Run(context.Background(), kinds.Default(), strings.NewReader(""), &out, &errOut, args); code != 0 {
				t.Errorf("%s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
			}
			for _, line := range strings.Split(out.String(), "\n") {
				if strings.Count(line, "(default") > 1 {
					t.Errorf("%s: a default stated twice: %q", strings.Join(p, " "), line)
				}
				m := helpFlagLine.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				for _, name := range strings.Split(m[1], ", ") {
					if fs := strings.Fields(name); len(fs) > 2 {
						t.Errorf("%s: flag %s has placeholder %q, want one word", strings.Join(p, " "), fs[0], strings.Join(fs[1:], " "))
					}
				}
			}
		}
	}
	walk(nil, app.New(kinds.Default(), nil, nil, nil).Commands)
}
