package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchunit"
)

// Verdicts of a compared metric.
const (
	Same        = "same"        // a deterministic figure within the tolerance
	Regression  = "REGRESSION"  // a deterministic figure grew beyond the tolerance: gated
	Improvement = "improvement" // a deterministic figure shrank beyond the tolerance
	Faster      = "faster"      // a time, significantly lower (reported, never gated)
	Slower      = "slower"      // a time, significantly higher (reported, never gated)
	NoChange    = "~"           // a time without a significant difference
	OnlyOld     = "only in old" // a benchmark or unit the new file lacks
	OnlyNew     = "only in new" // one the old file lacks
)

// CompareOptions set the gate.
type CompareOptions struct {
	// SizeTolerance is the relative growth of an encoding's size
	// (vars/op, clauses/op) that still passes: 0 makes any growth a
	// regression.
	SizeTolerance float64 `json:"size_tolerance"`
	// Tolerance is the relative growth of any other deterministic unit
	// (the search counters conflicts/op, decisions/op, propagations/op,
	// and any unit a file declares assume=exact) that still passes.
	Tolerance float64 `json:"tolerance"`
	// Alpha is the significance level of the time comparison (0: 0.05,
	// benchstat's).
	Alpha float64 `json:"alpha"`
}

// DefaultCompareOptions is the gate `bench compare` applies unless told
// otherwise: sizes must not grow at all; a search counter may grow by 5%
// of the set's total before it fails. Sizes are exact facts of the
// encoder. Search counters are deterministic too, but any change to the
// clauses or their order sends the search elsewhere, and a set's total
// then moves by a few percent either way; 5% lets such harmless changes
// pass while a real loss of propagation strength (which costs far more)
// fails.
var DefaultCompareOptions = CompareOptions{SizeTolerance: 0, Tolerance: 0.05, Alpha: 0.05}

// Row is one benchmark's one metric compared.
type Row struct {
	Bench string `json:"bench"`
	Unit  string `json:"unit"`
	// Old and New are the centers: the value of a deterministic unit,
	// the median of a time's repeats.
	Old float64 `json:"old"`
	New float64 `json:"new"`
	// Change is New/Old - 1 (NaN when either side is missing or Old is 0
	// and New is not; null in JSON).
	Change  float64 `json:"-"`
	Verdict string  `json:"verdict"`
	// Gated: the unit is deterministic, so a regression fails the
	// comparison.
	Gated bool `json:"gated"`
	// Tolerance is the gate's for this unit.
	Tolerance float64 `json:"tolerance"`
	// P, N1 and N2 are the time comparison's p-value and sample sizes.
	P  float64 `json:"p,omitempty"`
	N1 int     `json:"n1,omitempty"`
	N2 int     `json:"n2,omitempty"`
	// Note says more: "varied" when a deterministic unit's repeats
	// differ, benchmath's warnings for a time.
	Note string `json:"note,omitempty"`
}

// MarshalJSON writes Change as a number, or null when it is NaN (which
// JSON cannot hold).
func (r Row) MarshalJSON() ([]byte, error) {
	type plain Row
	out := struct {
		plain
		Change *float64 `json:"change"`
	}{plain: plain(r)}
	if !math.IsNaN(r.Change) {
		out.Change = &r.Change
	}
	return json.Marshal(out)
}

// Comparison is the outcome of Compare.
type Comparison struct {
	Rows        []Row          `json:"rows"`
	Regressions int            `json:"regressions"`
	Options     CompareOptions `json:"options"`
	// Warnings are about the files as a whole (different goarch).
	Warnings []string `json:"warnings,omitempty"`
}

// Failed reports whether a gated unit regressed.
func (c *Comparison) Failed() bool { return c.Regressions > 0 }

// sample is what one file says about one benchmark.
type sample struct {
	values map[string][]float64 // by tidied unit
	units  []string             // in first-seen order
}

// parsed is one benchmark file.
type parsed struct {
	names   []string // benchmark names in first-seen order
	samples map[string]*sample
	exact   map[string]bool // units declared assume=exact
	goarch  string
}

// parse reads a file in the Go benchmark format with benchfmt.
func parse(r io.Reader, file string) (*parsed, error) {
	p := &parsed{samples: map[string]*sample{}, exact: map[string]bool{}}
	rd := benchfmt.NewReader(r, file)
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.UnitMetadata:
			if rec.Key == "assume" && rec.Value == "exact" {
				p.exact[rec.Unit] = true
			}
		case *benchfmt.Result:
			if p.goarch == "" {
				p.goarch = rec.GetConfig("goarch")
			}
			name := string(rec.Name.Full())
			s := p.samples[name]
			if s == nil {
				s = &sample{values: map[string][]float64{}}
				p.samples[name] = s
				p.names = append(p.names, name)
			}
			for _, v := range rec.Values {
				if _, ok := s.values[v.Unit]; !ok {
					s.units = append(s.units, v.Unit)
				}
				s.values[v.Unit] = append(s.values[v.Unit], v.Value)
			}
		}
	}
	if err := rd.Err(); err != nil {
		return nil, err
	}
	if len(p.names) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", file)
	}
	return p, nil
}

// Compare reads two files in the Go benchmark format, old and new, and
// compares every benchmark's every unit: deterministic units (declared
// assume=exact, as bench's sizes and counters are) by their value against
// the tolerances, times by benchmath's test that makes no assumption on
// their distribution (Mann-Whitney U, as benchstat), never gated.
// Benchmarks or units on one side only are listed and not gated.
func Compare(old io.Reader, oldName string, new io.Reader, newName string, opt CompareOptions) (*Comparison, error) {
	if opt.Alpha <= 0 {
		opt.Alpha = 0.05
	}
	a, err := parse(old, oldName)
	if err != nil {
		return nil, err
	}
	b, err := parse(new, newName)
	if err != nil {
		return nil, err
	}
	c := &Comparison{Options: opt}
	if a.goarch != b.goarch {
		c.Warnings = append(c.Warnings, fmt.Sprintf("goarch %q against %q: search counters may differ between architectures", a.goarch, b.goarch))
	}
	names := slices.Clone(a.names)
	for _, n := range b.names {
		if a.samples[n] == nil {
			names = append(names, n)
		}
	}
	for _, name := range names {
		sa, sb := a.samples[name], b.samples[name]
		switch {
		case sa == nil:
			c.Rows = append(c.Rows, Row{Bench: name, Verdict: OnlyNew, Change: math.NaN()})
			continue
		case sb == nil:
			c.Rows = append(c.Rows, Row{Bench: name, Verdict: OnlyOld, Change: math.NaN()})
			continue
		}
		units := slices.Clone(sa.units)
		for _, u := range sb.units {
			if !slices.Contains(units, u) {
				units = append(units, u)
			}
		}
		for _, unit := range units {
			row := compareUnit(name, unit, sa.values[unit], sb.values[unit], a.exact[unit] || b.exact[unit], opt)
			if row.Verdict == Regression {
				c.Regressions++
			}
			c.Rows = append(c.Rows, row)
		}
	}
	return c, nil
}

func compareUnit(name, unit string, xs, ys []float64, exact bool, opt CompareOptions) Row {
	row := Row{Bench: name, Unit: unit, Change: math.NaN()}
	switch {
	case len(xs) == 0:
		row.Verdict = OnlyNew
		return row
	case len(ys) == 0:
		row.Verdict = OnlyOld
		return row
	}
	if exact {
		row.Gated = true
		row.Tolerance = opt.Tolerance
		if unit == UnitVars || unit == UnitClauses {
			row.Tolerance = opt.SizeTolerance
		}
		row.Old, row.New = medianOf(xs), medianOf(ys)
		if slices.Min(xs) != slices.Max(xs) || slices.Min(ys) != slices.Max(ys) {
			row.Note = "varied between repeats: the median is compared"
		}
		row.Change = change(row.Old, row.New)
		switch {
		case row.New > row.Old*(1+row.Tolerance) && row.New > row.Old:
			row.Verdict = Regression
		case row.New < row.Old*(1-row.Tolerance):
			row.Verdict = Improvement
		default:
			row.Verdict = Same
		}
		return row
	}
	thr := benchmath.DefaultThresholds
	thr.CompareAlpha = opt.Alpha
	sa, sb := benchmath.NewSample(xs, &thr), benchmath.NewSample(ys, &thr)
	row.Old = benchmath.AssumeNothing.Summary(sa, 0.95).Center
	row.New = benchmath.AssumeNothing.Summary(sb, 0.95).Center
	row.Change = change(row.Old, row.New)
	cmp := benchmath.AssumeNothing.Compare(sa, sb)
	row.P, row.N1, row.N2 = cmp.P, cmp.N1, cmp.N2
	var notes []string
	for _, w := range cmp.Warnings {
		notes = append(notes, w.Error())
	}
	row.Note = strings.Join(notes, "; ")
	switch {
	case cmp.P >= cmp.Alpha:
		row.Verdict = NoChange
	case row.New < row.Old:
		row.Verdict = Faster
	default:
		row.Verdict = Slower
	}
	return row
}

func medianOf(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

func change(old, new float64) float64 {
	if old == 0 {
		if new == 0 {
			return 0
		}
		return math.NaN()
	}
	return new/old - 1
}

// Write prints the comparison for people: per unit a summary (benchmarks
// compared, regressions, improvements, the geometric mean of the ratios),
// then every row whose verdict is not "same" or "~" (every row with all),
// then the verdict.
func (c *Comparison) Write(w io.Writer, all bool) error {
	bw := bufio.NewWriter(w)
	for _, warn := range c.Warnings {
		fmt.Fprintln(bw, "warning:", warn)
	}
	type tally struct {
		n, worse, better, onlyOne int
		logSum                    float64
		logN                      int
		gated                     bool
		tol                       float64
	}
	var units []string
	sums := map[string]*tally{}
	for _, r := range c.Rows {
		if r.Unit == "" {
			continue
		}
		t := sums[r.Unit]
		if t == nil {
			t = &tally{gated: r.Gated, tol: r.Tolerance}
			sums[r.Unit] = t
			units = append(units, r.Unit)
		}
		t.n++
		switch r.Verdict {
		case Regression, Slower:
			t.worse++
		case Improvement, Faster:
			t.better++
		case OnlyOld, OnlyNew:
			t.onlyOne++
		}
		if r.Old > 0 && r.New > 0 {
			t.logSum += math.Log(r.New / r.Old)
			t.logN++
		}
	}
	tw := tabwriter.NewWriter(bw, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "unit\tbenchmarks\tworse\tbetter\tgeomean change\tgate")
	for _, u := range units {
		t := sums[u]
		geo := "–"
		if t.logN > 0 {
			geo = pct(math.Exp(t.logSum/float64(t.logN)) - 1)
		}
		gate := "reported, never gated (significance: Mann-Whitney U, α=" + fmt.Sprint(c.Options.Alpha) + ")"
		if t.gated {
			gate = "fails above +" + pctPlain(t.tol)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\n", u, t.n, t.worse, t.better, geo, gate)
	}
	tw.Flush()
	fmt.Fprintln(bw)
	tw = tabwriter.NewWriter(bw, 0, 4, 2, ' ', 0)
	shown := 0
	for _, r := range c.Rows {
		if !all && (r.Verdict == Same || r.Verdict == NoChange) {
			continue
		}
		if shown == 0 {
			fmt.Fprintln(tw, "benchmark\tunit\told\tnew\tchange\tverdict")
		}
		shown++
		verdict := r.Verdict
		if !r.Gated && r.N1 > 0 {
			verdict += fmt.Sprintf(" (p=%.3f n=%d+%d)", r.P, r.N1, r.N2)
		}
		if r.Note != "" {
			verdict += "; " + r.Note
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Bench, r.Unit, num(r.Old, r.Unit, r.Gated, r.Verdict == OnlyNew), num(r.New, r.Unit, r.Gated, r.Verdict == OnlyOld), pct(r.Change), verdict)
	}
	tw.Flush()
	if shown > 0 {
		fmt.Fprintln(bw)
	}
	if c.Failed() {
		fmt.Fprintf(bw, "FAIL: %d regression(s) of a deterministic figure beyond its tolerance\n", c.Regressions)
	} else {
		fmt.Fprintln(bw, "ok: no deterministic figure regressed")
	}
	return bw.Flush()
}

// num formats a value of unit: a deterministic one in full, so that a
// change of one shows; others as benchstat does (1.528m for 0.001528
// sec/op).
func num(v float64, unit string, exact, missing bool) string {
	switch {
	case missing:
		return "–"
	case exact:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return benchunit.Scale(v, benchunit.ClassOf(unit))
}

func pct(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%+.2f%%", 100*x)
}

func pctPlain(x float64) string { return fmt.Sprintf("%g%%", 100*x) }
