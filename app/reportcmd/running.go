package reportcmd

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/puzzlesat/puzzlesat/report"
)

// running are the puzzles being worked on, and since when: what the
// progress line names the longest-running of, so that one slow puzzle
// in a long run says which it is.
type running struct {
	mu       sync.Mutex
	now      func() time.Time
	since    map[int]started
	finished int
}

type started struct {
	label string
	at    time.Time
}

func newRunning() *running {
	return &running{now: time.Now, since: map[int]started{}}
}

func (r *running) start(it report.Item) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.since[it.Index] = started{it.Label(), r.now()}
}

func (r *running) done(index int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.since, index)
	r.finished++
}

// longest says the n puzzles running longest, longest first, each with
// how long so far: "a.txt#3 (2m5s), b.txt (40s)"; "" when none runs.
func (r *running) longest(n int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	list := make([]started, 0, len(r.since))
	for _, s := range r.since {
		list = append(list, s)
	}
	slices.SortFunc(list, func(a, b started) int { return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.label, b.label)) })
	var parts []string
	for _, s := range list[:min(n, len(list))] {
		parts = append(parts, fmt.Sprintf("%s (%s)", s.label, now.Sub(s.at).Truncate(time.Second)))
	}
	return strings.Join(parts, ", ")
}

// line is the batch progress line: how many of total are done and the
// puzzles running longest.
func (r *running) line(total int) string {
	r.mu.Lock()
	n := r.finished
	r.mu.Unlock()
	s := fmt.Sprintf("report: %d of %d puzzles done", n, total)
	if l := r.longest(longestShown); l != "" {
		s += "; running longest: " + l
	}
	return s
}

// longestShown is how many of the longest-running puzzles the progress
// line names.
const longestShown = 3

// Every how often the progress line is redrawn on a terminal, and said
// on stderr when it is no terminal (a batch job's log).
const (
	terminalEvery = time.Second
	batchEvery    = time.Minute
)

// watch keeps the progress line saying which puzzles run longest until
// the function it returns is called: the bar's description on a terminal,
// else a line on w once a minute.
func watch(w io.Writer, bar *progressbar.ProgressBar, r *running, total int) (stop func()) {
	every := batchEvery
	if bar != nil {
		every = terminalEvery
	}
	quit, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if bar != nil {
					desc := "report"
					if l := r.longest(1); l != "" {
						desc += " (longest: " + l + ")"
					}
					bar.Describe(desc)
				} else {
					fmt.Fprintln(w, r.line(total))
				}
			}
		}
	}()
	return sync.OnceFunc(func() {
		close(quit)
		<-ended
	})
}
