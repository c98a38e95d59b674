//go:build acceptance

package serve

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/answer"
)

// TestAcceptanceShiftSolveReborn: by default the playground proves a
// shortest solution as shift solve does (auto: the exact search beside
// SAT), so the bundled Reborn example is answered within the default
// request limit (SAT alone took over a minute). The limit is a wall-clock
// one, which a busy machine would miss: the request runs under a limit that
// only catches a hang, and the work it took, the process's CPU time, must
// fit the default limit on each of the machine's cores.
func TestAcceptanceShiftSolveReborn(t *testing.T) {
	_, ts := newTestServer(t, Options{Timeout: 30 * time.Minute})
	var res answer.ShortestRecord
	before := cpuTime(t)
	post(t, ts, "/api/moves/solve", map[string]any{"builtin": "reborn"}, &res)
	cpu := cpuTime(t) - before
	if res.Status != "optimal" || len(res.Moves) != 11 || res.Proof == "" {
		t.Errorf("reborn: have %s in %d moves proven by %q, want optimal in 11", res.Status, len(res.Moves), res.Proof)
	}
	budget := DefaultTimeout * time.Duration(runtime.NumCPU())
	t.Logf("reborn: %v of CPU", cpu.Round(time.Millisecond))
	if cpu > budget {
		t.Errorf("reborn took %v of CPU, more than the default request limit (%v) on each of %d cores", cpu.Round(time.Millisecond), DefaultTimeout, runtime.NumCPU())
	}
}

// cpuTime is the CPU time (user plus system) this process has used.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
