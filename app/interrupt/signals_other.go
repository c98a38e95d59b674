//go:build !unix

package interrupt

import "os"

// Signals are the signals that stop a run: Ctrl-C's (the only one every
// system delivers).
var Signals = []os.Signal{os.Interrupt}

// exitCode is the exit code of a process ended by sig: Ctrl-C's, as a
// shell gives it.
func exitCode(os.Signal) int { return 130 }
