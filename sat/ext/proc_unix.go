//go:build unix

package ext

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the binary in a process group of its own and makes
// cancellation kill the whole group, so wrapper scripts and their children
// die too.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
