//go:build unix

package extcmd

import (
	"os"
	"syscall"
)

// Forwarded are the signals Run passes on to the binary, as they come:
// what stops a process (kill, Ctrl-C, a closed terminal, Ctrl-\). Under
// systemd, Docker or Kubernetes SIGTERM is how a process is stopped, and
// the binary must hear it, not be left running under PID 1.
var Forwarded = []os.Signal{syscall.SIGTERM, os.Interrupt, syscall.SIGHUP, syscall.SIGQUIT}

// signalOf is the signal that killed a process, if one did.
func signalOf(ps *os.ProcessState) (int, bool) {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return int(ws.Signal()), true
	}
	return 0, false
}
