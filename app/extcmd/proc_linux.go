//go:build linux

package extcmd

import "syscall"

// sysProcAttr has the kernel send the binary SIGTERM when puzzlesat dies,
// however it dies (SIGKILL, the OOM killer): nothing is left running
// under PID 1.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
