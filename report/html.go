package report

import (
	"bufio"
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tdewolff/canvas"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/answer/rating"
	"github.com/puzzlesat/puzzlesat/internal/parallel"
	"github.com/puzzlesat/puzzlesat/internal/plural"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/render"
)

// Meta is what a report says of the run as a whole.
type Meta struct {
	// Title heads the report.
	Title string
	// ByDifficulty orders the puzzles easiest first (after the problems).
	ByDifficulty bool
	// Incomplete, when set, says the run was stopped before every puzzle
	// was worked on, how far it came and where it stopped: the report
	// holds the puzzles finished before it.
	Incomplete string
	// Partial, when set, says the report was joined from a set of shards
	// with some missing (report --from --partial), and which.
	Partial string
	// Kinds are the kinds the records are of, which draw them (required).
	Kinds *kinds.Registry
}

func htmlEscape(s string) string { return template.HTMLEscapeString(s) }

// gunzipJS is the page's synchronous inflater, which printing draws the
// pictures behind a click with (a beforeprint handler cannot wait for
// the browser's own).
//
//go:embed gunzip.js
var gunzipJS string

// htmlPuzzle is one puzzle's section.
type htmlPuzzle struct {
	*Record
	N int // its number in the report, from 1
	// PuzzleSVG and BothSVG are drawn in the page; SolutionPic and
	// RedundantPic are packed (packPicture), drawn when opened.
	PuzzleSVG, BothSVG        template.HTML
	SolutionPic, RedundantPic string
	DrawErr                   string
	// drawn are the pictures as drawSVG wrote them: puzzle, two
	// solutions, solution, redundant clues ("" text: none).
	drawn [4]drawnSVG
}

// WriteHTML writes the report as one self-contained HTML page: pictures
// as inline SVG sharing their text outlines and styles, the ones behind
// a click packed and drawn when opened, a few lines of script to sort the
// summary table and draw them, no network.
func WriteHTML(w io.Writer, recs []Record, meta Meta) error {
	order := Arrange(meta.Kinds, recs, meta.ByDifficulty)
	pz := make([]htmlPuzzle, len(order))
	for i, r := range order {
		pz[i] = htmlPuzzle{Record: r, N: r.Index + 1}
	}
	if err := drawAll(meta.Kinds, pz); err != nil {
		return err
	}
	art, err := sharePictures(pz)
	if err != nil {
		return err
	}
	data := struct {
		Meta
		Puzzles  []htmlPuzzle
		Problems []htmlPuzzle
		Counts   string
		Certify  string
		Chart    template.HTML
		TotalMs  float64
		Glyphs   template.HTML
		PicCSS   template.CSS
		Gunzip   template.JS
	}{Meta: meta, Puzzles: pz, Counts: counts(recs), Certify: certifyNote(recs), Chart: template.HTML(chart(recs)),
		Glyphs: art.defs(), PicCSS: art.css(), Gunzip: template.JS(gunzipJS)}
	for _, p := range pz {
		if p.Problem() {
			data.Problems = append(data.Problems, p)
		}
		data.TotalMs += p.Ms
	}
	bw := bufio.NewWriter(w)
	if err := page.Execute(bw, data); err != nil {
		return err
	}
	return bw.Flush()
}

// counts says how many puzzles have each verdict.
func counts(recs []Record) string {
	n := map[string]int{}
	cut := 0
	for _, r := range recs {
		n[r.Verdict]++
		if r.TimedOut && r.Verdict != Timeout {
			cut++
		}
	}
	parts := []string{plural.N(len(recs), "puzzle") + ":"}
	for _, v := range []string{Unique, Multiple, Unsolvable, Optimal, NoSolution, Malformed, Timeout} {
		if n[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	s := strings.Join(parts[:1], "") + " " + strings.Join(parts[1:], ", ")
	if cut > 0 {
		s += fmt.Sprintf(" (%d cut short by the time limit)", cut)
	}
	return s
}

// certifyNote says whether the uniqueness verdicts carry certificates.
func certifyNote(recs []Record) string {
	unique, cert := 0, 0
	for _, r := range recs {
		if r.Verdict == Unique {
			unique++
			if r.Certificate != nil && r.Certificate.Checked {
				cert++
			}
		}
	}
	switch {
	case cert == 0:
		return ""
	case cert == unique:
		return fmt.Sprintf("Every uniqueness verdict (%d) carries a RUP certificate that no second solution exists, checked independently; so does every redundant clue's.", unique)
	}
	return fmt.Sprintf("%d of %d uniqueness verdicts carry a checked RUP certificate.", cert, unique)
}

// bandColours colour the chart's dots by band.
var bandColours = map[string]string{"easy": "#2e9e44", "medium": "#2f6fd0", "hard": "#e08a00", "expert": "#c62828"}

// chart is the difficulty chart: the score of every graded puzzle, by
// kind, coloured by band, as inline SVG; each dot links to its section.
func chart(recs []Record) string {
	var names []string
	byKind := map[string][]*Record{}
	top := 0.0
	for i := range recs {
		r := &recs[i]
		if r.Grade == nil || r.Grade.Status != "solved" {
			continue
		}
		if byKind[r.Kind] == nil {
			names = append(names, r.Kind)
		}
		byKind[r.Kind] = append(byKind[r.Kind], r)
		top = math.Max(top, r.Grade.Score)
	}
	if len(names) == 0 {
		return `<p>No puzzle was solved by the rules: nothing to chart.</p>`
	}
	slices.Sort(names)
	top = niceCeil(top)
	const (
		w           = 720.0
		left, right = 56.0, 12.0
		upper, low  = 12.0, 40.0
	)
	col := (w - left - right) / float64(len(names))
	// The chart grows taller (300, 450, 600 px) before its dots shrink
	// below a size easy to point at; at its tallest they shrink on.
	var (
		h      float64
		y      func(float64) float64
		ys     map[string][]float64
		dots   map[string][]float64
		radius float64
	)
	for i, hi := range chartHeights {
		h = hi
		y = func(s float64) float64 { return upper + (h-upper-low)*(1-math.Sqrt(s/top)) }
		ys = map[string][]float64{}
		for _, k := range names {
			for _, r := range byKind[k] {
				ys[k] = append(ys[k], y(r.Grade.Score))
			}
		}
		radii := dotRadii[:readableRadii]
		if i == len(chartHeights)-1 {
			radii = dotRadii
		}
		var fits bool
		if dots, radius, fits = swarmAll(names, ys, col/2, radii); fits {
			break
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %g %g" role="img" aria-label="difficulty score by kind">`, w, h)
	for _, t := range ticks(top) {
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" class="grid"/><text x="%g" y="%.1f" class="tick" text-anchor="end">%s</text>`,
			left, w-right, y(t), y(t), left-6, y(t)+4, trimFloat(t))
	}
	fmt.Fprintf(&b, `<text x="14" y="%g" class="axis" transform="rotate(-90 14 %g)" text-anchor="middle">score (square-root scale)</text>`, (h-low+upper)/2, (h-low+upper)/2)
	for i, k := range names {
		cx := left + col*(float64(i)+0.5)
		fmt.Fprintf(&b, `<text x="%.1f" y="%g" class="axis" text-anchor="middle">%s (%d)</text>`, cx, h-low+22, k, len(byKind[k]))
		for j, r := range byKind[k] {
			dx := dots[k][j]
			c := bandColours[r.Grade.Band]
			if c == "" {
				c = "#888"
			}
			band := r.Grade.Band
			if band == "" {
				band = "no band"
			}
			fmt.Fprintf(&b, `<a href="#p%d"><circle cx="%.2f" cy="%.2f" r="%g" fill="%s" fill-opacity="0.85"><title>%d. %s: %s, score %s</title></circle></a>`,
				r.Index+1, cx+dx, ys[k][j], radius, c, r.Index+1, htmlEscape(r.Name), band, trimFloat(r.Grade.Score))
		}
	}
	b.WriteString(`</svg><p class="legend">`)
	for _, band := range []string{"easy", "medium", "hard", "expert"} {
		fmt.Fprintf(&b, `<span><i style="background:%s"></i>%s</span> `, bandColours[band], band)
	}
	b.WriteString(`<span><i style="background:#888"></i>in no band</span></p>`)
	return b.String()
}

// dotRadii are the chart's dot sizes, largest first: the largest at
// which every kind's dots lie side by side in its column without
// overlapping is drawn; the first readableRadii are tried at every
// height of chartHeights, the rest at the tallest only.
var (
	dotRadii      = []float64{4, 3.5, 3, 2.5, 2, 1.5}
	readableRadii = 4
	chartHeights  = []float64{300, 450, 600}
)

// swarmAll places the dots of every kind's column (ys: their heights, by
// kind) as a beeswarm (swarm) at the largest of radii at which every
// column's fit within half its width, half: the offsets from the
// column's middle by kind, the radius, and whether they fit. When none
// fits, the smallest is drawn, the dots that do not fit clamped to the
// column's edge (overlapping: a column of hundreds of equal scores).
func swarmAll(names []string, ys map[string][]float64, half float64, radii []float64) (map[string][]float64, float64, bool) {
	var out map[string][]float64
	for _, r := range radii {
		out = map[string][]float64{}
		fits := true
		for _, k := range names {
			dx, ok := swarm(ys[k], r, half-r)
			out[k] = dx
			fits = fits && ok
		}
		if fits {
			return out, r, true
		}
	}
	return out, radii[len(radii)-1], false
}

// swarm places dots of radius r at heights ys side by side: each, taken
// from the middle of the column outwards in order of height, at the
// offset nearest the middle where it overlaps no dot placed before
// (closer than 2r), within ±limit. ok is false when some dot found no
// such place (it is clamped to the limit).
func swarm(ys []float64, r, limit float64) (dx []float64, ok bool) {
	dx = make([]float64, len(ys))
	order := make([]int, len(ys))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ys[a], ys[b]) })
	ok = true
	d := 2 * r
	var placed []int // in order of height
	for _, i := range order {
		// The placed dots near enough in height to touch this one; each
		// rules out the offsets within d of its own, across the
		// horizontal distance that keeps them d apart.
		var blocked [][2]float64
		for j := len(placed) - 1; j >= 0; j-- {
			p := placed[j]
			dy := ys[i] - ys[p]
			if dy >= d {
				break
			}
			w := math.Sqrt(d*d - dy*dy)
			blocked = append(blocked, [2]float64{dx[p] - w, dx[p] + w})
		}
		x, fit := nearestFree(blocked, limit)
		if !fit {
			ok = false
		}
		dx[i] = x
		placed = append(placed, i)
	}
	return dx, ok
}

// nearestFree is the offset nearest 0 within ±limit outside every open
// interval of blocked; when there is none, the limit (fit false).
func nearestFree(blocked [][2]float64, limit float64) (float64, bool) {
	free := func(x float64) bool {
		if x < -limit-1e-9 || x > limit+1e-9 {
			return false
		}
		for _, b := range blocked {
			if x > b[0]+1e-9 && x < b[1]-1e-9 {
				return false
			}
		}
		return true
	}
	// The candidates: the middle, and every interval's ends.
	cands := []float64{0}
	for _, b := range blocked {
		cands = append(cands, b[0], b[1])
	}
	slices.SortFunc(cands, func(a, b float64) int { return cmp.Compare(math.Abs(a), math.Abs(b)) })
	for _, x := range cands {
		if free(x) {
			return x, true
		}
	}
	return limit, false
}

// niceCeil rounds x up to 1, 2 or 5 times a power of ten.
func niceCeil(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// ticks are the chart's score lines up to top.
func ticks(top float64) []float64 {
	out := []float64{0}
	for _, f := range []float64{0.05, 0.2, 0.5, 1} {
		out = append(out, top*f)
	}
	return out
}

func trimFloat(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	return strings.TrimSuffix(s, ".0")
}

var funcs = template.FuncMap{
	"score": func(r *Record) string {
		if r.Grade == nil || r.Grade.Status != "solved" {
			return statusWord(r.Grade)
		}
		return trimFloat(r.Grade.Score)
	},
	"scoreValue": func(r *Record) float64 {
		if r.Grade == nil || r.Grade.Status != "solved" {
			return -1
		}
		return r.Grade.Score
	},
	"band": func(r *Record) string {
		if r.Grade == nil {
			return ""
		}
		return r.Grade.Band
	},
	"stars": rating.Bar,
	"cells": func(r *Record) int { return r.Rows * r.Cols },
	"clues": func(cs []Clue) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = fmt.Sprintf("r%dc%d (%s)", c.Cell.Row+1, c.Cell.Col+1, c.Label)
		}
		return strings.Join(parts, ", ")
	},
	"diffs": func(ds []answer.DiffRecord) string {
		parts := make([]string, len(ds))
		for i, d := range ds {
			parts[i] = fmt.Sprintf("r%dc%d (%s/%s)", d.Row, d.Col, d.First, d.Second)
		}
		return strings.Join(parts, " ")
	},
	"n":     plural.N,
	"proof": proofNote,
	"ms":    func(x float64) string { return fmt.Sprintf("%.0f", x) },
	"secs":  func(x float64) string { return fmt.Sprintf("%.1f s", x/1000) },
	"redundantValue": func(r *Record) int {
		if r.Verdict != Unique {
			return -1
		}
		return len(r.Redundant)
	},
}

var page = template.Must(template.New("report").Funcs(funcs).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;margin:0;background:#fafafa}
header,main,section.block{max-width:1100px;margin:0 auto;padding:0 16px}
header{padding-top:20px}
h1{font-size:1.6em;margin:.2em 0}
h2{font-size:1.25em;margin:1.2em 0 .4em}
a{color:#1f5fbf}
.note{color:#555}
.problems li{margin:.2em 0}
.tablewrap{overflow-x:auto;border:1px solid #ddd;background:#fff;max-height:70vh}
table{border-collapse:collapse;width:100%;font-size:.9em}
th,td{padding:4px 8px;border-bottom:1px solid #eee;text-align:left;white-space:nowrap}
th{position:sticky;top:0;background:#f0f0f0;cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" ▲"}
th[aria-sort=descending]::after{content:" ▼"}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.wrap{white-space:normal;overflow-wrap:anywhere;min-width:6em}
.v{display:inline-block;padding:0 6px;border-radius:9px;font-size:.85em;font-weight:600;color:#fff}
.v-unique,.v-optimal{background:#2e7d32}.v-no-solution-within{background:#c62828}.v-multiple{background:#e08a00}.v-unsolvable{background:#c62828}.v-malformed{background:#6a1b9a}.v-timeout{background:#546e7a}
.chart{width:100%;max-width:720px;height:auto;background:#fff;border:1px solid #ddd}
.chart .grid{stroke:#e4e4e4}.chart .tick,.chart .axis{font-size:12px;fill:#444}
.legend span{margin-right:12px;font-size:.9em}.legend i{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px}
section.puzzle{background:#fff;border:1px solid #ddd;border-radius:6px;margin:16px 0;padding:4px 16px 12px}
section.puzzle h2{margin-top:.6em}
.pics{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
svg.pic{max-width:100%;height:auto}
pre.err{white-space:pre-wrap;background:#fff4f4;border-left:3px solid #c62828;padding:6px 10px;font-size:.9em}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:.4em 0}
dt{color:#555}dd{margin:0}
p.incomplete{color:#c62828;font-weight:bold}
details{margin:.6em 0}summary{cursor:pointer;color:#1f5fbf}
.print-only{display:none}
section.puzzle{content-visibility:auto;contain-intrinsic-size:auto 640px}
@media print{
@page{margin:12mm}
body{background:#fff;font-size:10pt}
header,main,section.block{max-width:none;padding:0}
a{color:inherit;text-decoration:none}
.screen-only{display:none}
.print-only{display:inline}
.tablewrap{overflow:visible;max-height:none;border:0}
table{font-size:8pt}
th,td{white-space:normal;padding:2px 4px}
th{position:static;cursor:auto}
th[aria-sort]::after{content:none}
tr,#chart,.legend{break-inside:avoid}
.chart{width:100%;max-width:100%;max-height:200mm;border:0}
main>h2{break-before:page}
h2,h3,summary{break-after:avoid}
section.puzzle{content-visibility:visible;break-inside:avoid;border:0;border-top:1px solid #888;border-radius:0;margin:0;padding:2mm 0 4mm}
section.puzzle h2{margin-top:.2em}
/* A puzzle's pictures side by side in a row under its heading (the
   puzzle, its redundant clues, its solution), its text below: one
   puzzle, one piece of a page. */
section.puzzle{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));grid-auto-flow:row dense;column-gap:5mm}
section.puzzle>*{grid-column:1/-1}
section.puzzle>.pic-puzzle,section.puzzle>details[data-pic]{grid-column:auto}
section.puzzle>.pic-both,section[data-verdict=optimal]>details.solution{grid-column:span 2}
svg.pic{max-height:110mm}
dl{grid-template-columns:max-content 1fr max-content 1fr}
details{margin:.3em 0}
summary{list-style:none;color:inherit;font-weight:600;cursor:auto}
summary::-webkit-details-marker{display:none}
details::details-content{content-visibility:visible;display:block}
.v,.legend i,.chart{print-color-adjust:exact;-webkit-print-color-adjust:exact}
}
{{.PicCSS}}</style>
</head>
<body>
{{.Glyphs}}
<header>
<h1>{{.Title}}</h1>
{{with .Incomplete}}<p class="incomplete">Incomplete: {{.}}.</p>{{end}}
{{with .Partial}}<p class="incomplete">Partial: {{.}}.</p>{{end}}
<p>{{.Counts}}. Worked on for {{secs .TotalMs}} in all.</p>
{{with .Certify}}<p class="note">{{.}}</p>{{end}}
</header>
{{if .Problems}}<section class="block problems" id="problems">
<h2>Problems ({{len .Problems}})</h2>
<ul>{{range .Problems}}
<li><a href="#p{{.N}}">{{.N}}. {{.Label}}</a> <span class="v v-{{.Verdict}}">{{.Verdict}}</span>{{if .TimedOut}} (cut short){{end}}{{with .Error}} — {{.}}{{end}}</li>{{end}}
</ul>
</section>{{end}}
<section class="block" id="summary">
<h2>Summary</h2>
<p class="note"><span class="screen-only">Click a heading to sort. </span>{{if .ByDifficulty}}Listed problems first, then easiest first.{{else}}Listed problems first, then in input order.{{end}}</p>
<div class="tablewrap"><table id="summary-table">
<thead><tr><th data-type="num">#</th><th>kind</th><th>name</th><th data-type="num">size</th><th>verdict</th><th>band</th><th data-type="num">score</th><th>hardest rule</th><th data-type="num">trial depth</th><th data-type="num">redundant clues</th><th data-type="num">time (ms)</th></tr></thead>
<tbody>{{range .Puzzles}}
<tr><td class="num" data-v="{{.N}}"><a href="#p{{.N}}">{{.N}}</a></td><td>{{.Kind}}</td><td class="wrap">{{if .Name}}{{.Name}}{{else}}{{.File}}{{end}}</td><td class="num" data-v="{{cells .Record}}">{{.Size}}</td><td><span class="v v-{{.Verdict}}">{{.Verdict}}</span></td><td>{{band .Record}}</td><td class="num" data-v="{{scoreValue .Record}}">{{score .Record}}</td><td class="wrap">{{with .Grade}}{{.HardestNote}}{{end}}</td><td class="num" data-v="{{with .Grade}}{{.TrialDepth}}{{else}}-1{{end}}">{{with .Grade}}{{.TrialDepth}}{{end}}</td><td class="num" data-v="{{redundantValue .Record}}">{{if eq .Verdict "unique"}}{{len .Redundant}}{{end}}</td><td class="num" data-v="{{.Ms}}">{{ms .Ms}}</td></tr>{{end}}
</tbody></table></div>
</section>
<section class="block" id="chart">
<h2>Difficulty</h2>
{{.Chart}}
</section>
<main>
<h2>Puzzles</h2>
{{range .Puzzles}}<section class="puzzle" id="p{{.N}}" data-verdict="{{.Verdict}}">
<h2>{{.N}}. {{if .Kind}}{{.Kind}} {{end}}{{if .Name}}{{.Name}}{{else}}{{.File}}{{end}} <span class="v v-{{.Verdict}}">{{.Verdict}}</span></h2>
<p class="note">{{.File}}{{if .Entry}}, entry {{.Entry}}{{end}}{{with .Size}}, {{.}}{{end}}{{if .Clues}}, {{n .Clues "removable clue"}}{{end}}, {{ms .Ms}} ms</p>
{{if eq .Verdict "malformed"}}<pre class="err">{{.Error}}</pre>{{else}}{{with .Error}}<pre class="err">{{.}}</pre>{{end}}{{end}}
{{with .DrawErr}}<pre class="err">{{.}}</pre>{{end}}
{{if .PuzzleSVG}}<div class="pics pic-puzzle">{{.PuzzleSVG}}</div>{{end}}
{{if eq .Verdict "unique"}}<p>Unique: SAT proves the puzzle has exactly one solution{{with .Certificate}}, with a RUP certificate of {{n .Lemmas "lemma"}} from {{.Backend}}, checked independently{{end}}.</p>
{{if .Redundant}}<p>{{n (len .Redundant) "redundant clue"}} (each removal alone leaves the puzzle unique, proven by SAT{{with .Certificate}} and certified{{end}}): {{clues .Redundant}}.</p>
{{with .Removable}}<p class="together">Removable together: {{if eq (len .) 1}}this clue{{else}}these {{len .}} clues can all go at once{{end}}, the puzzle staying unique (taken away in reading order, each removal proven by SAT; no other clue can go with them, though another choice might remove more): {{clues .}}.</p>{{end}}
<details class="redundant" data-pic="{{.RedundantPic}}"><summary><span class="screen-only">Show the redundant clues</span><span class="print-only">Redundant clues</span></summary><div class="pics"></div></details>{{else}}<p>No redundant clue: taking away any one of the clues leaves a second solution.</p>{{end}}{{end}}
{{if eq .Verdict "multiple"}}<p>Several solutions: two of them differ in {{n (len .Differences) "cell"}}: {{diffs .Differences}}.</p>
<div class="pics pic-both">{{.BothSVG}}</div>{{end}}
{{if eq .Verdict "unsolvable"}}<p>No solution.{{if eq (len .Conflict) 1}} This clue contradicts the rules on its own (highlighted above): {{clues .Conflict}}.{{else if .Conflict}} These {{n (len .Conflict) "clue"}} contradict each other (highlighted above; no one of them can go with the contradiction staying): {{clues .Conflict}}.{{else}} The puzzle's frame contradicts itself without any of its clues.{{end}}</p>{{end}}
{{if .Shortest}}<p>Shortest solution: {{.MovesNote}}.</p>{{end}}
{{with .Shortest}}<p>Proof: {{proof .}}{{if eq .Method "auto"}} (method auto: the exact search and SAT side by side, {{if .Proof}}{{.Proof}} settled first{{else}}neither settled{{end}}){{end}}.</p>
{{if .Depths}}<details><summary>SAT's depths ({{len .Depths}})</summary><ul>{{range .Depths}}<li>depth {{.K}}: {{.Status}}, {{.Vars}} variables, {{.Clauses}} clauses, {{ms .MS}} ms solving</li>{{end}}</ul></details>{{end}}{{end}}
{{with .Grade}}<h3>Grade</h3>
{{if .TimedOut}}<p class="err">{{.TimeoutNote}}</p>{{else}}<dl><dt>human solve</dt><dd>{{.Status}}, {{n .Steps "step"}} in {{n .Layers "layer"}}</dd>
<dt>band</dt><dd>{{if .Band}}{{.Band}}{{else}}none of the kind's bands{{end}}</dd>
<dt>rating</dt><dd>{{if .Rating}}<span class="stars">{{stars .Rating}}</span>{{else}}unrated{{end}}</dd>
<dt>score</dt><dd>{{printf "%.1f" .Score}}</dd>
<dt>hardest rule</dt><dd>{{.HardestNote}}</dd>
<dt>trial depth</dt><dd>{{.TrialDepth}}</dd>
<dt>rules used</dt><dd>{{range $i, $r := .Rules}}{{if $i}}, {{end}}{{$r.Name}} (level {{$r.Level}}, {{$r.Steps}}×){{end}}</dd></dl>{{end}}{{end}}
{{if .SolutionPic}}<details class="solution" data-pic="{{.SolutionPic}}"><summary>{{if .Shortest}}The shortest solution, state by state{{else}}Solution{{if ne .Verdict "unique"}} (one of several){{end}}{{end}}</summary><div class="pics"></div></details>{{end}}
</section>
{{end}}</main>
<script>
document.querySelectorAll('#summary-table th').forEach(function (th, col) {
  th.addEventListener('click', function () {
    var tbody = th.closest('table').tBodies[0];
    var asc = th.getAttribute('aria-sort') !== 'ascending';
    th.parentNode.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var num = th.dataset.type === 'num';
    var key = function (tr) { var td = tr.cells[col]; var v = td.dataset.v !== undefined ? td.dataset.v : td.textContent; return num ? parseFloat(v) : v; };
    // Names sort as people read them: "playshinro 2" before "playshinro 113".
    var names = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.sort(function (a, b) { var x = key(a), y = key(b); return (num ? (x < y ? -1 : x > y ? 1 : 0) : names.compare(x, y)) * (asc ? 1 : -1); });
    rows.forEach(function (tr) { tbody.appendChild(tr); });
  });
});
// A picture behind a click is kept gzipped in data-pic: inflated and drawn
// the first time its <details> opens (its text uses the page's glyphs).
function packedBytes(d) {
  var bin = atob(d.dataset.pic), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}
function show(d, svg) {
  if (d.dataset.drawn === 'yes') return;
  d.querySelector('.pics').innerHTML = svg;
  d.dataset.drawn = 'yes';
}
function draw(d) {
  if (d.dataset.drawn) return;
  d.dataset.drawn = 'pending';
  new Response(new Blob([packedBytes(d)]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(function (svg) { show(d, svg); });
}
var packed = document.querySelectorAll('details[data-pic]');
packed.forEach(function (d) {
  d.addEventListener('toggle', function () { if (d.open) draw(d); });
  if (d.open) draw(d);
});
// Printing opens every <details> and draws every picture at once: a
// beforeprint handler cannot wait for DecompressionStream, so the
// pictures not drawn yet are inflated by gunzipSync.
window.addEventListener('beforeprint', function () {
  document.querySelectorAll('details').forEach(function (d) {
    if (!d.open) { d.dataset.printOpened = 'yes'; d.open = true; }
  });
  packed.forEach(function (d) { if (d.dataset.drawn !== 'yes') show(d, gunzipSync(packedBytes(d))); });
});
window.addEventListener('afterprint', function () {
  document.querySelectorAll('details[data-print-opened]').forEach(function (d) {
    delete d.dataset.printOpened;
    d.open = false;
  });
});
{{.Gunzip}}</script>
</body>
</html>
`))

// drawAll draws the puzzles' pictures as inline SVG, on a goroutine per
// CPU, each with its own fonts.
func drawAll(reg *kinds.Registry, pz []htmlPuzzle) error {
	next := make(chan int)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := render.LoadFonts()
			for i := range next {
				if err == nil {
					err = drawOne(reg, &pz[i], f)
				}
				if err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for i := range pz {
		next <- i
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// drawOne draws one puzzle's pictures; a record that cannot be drawn says
// why in its section.
func drawOne(reg *kinds.Registry, p *htmlPuzzle, f *render.Fonts) error {
	r := p.Record
	if r.Verdict == Malformed || r.Puzzle == "" {
		return nil
	}
	pics, err := Draw(reg, r, f)
	if err != nil {
		p.DrawErr = err.Error()
		return nil
	}
	label := fmt.Sprintf("%s %s", r.Kind, r.Name)
	for i, x := range []struct {
		c    *canvas.Canvas
		what string
	}{{pics.Puzzle, "puzzle"}, {pics.Both, "two solutions"}, {pics.Solution, "solution"}, {pics.Redundant, "redundant clues"}} {
		if x.c == nil {
			continue
		}
		d, err := drawSVG(x.c, 1.4, label+" — "+x.what)
		if err != nil {
			return err
		}
		p.drawn[i] = d
	}
	return nil
}

// sharePictures gives the puzzles' pictures the page's glyphs and
// classes, in the page's order, and packs those drawn when opened (on a
// goroutine per CPU: packing is most of the page's writing).
func sharePictures(pz []htmlPuzzle) (*pageArt, error) {
	art := &pageArt{}
	packed := make([][2]string, len(pz)) // solution, redundant clues: placed
	for i := range pz {
		p := &pz[i]
		for j, d := range p.drawn {
			if d.text == "" {
				continue
			}
			s := art.place(d)
			switch j {
			case 0:
				p.PuzzleSVG = template.HTML(s) // render's own SVG
			case 1:
				p.BothSVG = template.HTML(s)
			default:
				packed[i][j-2] = s
			}
		}
		p.drawn = [4]drawnSVG{}
	}
	errs := make([]error, len(pz))
	parallel.Each(len(pz), 0, func(i int) {
		for j, dst := range []*string{&pz[i].SolutionPic, &pz[i].RedundantPic} {
			if packed[i][j] != "" && errs[i] == nil {
				*dst, errs[i] = packPicture(packed[i][j])
			}
		}
	})
	return art, errors.Join(errs...)
}

// statusWord is what the score column says of a solve that did not
// finish: "stuck" or "contradiction" ("" with no solve).
func statusWord(g *Grade) string {
	if g == nil {
		return ""
	}
	return g.Status
}
