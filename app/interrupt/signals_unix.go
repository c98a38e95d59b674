//go:build unix

package interrupt

import (
	"os"
	"syscall"
)

// Signals are the signals that stop a run: Ctrl-C's, and SIGTERM.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// exitCode is the exit code of a process ended by sig, as a shell gives it.
func exitCode(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}
