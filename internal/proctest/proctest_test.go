package proctest_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/proctest"
)

// TestChildAliveThenGone: a child started is among Children with this
// process its parent, and Alive, until it is killed and reaped.
func TestChildAliveThenGone(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	me, ok := proctest.Read(os.Getpid())
	if !ok || me.PPID != os.Getppid() || me.State == "Z" {
		t.Fatalf("this process reads as %+v, %v; want parent %d", me, ok, os.Getppid())
	}
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	pid := cmd.Process.Pid
	var found bool
	for _, kid := range proctest.Children(os.Getpid()) {
		found = found || kid.PID == pid && kid.PPID == os.Getpid()
	}
	if !found || !proctest.Alive(pid) {
		t.Errorf("child %d: among the children %v, alive %v; want both", pid, found, proctest.Alive(pid))
	}
	cmd.Process.Kill()
	cmd.Wait()
	if proctest.Alive(pid) {
		t.Errorf("child %d alive once reaped", pid)
	}
}

// TestReapedCPU: a child's CPU time, once it has been waited for, counts
// in the parent's ReapedCPU (and no longer among Children).
func TestReapedCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	before, _ := proctest.Read(os.Getpid())
	// A busy child of at least a few clock ticks (10 ms each).
	cmd := exec.Command("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	used := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	after, _ := proctest.Read(os.Getpid())
	if got := after.ReapedCPU - before.ReapedCPU; used >= 20*time.Millisecond && got <= 0 {
		t.Errorf("ReapedCPU grew by %v after a child of %v CPU was reaped", got, used)
	}
}
