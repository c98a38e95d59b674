//go:build unix

package interrupt

import (
	"os"
	"syscall"
)

// Signals are the signals that stop a run: Ctrl-C's, and SIGTERM.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM}
