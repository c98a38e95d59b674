package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/puzzlesat/puzzlesat/sat"
)

// The units of the Go benchmark format output. One op is one check of a
// whole instance set, so every figure is the set's total. The size and
// effort units are deterministic: they are declared assume=exact, so that
// benchstat reports any change in them, and Compare gates on them.
const (
	UnitTime         = "ns/op"
	UnitVars         = "vars/op"
	UnitClauses      = "clauses/op"
	UnitConflicts    = "conflicts/op"
	UnitDecisions    = "decisions/op"
	UnitPropagations = "propagations/op"
)

// exactUnits are the deterministic units, in output order.
var exactUnits = []string{UnitVars, UnitClauses, UnitConflicts, UnitDecisions, UnitPropagations}

// Name is the result's benchmark name without the "Benchmark" prefix:
// the kind, then the set, encoding and back-end as sub-name keys, e.g.
// "Juosan/set=janko/enc=totalizer/solver=gini", so that benchstat can
// compare along any of them (benchstat -col /enc).
func (r Result) Name() string {
	return fmt.Sprintf("%s/set=%s/enc=%s/solver=%s", strings.ToUpper(r.Kind[:1])+r.Kind[1:],
		nameSafe(r.Set), nameSafe(r.Encoding), nameSafe(r.Solver))
}

// nameSafe keeps a name part on one benchmark line: no blanks, and no
// "/" (a sub-benchmark separator), as in "ext:/opt/kissat --sat".
func nameSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ' ' || r == '\t' {
			return '_'
		}
		return r
	}, s)
}

// WriteGo writes the report's sets in the Go benchmark format that
// benchstat reads: one line per set, encoding, back-end and repeat, with
// the time of the repeat and the set's sizes and effort (counters the
// back-end does not keep are left out).
func WriteGo(w io.Writer, rep *Report) error {
	bw := bufio.NewWriter(w)
	out := benchfmt.NewWriter(bw)
	for _, u := range slices.Concat(exactUnits, startupUnits) {
		for _, kv := range [][2]string{{"assume", "exact"}, {"better", "lower"}} {
			md := &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u, Key: kv[0]}, OrigUnit: u, Value: kv[1]}
			if err := out.Write(md); err != nil {
				return err
			}
		}
	}
	config := []benchfmt.Config{
		{Key: "goos", Value: []byte(runtime.GOOS), File: true},
		{Key: "goarch", Value: []byte(runtime.GOARCH), File: true},
		{Key: "pkg", Value: []byte("github.com/puzzlesat/puzzlesat/bench"), File: true},
	}
	if cpu := cpuName(); cpu != "" {
		config = append(config, benchfmt.Config{Key: "cpu", Value: []byte(cpu), File: true})
	}
	for _, r := range rep.Sets {
		for _, t := range r.Times {
			res := &benchfmt.Result{Config: config, Name: benchfmt.Name(r.Name()), Iters: 1}
			res.Values = append(res.Values, benchfmt.Value{Value: float64(t.Nanoseconds()), Unit: UnitTime})
			for _, u := range exactUnits {
				if v, ok := r.value(u); ok {
					res.Values = append(res.Values, benchfmt.Value{Value: v, Unit: u})
				}
			}
			if err := out.Write(res); err != nil {
				return err
			}
		}
	}
	for _, r := range rep.Startup {
		for _, t := range r.Times {
			res := &benchfmt.Result{Config: config, Name: benchfmt.Name(r.Name()), Iters: 1}
			res.Values = append(res.Values,
				benchfmt.Value{Value: float64(t.Nanoseconds()), Unit: UnitTime},
				benchfmt.Value{Value: float64(r.Inits), Unit: UnitInits},
				benchfmt.Value{Value: float64(r.InitAllocs), Unit: UnitInitAllocs},
				benchfmt.Value{Value: float64(r.InitBytes), Unit: UnitInitBytes})
			if err := out.Write(res); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// value is the result's figure in a deterministic unit, if it is counted.
func (r Result) value(unit string) (float64, bool) {
	var v int64
	switch unit {
	case UnitVars:
		v = r.Vars
	case UnitClauses:
		v = r.Clauses
	case UnitConflicts:
		v = r.Conflicts
	case UnitDecisions:
		v = r.Decisions
	case UnitPropagations:
		v = r.Propagations
	default:
		return 0, false
	}
	return float64(v), v != sat.NotCounted
}

// cpuName is the processor's model name, for the "cpu:" line go test
// writes too ("" where it cannot be read).
func cpuName() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// WriteJSON writes the report as one JSON object on one line: the run's
// parameters, the sets' results and every instance's.
func WriteJSON(w io.Writer, rep *Report) error {
	return json.NewEncoder(w).Encode(rep)
}

// WriteMarkdown writes the report as markdown tables: per set and
// encoding the size and, per back-end, the median time and the conflicts,
// both per instance; then, per set, the smallest encoding and each
// back-end's fastest and least conflicted one.
func WriteMarkdown(w io.Writer, rep *Report) error {
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "| kind | set | n | encoding | vars | clauses |")
	for _, s := range rep.Solvers {
		fmt.Fprintf(bw, " %s ms | %s conflicts |", s, s)
	}
	fmt.Fprint(bw, "\n|---|---|---:|---|---:|---:|")
	for range rep.Solvers {
		fmt.Fprint(bw, "---:|---:|")
	}
	fmt.Fprintln(bw)
	for _, g := range groups(rep) {
		for _, enc := range g.encodings {
			rs := g.by[enc]
			var size *Result
			for _, r := range rs {
				if r != nil {
					size = r
					break
				}
			}
			n := float64(size.N)
			fmt.Fprintf(bw, "| %s | %s | %d | %s | %.0f | %.0f |", g.kind, g.set, size.N, enc, float64(size.Vars)/n, float64(size.Clauses)/n)
			for _, r := range rs {
				if r == nil {
					fmt.Fprint(bw, " – | – |")
					continue
				}
				fmt.Fprintf(bw, " %s | %s |", fmtMS(r.MedianMS/n), perInstance(r.Conflicts, n))
			}
			fmt.Fprintln(bw)
		}
	}
	fmt.Fprint(bw, "\nPer set: the encoding with the fewest clauses, and per back-end the fastest (fewest conflicts).\n\n| kind | set | fewest clauses |")
	for _, s := range rep.Solvers {
		fmt.Fprintf(bw, " %s |", s)
	}
	fmt.Fprint(bw, "\n|---|---|---|")
	for range rep.Solvers {
		fmt.Fprint(bw, "---|")
	}
	fmt.Fprintln(bw)
	for _, g := range groups(rep) {
		small := g.best(func(r *Result) (float64, bool) { return float64(r.Clauses), true }, -1)
		fmt.Fprintf(bw, "| %s | %s | %s |", g.kind, g.set, small)
		for i := range rep.Solvers {
			fast := g.best(func(r *Result) (float64, bool) { return r.MedianMS, true }, i)
			few := g.best(func(r *Result) (float64, bool) { return float64(r.Conflicts), r.Conflicts != sat.NotCounted }, i)
			fmt.Fprintf(bw, " %s (%s) |", fast, few)
		}
		fmt.Fprintln(bw)
	}
	if len(rep.Startup) > 0 {
		fmt.Fprint(bw, "\nStart-up: whole runs of the puzzlesat binary, and its package initialisation.\n\n| command | median ms | inits | init allocs | init bytes |\n|---|---:|---:|---:|---:|\n")
		for _, r := range rep.Startup {
			fmt.Fprintf(bw, "| %s | %s | %d | %d | %d |\n", r.Case, fmtMS(r.MedianMS), r.Inits, r.InitAllocs, r.InitBytes)
		}
	}
	return bw.Flush()
}

// group is one set's results: by encoding, one entry per back-end of the
// report (nil where the encoding was not run on it).
type group struct {
	kind, set string
	encodings []string
	by        map[string][]*Result
}

func groups(rep *Report) []*group {
	var out []*group
	index := map[[2]string]*group{}
	for i := range rep.Sets {
		r := &rep.Sets[i]
		g := index[[2]string{r.Kind, r.Set}]
		if g == nil {
			g = &group{kind: r.Kind, set: r.Set, by: map[string][]*Result{}}
			index[[2]string{r.Kind, r.Set}] = g
			out = append(out, g)
		}
		if g.by[r.Encoding] == nil {
			g.encodings = append(g.encodings, r.Encoding)
			g.by[r.Encoding] = make([]*Result, len(rep.Solvers))
		}
		if j := slices.Index(rep.Solvers, r.Solver); j >= 0 {
			g.by[r.Encoding][j] = r
		}
	}
	return out
}

// best names the encodings with the least figure on back-end i (any
// back-end when i < 0), ties joined by "=", or "all alike".
func (g *group) best(figure func(*Result) (float64, bool), i int) string {
	var names []string
	lo := 0.0
	with := 0 // encodings with a figure
	for _, enc := range g.encodings {
		for j, r := range g.by[enc] {
			if r == nil || (i >= 0 && j != i) {
				continue
			}
			v, ok := figure(r)
			if !ok {
				continue
			}
			with++
			switch {
			case names == nil || v < lo:
				names, lo = []string{enc}, v
			case v == lo && !slices.Contains(names, enc):
				names = append(names, enc)
			}
			if i < 0 {
				break // sizes are the back-ends' alike but for native
			}
		}
	}
	switch {
	case names == nil:
		return "–"
	case len(names) > 1 && len(names) == with:
		return "all alike"
	}
	return strings.Join(names, "=")
}

func fmtMS(ms float64) string {
	switch {
	case ms >= 100:
		return fmt.Sprintf("%.0f", ms)
	case ms >= 10:
		return fmt.Sprintf("%.1f", ms)
	}
	return fmt.Sprintf("%.2f", ms)
}

func perInstance(v int64, n float64) string {
	if v == sat.NotCounted {
		return "–"
	}
	return fmt.Sprintf("%.1f", float64(v)/n)
}
