//go:build !unix

package servecmd

import "os"

// stopSignals drain the server.
var stopSignals = []os.Signal{os.Interrupt}
