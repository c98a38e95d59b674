package gophersat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/puzzlesat/puzzlesat/sat/internal/tailbuf"
)

// Every gophersat solve runs in a worker: this same executable, started
// again with workerEnv set. The package's init sees the variable and serves
// requests on stdin/stdout instead of letting the program start, so any
// binary that links this package (a command, a test binary) can solve with
// gophersat. A worker runs one solve at a time, so gophersat's shared
// buffer is never used by two solves at once, and a solve that must stop is
// stopped by killing its worker.
//
// Consequence for programs: package init functions that run before this
// one also run in each worker. They must not print to stdout (the worker
// checks for its greeting and reports anything else as an error).
const (
	workerEnv   = "PUZZLESAT_GOPHERSAT_WORKER"
	workerValue = "1"
	// greeting starts every worker's output, so that stray output on stdout
	// gives a clear error rather than a garbled decode.
	greeting = "puzzlesat gophersat worker 2\n"
	// maxIdle bounds the idle workers kept for reuse.
	maxIdle = 4
)

func init() {
	if os.Getenv(workerEnv) == workerValue {
		os.Exit(serve(os.Stdin, os.Stdout))
	}
}

// serve is the worker's main loop: it answers requests until stdin ends.
func serve(r io.Reader, w io.Writer) int {
	go exitWithParent()
	// A worker stops when its parent says so (it kills a solve that must
	// stop) or dies. Ctrl-C, which a terminal sends to the worker too, and
	// SIGTERM, which systemd sends to every process of the service, are
	// the parent's to answer: a worker dead of one first would read as a
	// failed solve.
	signal.Ignore(os.Interrupt, syscall.SIGTERM)
	bw := bufio.NewWriter(w)
	if _, err := bw.WriteString(greeting); err != nil {
		return 1
	}
	if err := bw.Flush(); err != nil {
		return 1
	}
	br := bufio.NewReader(r)
	for {
		req, err := readRequest(br)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return 0
			}
			fmt.Fprintln(os.Stderr, "gophersat worker:", err)
			return 1
		}
		resp := solveRequest(req)
		if err := writeResponse(bw, &resp); err != nil {
			return 1
		}
	}
}

// exitWithParent ends the worker when its parent dies mid-solve (an idle
// worker already ends when its stdin closes).
func exitWithParent() {
	parent := os.Getppid()
	for range time.Tick(time.Second) {
		if os.Getppid() != parent {
			os.Exit(2)
		}
	}
}

// worker is the parent's handle on one worker process.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     *bufio.Writer
	out    *bufio.Reader
	stderr *tailbuf.Buffer
}

// idle holds workers between solves. It is process-wide on purpose: workers
// are a process resource, like the lock gophersat would otherwise need.
var idle struct {
	sync.Mutex
	workers []*worker
}

func getWorker() (w *worker, reused bool, err error) {
	idle.Lock()
	if n := len(idle.workers); n > 0 {
		w = idle.workers[n-1]
		idle.workers = idle.workers[:n-1]
	}
	idle.Unlock()
	if w != nil {
		return w, true, nil
	}
	w, err = startWorker()
	return w, false, err
}

func putWorker(w *worker) {
	idle.Lock()
	if len(idle.workers) < maxIdle {
		idle.workers = append(idle.workers, w)
		w = nil
	}
	idle.Unlock()
	if w != nil {
		w.close()
	}
}

func startWorker() (*worker, error) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		// No subprocesses: the browser build (cmd/puzzlesat-wasm) solves
		// with gini.
		return nil, errors.New("gophersat is not available in the browser build (its solves run in worker subprocesses): use gini")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("gophersat: cannot start a worker: %w", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), workerEnv+"="+workerValue)
	w := &worker{cmd: cmd, stderr: &tailbuf.Buffer{Max: 4096}}
	cmd.Stderr = w.stderr
	if w.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("gophersat: cannot start a worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("gophersat: cannot start a worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("gophersat: cannot start worker %s: %w", exe, err)
	}
	out := bufio.NewReader(stdout)
	hello := make([]byte, len(greeting))
	if _, err := io.ReadFull(out, hello); err != nil || string(hello) != greeting {
		w.kill()
		return nil, fmt.Errorf("gophersat: worker %s did not start (output %q, %v)%s", exe, hello, err, stderrNote(w.stderr))
	}
	w.in = bufio.NewWriter(w.stdin)
	w.out = out
	return w, nil
}

func (w *worker) roundTrip(req *request) (response, error) {
	if err := writeRequest(w.in, req); err != nil {
		return response{}, err
	}
	return readResponse(w.out)
}

// close ends an idle worker: it exits when its stdin ends.
func (w *worker) close() {
	w.stdin.Close()
	go w.cmd.Wait() // reap without making the caller wait
}

// kill ends a worker at once, whatever it is doing.
func (w *worker) kill() {
	w.cmd.Process.Kill()
	w.cmd.Wait()
}

// run sends req to a worker and waits for the answer or for ctx to end, in
// which case the worker is killed and run returns ctx.Err().
func run(ctx context.Context, req *request) (response, error) {
	for attempt := 0; ; attempt++ {
		w, reused, err := getWorker()
		if err != nil {
			return response{}, err
		}
		type result struct {
			resp response
			err  error
		}
		done := make(chan result, 1)
		go func() {
			resp, err := w.roundTrip(req)
			done <- result{resp, err}
		}()
		select {
		case <-ctx.Done():
			w.kill()
			<-done
			return response{}, ctx.Err()
		case r := <-done:
			if r.err != nil {
				w.kill()
				// An idle worker may have died meanwhile: try a fresh one once.
				if reused && attempt == 0 {
					continue
				}
				return response{}, fmt.Errorf("gophersat worker failed: %v%s", r.err, stderrNote(w.stderr))
			}
			putWorker(w)
			if r.resp.Err != "" {
				return response{}, errors.New(r.resp.Err)
			}
			return r.resp, nil
		}
	}
}

// stderrNote quotes a worker's stderr in an error, or is "" when the
// worker wrote none.
func stderrNote(stderr *tailbuf.Buffer) string {
	tail := stderr.String()
	if tail == "" {
		return ""
	}
	return "; worker stderr: " + tail
}
