//go:build !linux

package extcmd

import "syscall"

// sysProcAttr: only Linux has a parent-death signal; elsewhere the
// signals Run forwards are all the binary hears of puzzlesat's end.
func sysProcAttr() *syscall.SysProcAttr { return nil }
