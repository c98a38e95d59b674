//go:build unix

package servecmd

import (
	"os"
	"syscall"
)

// stopSignals drain the server.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}
