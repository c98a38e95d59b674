//go:build !unix

package atomicfile

// alive cannot ask the system here: every process is taken to run, so
// that Clean removes only temporary files older than StaleAfter.
func alive(int) bool { return true }

// isUnsupported: folders cannot be synced on these systems.
func isUnsupported(error) bool { return true }
