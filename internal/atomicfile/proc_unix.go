//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// alive reports whether process pid runs on this machine: signal 0 finds
// it (EPERM: it runs under another user).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// isUnsupported reports whether err says a folder cannot be synced.
func isUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
