// Package clitest is for the commands' tests: it runs the whole puzzlesat
// command line in-process, as the binary would run, so that every command
// package tests itself the same way.
package clitest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app"
	"github.com/puzzlesat/puzzlesat/kinds"
)

// Run runs `puzzlesat ARGS...` reading stdin and returns the exit code,
// standard output and standard error the binary would give.
func Run(stdin string, args ...string) (code int, stdout, stderr string) {
	return RunWith(nil, stdin, args...)
}

// RunWith is Run with only the commands cmds (nil: all of puzzlesat's),
// built from puzzlesat's kinds (kinds.Default), for commands that ship in
// a binary of their own (bench, render): their tests run them in-process
// as that binary would.
func RunWith(cmds []*cli.Command, stdin string, args ...string) (code int, stdout, stderr string) {
	return RunIn(kinds.Default(), cmds, stdin, args...)
}

// RunIn is RunWith of the kinds of reg, for a test that brings kinds of
// its own (kinds/toykind): cmds are built from reg (nil: all of
// puzzlesat's commands).
func RunIn(reg *kinds.Registry, cmds []*cli.Command, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	argv := append([]string{"puzzlesat"}, args...)
	if cmds == nil {
		cmds = app.Commands(reg)
	}
	code = app.RunWith(context.Background(), reg, strings.NewReader(stdin), &out, &errb, argv, cmds)
	return code, out.String(), errb.String()
}

// Case is one run of the command line and what it must give: the exit
// code, and substrings of standard output and of standard error.
type Case struct {
	Name     string
	Stdin    string
	Args     []string
	Code     int
	Out, Err []string
}

// Test runs every case as a subtest.
func Test(t *testing.T, cases []Case) {
	t.Helper()
	TestWith(t, nil, cases)
}

// TestWith runs every case as a subtest with only the commands cmds (see
// RunWith).
func TestWith(t *testing.T, cmds []*cli.Command, cases []Case) {
	t.Helper()
	TestIn(t, kinds.Default(), cmds, cases)
}

// TestIn is TestWith of the kinds of reg (see RunIn).
func TestIn(t *testing.T, reg *kinds.Registry, cmds []*cli.Command, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			code, out, errs := RunIn(reg, cmds, tc.Stdin, tc.Args...)
			if code != tc.Code {
				t.Errorf("exit code: have %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.Code, out, errs)
			}
			for _, s := range tc.Out {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tc.Err {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr lacks %q:\n%s", s, errs)
				}
			}
		})
	}
}
