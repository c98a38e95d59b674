//go:build !unix

package extcmd

import (
	"os"
	"syscall"
)

// Forwarded are the signals Run passes on to the binary (those this
// system has of the Unix list).
var Forwarded = []os.Signal{syscall.SIGTERM, os.Interrupt}

// signalOf: no process dies by a signal here.
func signalOf(*os.ProcessState) (int, bool) { return 0, false }
