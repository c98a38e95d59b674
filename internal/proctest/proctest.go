// Package proctest is for tests only: the processes tests start and watch,
// as Linux's /proc shows them (a process's parent, state and CPU time, its
// children, whether a thread of it still runs), read in one place because
// a process's line there is easy to misread (its name may hold spaces and
// parentheses). Where there is no /proc every process reads as gone. It
// imports nothing of ours, so that the tests of every layer may use it.
package proctest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Stat is what /proc/PID/stat says of a process, or of one of its threads.
type Stat struct {
	PID   int
	State string // R running, S sleeping, Z zombie, X dead, ...
	PPID  int
	// CPU is the user and system time the process has run (its live
	// threads', not its reaped children's).
	CPU time.Duration
	// ReapedCPU is the user and system time of the children it has
	// waited for (cutime, cstime): the work of short-lived solver
	// processes that CPU and Children no longer show.
	ReapedCPU time.Duration
}

// Read is the process pid's Stat; ok is false when it is gone (or there is
// no /proc).
func Read(pid int) (s Stat, ok bool) {
	return read(pid, fmt.Sprintf("/proc/%d/stat", pid))
}

func read(pid int, path string) (Stat, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Stat{}, false
	}
	// pid (comm) state ppid ... utime stime ...: comm may hold spaces and
	// parentheses, so the fields are counted from its last ')'.
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 15 {
		return Stat{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return Stat{}, false
	}
	utime, _ := strconv.Atoi(f[11])
	stime, _ := strconv.Atoi(f[12])
	cutime, _ := strconv.Atoi(f[13])
	cstime, _ := strconv.Atoi(f[14])
	const ticksPerSecond = 100 // USER_HZ, the unit of utime and stime
	tick := func(n int) time.Duration { return time.Duration(n) * time.Second / ticksPerSecond }
	return Stat{PID: pid, State: f[0], PPID: ppid, CPU: tick(utime + stime), ReapedCPU: tick(cutime + cstime)}, true
}

// Children are the processes whose parent is pid, as they are now.
func Children(pid int) []Stat {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []Stat
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if s, ok := Read(p); ok && s.PPID == pid {
			kids = append(kids, s)
		}
	}
	return kids
}

// Alive reports whether some thread of the process has not exited. (The
// process shows as a zombie once its first thread has, while the others
// may still hold its files; a zombie whose threads have all exited waits
// for its new parent to reap it.)
func Alive(pid int) bool {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return false
	}
	for _, task := range tasks {
		s, ok := read(pid, fmt.Sprintf("/proc/%d/task/%s/stat", pid, task.Name()))
		if ok && s.State != "Z" && s.State != "X" {
			return true
		}
	}
	return false
}
