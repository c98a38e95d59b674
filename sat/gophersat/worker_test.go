package gophersat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
)

// TestDeadIdleWorker: a worker that died while idle (killed from outside)
// is replaced without the caller noticing.
func TestDeadIdleWorker(t *testing.T) {
	w, err := startWorker()
	if err != nil {
		t.Fatal(err)
	}
	w.cmd.Process.Kill()
	w.cmd.Wait()
	putWorker(w)
	s := New()
	s.AddClause(1, 2)
	s.AddClause(-1)
	if st, err := s.Solve(context.Background()); err != nil || st != sat.Sat {
		t.Fatalf("Solve() with a dead idle worker = %v, %v; want Sat", st, err)
	}
	if m := s.Model(); m[1] || !m[2] {
		t.Fatalf("model x1=%v x2=%v, want false true", m[1], m[2])
	}
}

func TestNormalizeClause(t *testing.T) {
	tests := []struct {
		in   []int
		want []int
		taut bool
	}{
		{[]int{1, 2, 1}, []int{1, 2}, false},
		{[]int{1, -2, 2}, nil, true},
		{[]int{-3}, []int{-3}, false},
	}
	for _, tc := range tests {
		have, taut := normalizeClause(tc.in)
		if taut != tc.taut || len(have) != len(tc.want) {
			t.Fatalf("normalizeClause(%v) = %v, %v; want %v, %v", tc.in, have, taut, tc.want, tc.taut)
		}
		for i := range have {
			if have[i] != tc.want[i] {
				t.Fatalf("normalizeClause(%v) = %v, want %v", tc.in, have, tc.want)
			}
		}
	}
}

func TestParseCertLine(t *testing.T) {
	tests := []struct {
		line string
		want []int
		bad  bool
	}{
		{"1 -2 0", []int{1, -2}, false},
		{"0", []int{}, false},
		{"1 2", nil, true},
		{"x 0", nil, true},
	}
	for _, tc := range tests {
		have, err := parseCertLine(tc.line)
		if (err != nil) != tc.bad || len(have) != len(tc.want) {
			t.Fatalf("parseCertLine(%q) = %v, %v; want %v (error %v)", tc.line, have, err, tc.want, tc.bad)
		}
	}
}

// The worker protocol carries every field across, empty ones included, and
// a message cut short is an error, not a zero value.
func TestWireRoundTrip(t *testing.T) {
	reqs := []request{
		{},
		{Vars: 3, Clauses: [][]int{{1, -2}, nil, {3}}, Units: []int{-1}, Cards: []Card{{Lits: []int{1, 2, 3}, AtLeast: 2}}, Certify: true},
		{Vars: 1 << 20, Clauses: [][]int{{-(1 << 20), 1 << 20}}},
	}
	for i, req := range reqs {
		var buf bytes.Buffer
		if err := writeRequest(bufio.NewWriter(&buf), &req); err != nil {
			t.Fatal(err)
		}
		whole := buf.Bytes()
		have, err := readRequest(bufio.NewReader(bytes.NewReader(whole)))
		if err != nil || !reflect.DeepEqual(*have, req) {
			t.Errorf("request %d: have %+v, %v; want %+v", i, have, err, req)
		}
		if len(whole) > 1 {
			if _, err := readRequest(bufio.NewReader(bytes.NewReader(whole[:len(whole)-1]))); !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("request %d cut short: have %v, want io.ErrUnexpectedEOF", i, err)
			}
		}
	}
	resps := []response{
		{},
		{Status: 10, Model: []bool{false, true, false, true}, Stats: sat.Stats{Conflicts: 7, Decisions: 1 << 40, Propagations: sat.NotCounted}},
		{Status: 20, Cert: [][]int{{1, 2}, nil}, Err: "gophersat panicked: ünïcode"},
	}
	for i, resp := range resps {
		var buf bytes.Buffer
		if err := writeResponse(bufio.NewWriter(&buf), &resp); err != nil {
			t.Fatal(err)
		}
		have, err := readResponse(bufio.NewReader(&buf))
		if err != nil || !reflect.DeepEqual(have, resp) {
			t.Errorf("response %d: have %+v, %v; want %+v", i, have, err, resp)
		}
	}
}
