// Package clitest is for the commands' tests: it runs the whole puzzlesat
// command line in-process, as the binary would run, so that every command
// package tests itself the same way.
package clitest

import (
	"bytes"
	"context"
	"strings"

	"github.com/puzzlesat/puzzlesat/app"
)

// Run runs `puzzlesat ARGS...` reading stdin and returns the exit code,
// standard output and standard error the binary would give.
func Run(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = app.Run(context.Background(), strings.NewReader(stdin), &out, &errb, append([]string{"puzzlesat"}, args...))
	return code, out.String(), errb.String()
}
