package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/internal/webtest"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat/gini"
	"github.com/puzzlesat/puzzlesat/serve"
)

var (
	serveLoad     = flag.Bool("serve-load", false, "run TestServeLoad: the playground's API under load on loopback")
	serveLoadTime = flag.Duration("serve-load-time", time.Second, "TestServeLoad: how long each endpoint runs at each concurrency")
	serveLoadMax  = flag.Int("serve-load-max", 5000, "TestServeLoad: most requests each endpoint sends at each concurrency")
)

// loadCase is one endpoint and the request it is sent.
type loadCase struct {
	name, method, path string
	body               any
}

// TestServeLoad starts the playground's server in this process on
// 127.0.0.1 (loopback only: no traffic leaves the machine) and sends every
// endpoint requests from 1, 4, 16, 64 and 128 clients at once, each run
// bounded by -serve-load-time and -serve-load-max requests, then reports
// requests per second, p50 and p99 latency, the answers that were not 200
// and the peak RSS of the process (VmHWM of /proc/self/status, reset
// before each run where the kernel lets clear_refs do it; client and
// server share the process). Run:
//
//	go test ./bench -run TestServeLoad -serve-load -v -timeout 30m
func TestServeLoad(t *testing.T) {
	if !*serveLoad {
		t.Skip("run with -serve-load")
	}
	s, err := serve.New(serve.Options{Kinds: kinds.Default(), Solver: gini.NewSolver, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := webtest.Serving(t, s)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	base := "http://" + addr
	many, err := os.ReadFile(testcorpus.Path("linjat", "puzzles.json"))
	if err != nil {
		t.Fatal(err)
	}
	swap, err := os.ReadFile(testcorpus.Path("shift", "swap.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ex := map[string]any{"example": "juosan-6x6_1"}
	cases := []loadCase{
		{"kinds", http.MethodGet, "/api/kinds", nil},
		{"examples", http.MethodGet, "/api/examples", nil},
		{"parse", http.MethodPost, "/api/parse", ex},
		{"parse-103", http.MethodPost, "/api/parse", map[string]any{"text": string(many)}},
		{"verify", http.MethodPost, "/api/verify", ex},
		{"hint", http.MethodPost, "/api/hint", ex},
		{"solve", http.MethodPost, "/api/solve", ex},
		{"check", http.MethodPost, "/api/check", ex},
		{"grade", http.MethodPost, "/api/grade", ex},
		{"generate", http.MethodPost, "/api/generate", map[string]any{"kind": "juosan", "rows": 4, "cols": 4, "difficulty": "any", "seed": 1}},
		{"moves/parse", http.MethodPost, "/api/moves/parse", map[string]any{"builtin": "reborn"}},
		{"moves/apply", http.MethodPost, "/api/moves/apply", map[string]any{"builtin": "reborn", "moves": []string{}}},
		{"moves/solve", http.MethodPost, "/api/moves/solve", map[string]any{"text": string(swap)}},
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 128, Proxy: nil}}
	fmt.Printf("%-12s %5s %8s %9s %9s %7s %9s\n", "endpoint", "conc", "req/s", "p50 ms", "p99 ms", "non-200", "VmHWM MB")
	for _, tc := range cases {
		var body []byte
		if tc.body != nil {
			if body, err = json.Marshal(tc.body); err != nil {
				t.Fatal(err)
			}
		}
		for _, conc := range []int{1, 4, 16, 64, 128} {
			resetPeakRSS()
			r := loadRun(client, base, tc, body, conc, *serveLoadTime, *serveLoadMax)
			if r.failed != nil {
				t.Fatalf("%s at %d: %v", tc.name, conc, r.failed)
			}
			fmt.Printf("%-12s %5d %8.0f %9.1f %9.1f %7d %9.0f\n", tc.name, conc, r.rps, r.p50, r.p99, r.non200, peakRSSMB())
		}
	}
}

type loadResult struct {
	rps, p50, p99 float64
	non200        int
	failed        error
}

// loadRun sends tc from conc clients until d has passed or max requests
// have been sent, and waits for the answers.
func loadRun(client *http.Client, base string, tc loadCase, body []byte, conc int, d time.Duration, max int) loadResult {
	var sent atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var non200 int
	var failed error
	stop := time.Now().Add(d)
	t0 := time.Now()
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) && sent.Add(1) <= int64(max) {
				req, err := http.NewRequest(tc.method, base+tc.path, bytes.NewReader(body))
				if err != nil {
					panic(err)
				}
				if body != nil {
					req.Header.Set("Content-Type", "application/json")
				}
				t1 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				el := time.Since(t1)
				mu.Lock()
				lat = append(lat, el)
				if resp.StatusCode != http.StatusOK {
					non200++
					if !json.Valid(data) {
						failed = fmt.Errorf("%d answered without JSON: %s", resp.StatusCode, data)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	wall := time.Since(t0)
	slices.Sort(lat)
	ms := func(q float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
	}
	return loadResult{rps: float64(len(lat)) / wall.Seconds(), p50: ms(0.50), p99: ms(0.99), non200: non200, failed: failed}
}

// resetPeakRSS resets VmHWM to the current RSS (Linux 4.0 on; a no-op
// where clear_refs cannot be written).
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSSMB is VmHWM of /proc/self/status in MB (0 where there is none).
func peakRSSMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(rest), "%f", &kb)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkCheckBesideQuietConns is the latency of one /api/check of the
// bundled example juosan-6x6_1, on a connection of its own as curl would
// send it, beside 1000 connections that do nothing, all from 127.0.0.1
// as the checking client: idle after a request, silent since they opened,
// or stopped midway through their headers. The server runs with its
// default limits (256 connections), so that each check's connection must
// make a quiet one give way: before each, one more quiet connection fills
// the place the last check freed (untimed).
func BenchmarkCheckBesideQuietConns(b *testing.B) {
	const quiet = 1000
	webtest.FileLimit(b, 2*quiet+512)
	for _, tc := range []struct{ name, open string }{
		{"idle", "GET /api/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
		{"silent", ""},
		{"half-sent-headers", "GET /api/kinds HTTP/1.1\r\nHo"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := serve.New(serve.Options{Kinds: kinds.Default(), Solver: gini.NewSolver})
			if err != nil {
				b.Fatal(err)
			}
			addr, stop := webtest.Serving(b, s)
			defer stop()
			var held []net.Conn
			defer func() {
				for _, c := range held {
					c.Close()
				}
			}()
			openQuiet := func() {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					b.Fatal(err)
				}
				held = append(held, c)
				io.WriteString(c, tc.open)
				if tc.open != "" && tc.name == "idle" {
					c.SetReadDeadline(time.Now().Add(time.Minute))
					if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
				}
			}
			for range quiet {
				openQuiet()
			}
			client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true, Proxy: nil}}
			body := []byte(`{"example": "juosan-6x6_1"}`)
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				openQuiet()
				b.StartTimer()
				resp, err := client.Post("http://"+addr+"/api/check", "application/json", bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				var ans struct {
					Status string `json:"status"`
				}
				err = json.NewDecoder(resp.Body).Decode(&ans)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK || ans.Status != "unique" {
					b.Fatalf("have %d %q (%v), want 200 unique", resp.StatusCode, ans.Status, err)
				}
			}
		})
	}
}
