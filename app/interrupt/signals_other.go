//go:build !unix

package interrupt

import "os"

// Signals are the signals that stop a run: Ctrl-C's (the only one every
// system delivers).
var Signals = []os.Signal{os.Interrupt}
