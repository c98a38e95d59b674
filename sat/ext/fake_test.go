//go:build unix

package ext_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/ext"
)

// fake writes an executable shell script called name and returns its path.
func fake(t *testing.T, name, script string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFakeBinaries checks how answers, exit codes and misbehaviour map to
// statuses and errors. The formula is {1 ∨ 2}, {¬1}.
func TestFakeBinaries(t *testing.T) {
	tests := []struct {
		name, binary, script string
		want                 sat.Status
		wantErr              string // substring; "" means no error
		wantModel            []bool
	}{
		{"competition sat", "fakesat", "echo 'c hi'; echo 's SATISFIABLE'; echo 'v -1'; echo 'v 2 0'; exit 10",
			sat.Sat, "", []bool{false, false, true}},
		{"model without exit code", "fakesat", "printf 's SATISFIABLE\\nv -1 2 0\\n'",
			sat.Sat, "", []bool{false, false, true}},
		{"unsat by status line", "fakesat", "echo 's UNSATISFIABLE'; exit 20", sat.Unsat, "", nil},
		{"unsat by exit code only", "fakesat", "exit 20", sat.Unsat, "", nil},
		{"sat exit code without model", "fakesat", "exit 10", sat.Unknown, "without a model", nil},
		{"wrong model", "fakesat", "echo 's SATISFIABLE'; echo 'v 1 2 0'; exit 10", sat.Unknown, "falsifies clause 2", nil},
		{"model beyond the variables", "fakesat", "echo 's SATISFIABLE'; echo 'v -1 2 3 0'; exit 10", sat.Unknown, "beyond the 2 variables", nil},
		{"garbage model", "fakesat", "echo 's SATISFIABLE'; echo 'v -1 two 0'; exit 10", sat.Unknown, "bad model literal", nil},
		{"status contradicts exit code", "fakesat", "echo 's UNSATISFIABLE'; exit 10", sat.Unknown, "contradicts exit code 10", nil},
		{"unknown", "fakesat", "echo 's UNKNOWN'; exit 0", sat.Unknown, "answered UNKNOWN", nil},
		{"crash", "fakesat", "echo 'out of memory' >&2; exit 1", sat.Unknown, "no answer (exit code 1): out of memory", nil},
		{"killed by a signal", "fakesat", "kill -9 $$", sat.Unknown, "exit code -1", nil},
		{"minisat result file", "minisat-fake", "cat \"$1\" > /dev/null; printf 'SAT\\n-1 2 0\\n' > \"$2\"; exit 10",
			sat.Sat, "", []bool{false, false, true}},
		{"minisat unsat", "minisat-fake", "echo UNSAT > \"$2\"; exit 20", sat.Unsat, "", nil},
		{"minisat empty result", "glucose", "exit 0", sat.Unknown, "empty result file", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ext.New(fake(t, tt.binary, tt.script))
			if err != nil {
				t.Fatal(err)
			}
			s.AddClause(1, 2)
			s.AddClause(-1)
			st, err := s.Solve(context.Background())
			if st != tt.want {
				t.Errorf("have status %v, want %v (error %v)", st, tt.want, err)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("have error %v, want none", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("have error %v, want one containing %q", err, tt.wantErr)
			}
			if m := s.Model(); !slices.Equal(m, tt.wantModel) {
				t.Errorf("have model %v, want %v", m, tt.wantModel)
			}
		})
	}
}

// TestInputFile checks the DIMACS the binary is given: the clauses and
// then the assumptions as units.
func TestInputFile(t *testing.T) {
	dump := filepath.Join(t.TempDir(), "input.cnf")
	s, err := ext.New(fake(t, "fakesat", "cat \"$1\" > "+dump+"; exit 20"))
	if err != nil {
		t.Fatal(err)
	}
	s.AddClause(1, -2)
	s.AddClause(3)
	if st, err := s.Solve(context.Background(), -4, 2); st != sat.Unsat || err != nil {
		t.Fatalf("have %v, %v; want UNSATISFIABLE", st, err)
	}
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	want := "p cnf 4 4\n1 -2 0\n3 0\n-4 0\n2 0\n"
	if string(data) != want {
		t.Errorf("have input\n%s\nwant\n%s", data, want)
	}
}

// TestOptions: words after the binary are passed to it before the input
// file, and the solver's name keeps them.
func TestOptions(t *testing.T) {
	dump := filepath.Join(t.TempDir(), "args.txt")
	bin := fake(t, "fakesat", "echo \"$@\" > "+dump+"; exit 20")
	s, err := ext.New(bin + "  --sat   -q")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Name(), "ext:"+bin+" --sat -q"; got != want {
		t.Errorf("have name %q, want %q", got, want)
	}
	if st, err := s.Solve(context.Background()); st != sat.Unsat || err != nil {
		t.Fatalf("have %v, %v; want UNSATISFIABLE", st, err)
	}
	data, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	args := strings.Fields(string(data))
	if len(args) != 3 || args[0] != "--sat" || args[1] != "-q" || !strings.HasSuffix(args[2], ".cnf") {
		t.Errorf("have arguments %q, want --sat -q FILE.cnf", args)
	}
}

// TestCancelKillsProcessGroup runs a "solver" whose child never ends: the
// timeout must end Solve promptly and kill the child too. A deadline that
// comes before the shell has started its child (a busy machine) tests
// nothing: the run is repeated with a longer one.
func TestCancelKillsProcessGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	s, err := ext.New(fake(t, "hangsat", "sleep 300 & echo $! > "+pidFile+"; wait"))
	if err != nil {
		t.Fatal(err)
	}
	s.AddClause(1)
	var data []byte
	for timeout := 300 * time.Millisecond; ; timeout *= 4 {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		done := make(chan struct{})
		var st sat.Status
		go func() {
			st, err = s.Solve(ctx)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(timeout + time.Minute):
			t.Fatalf("Solve did not return a minute after its context ended (a hang)")
		}
		cancel()
		if st != sat.Unknown || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("have %v, %v; want UNKNOWN, context.DeadlineExceeded", st, err)
		}
		data, err = os.ReadFile(pidFile)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		if len(bytes.TrimSpace(data)) > 0 {
			break
		}
		if timeout > time.Minute {
			t.Fatalf("the fake solver's shell never started its child within %v", timeout)
		}
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The child is killed, not merely orphaned; it is reaped at once, and
	// the minute allowed only catches a hang.
	deadline := time.Now().Add(time.Minute)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("child %d still running after Solve was cancelled", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether pid runs (a zombie awaiting its reaper counts as dead).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: trust kill(0)
	}
	fs := strings.Fields(string(data))
	return len(fs) < 3 || fs[2] != "Z"
}

// TestStatsFromOutput: the effort counters are read from the statistics a
// binary prints, in cadical's and minisat's layouts, summed over solves;
// a counter cadical leaves out (it stayed 0) is 0, and a binary that
// prints none reports none.
func TestStatsFromOutput(t *testing.T) {
	const cadical = `echo 'c ---- [ statistics ] ----'
echo 'c conflicts:                    94    197894.74    per second'
echo 'c decisions:                   108    227368.42    per second'
echo 'c propagations:               1731         3.64 M  per second'
echo 's UNSATISFIABLE'; exit 20`
	tests := []struct {
		name, binary, script string
		want                 sat.Stats
	}{
		{"cadical", "fakesat", cadical, sat.Stats{Conflicts: 188, Decisions: 216, Propagations: 3462}},
		{"cadical lucky", "fakesat", "echo 'c propagations:                  0         0.00 M  per second'; echo 's UNSATISFIABLE'; exit 20",
			sat.Stats{}},
		{"minisat", "minisat-fake", `echo 'conflicts             : 25             (9068 /sec)'
echo 'decisions             : 44             (0.00 % random) (15959 /sec)'
echo 'propagations          : 432            (156692 /sec)'
echo UNSAT > "$2"; exit 20`, sat.Stats{Conflicts: 50, Decisions: 88, Propagations: 864}},
		{"no statistics", "fakesat", "echo 'c conflicts are fun'; exit 20", sat.Uncounted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ext.New(fake(t, tt.binary, tt.script))
			if err != nil {
				t.Fatal(err)
			}
			if have := s.(sat.Statser).Stats(); have != sat.Uncounted {
				t.Errorf("before any solve: have %+v, want Uncounted", have)
			}
			s.AddClause(1)
			for range 2 {
				if st, err := s.Solve(context.Background()); st != sat.Unsat || err != nil {
					t.Fatalf("have %v, %v; want UNSATISFIABLE", st, err)
				}
			}
			if have := s.(sat.Statser).Stats(); have != tt.want {
				t.Errorf("after two solves: have %+v, want %+v", have, tt.want)
			}
		})
	}
}
