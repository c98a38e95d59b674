package bench

import (
	"fmt"
	"image"
	"image/color"
	colorpal "image/color/palette"
	imgdraw "image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/sat"
)

// palette tells the encodings apart: the Okabe–Ito colours, which stay
// distinct to colour-blind readers, then black.
var palette = []color.Color{
	color.RGBA{0xe6, 0x9f, 0x00, 0xff}, color.RGBA{0x56, 0xb4, 0xe9, 0xff},
	color.RGBA{0x00, 0x9e, 0x73, 0xff}, color.RGBA{0xd5, 0x5e, 0x00, 0xff},
	color.RGBA{0x00, 0x72, 0xb2, 0xff}, color.RGBA{0xcc, 0x79, 0xa7, 0xff},
	color.RGBA{0xf0, 0xe4, 0x42, 0xff}, color.RGBA{0x00, 0x00, 0x00, 0xff},
}

// Plot draws, for the back-end called solver, every instance's time and
// effort by encoding: one row of two panels per kind, time (median of the
// repeats, ms) on the left and the search effort on the right
// (propagations where the back-end counts them, else conflicts), both on
// log scales (0 is drawn as 1), with the instances along x in order of
// their effort under the default encoding (deterministic, unlike time: the
// order is the same on every run). format is "svg" or "png". reg names
// the moves kinds' default encodings.
func Plot(reg *kinds.Registry, w io.Writer, rep *Report, solver, format string) error {
	byKind := map[string][]Result{}
	var kindNames []string
	for _, r := range rep.Instances {
		if r.Solver != solver {
			continue
		}
		if _, ok := byKind[r.Kind]; !ok {
			kindNames = append(kindNames, r.Kind)
		}
		byKind[r.Kind] = append(byKind[r.Kind], r)
	}
	if len(kindNames) == 0 {
		return fmt.Errorf("bench: no results on %s to plot (have %v)", solver, rep.Solvers)
	}
	effort, effortName := effortOf(byKind[kindNames[0]])
	var rows [][]*plot.Plot
	var legends []plot.Legend
	for _, kind := range kindNames {
		tp, ep, leg, err := kindPlots(reg, kind, byKind[kind], effort, effortName)
		if err != nil {
			return err
		}
		rows = append(rows, []*plot.Plot{tp, ep})
		legends = append(legends, leg)
	}
	const (
		panelW  = 4.2 * vg.Inch
		panelH  = 2.5 * vg.Inch
		legendW = 1.3 * vg.Inch
		titleH  = 0.45 * vg.Inch
	)
	width, height := 2*panelW+legendW, vg.Length(len(rows))*panelH+titleH
	var canvas vg.CanvasSizer
	var write func() error
	switch format {
	case "svg":
		c := vgsvg.New(width, height)
		canvas = c
		write = func() error { _, err := c.WriteTo(w); return err }
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(100))
		canvas = c
		// A plot is flat colour meant to be committed (docs/bench.png):
		// mapped to 256 colours (the web-safe ones and the palette's own,
		// without dithering) and compressed hard it takes a fifth of the
		// bytes and looks the same.
		write = func() error {
			img := c.Image()
			pal := image.NewPaletted(img.Bounds(), append(slices.Clone(colorpal.WebSafe), palette...))
			imgdraw.Draw(pal, pal.Bounds(), img, img.Bounds().Min, imgdraw.Src)
			return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, pal)
		}
	default:
		return fmt.Errorf("bench: cannot plot to %q (want svg or png)", format)
	}
	dc := draw.New(canvas)
	dc.FillPolygon(color.White, []vg.Point{{X: dc.Min.X, Y: dc.Min.Y}, {X: dc.Max.X, Y: dc.Min.Y}, {X: dc.Max.X, Y: dc.Max.Y}, {X: dc.Min.X, Y: dc.Max.Y}})
	title := plot.New().Title.TextStyle
	title.Font.Size = vg.Points(13)
	title.XAlign = draw.XCenter
	dc.FillText(title, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - titleH/2}, fmt.Sprintf("puzzlesat bench on %s: time and %s per instance, by encoding", solver, effortName))
	body := draw.Crop(dc, 0, -legendW, 0, -titleH)
	tiles := draw.Tiles{Rows: len(rows), Cols: 2, PadX: vg.Millimeter, PadY: vg.Millimeter, PadTop: vg.Millimeter, PadBottom: vg.Millimeter, PadLeft: vg.Millimeter, PadRight: vg.Millimeter}
	cells := plot.Align(rows, tiles, body)
	for i, row := range rows {
		for j, p := range row {
			p.Draw(cells[i][j])
		}
		right := cells[i][1]
		lc := draw.Crop(dc, 0, 0, 0, 0)
		lc.Min.X, lc.Max.X = right.Max.X+vg.Millimeter, dc.Max.X
		lc.Min.Y, lc.Max.Y = right.Min.Y, right.Max.Y
		legends[i].Draw(lc)
	}
	return write()
}

// effortOf picks the effort counter to plot: propagations when every
// result counts them, else conflicts.
func effortOf(rs []Result) (func(Result) int64, string) {
	for _, r := range rs {
		if r.Propagations == sat.NotCounted {
			return func(r Result) int64 { return r.Conflicts }, "conflicts"
		}
	}
	return func(r Result) int64 { return r.Propagations }, "propagations"
}

// kindPlots draws one kind's time and effort panels and their legend.
func kindPlots(reg *kinds.Registry, kind string, rs []Result, effort func(Result) int64, effortName string) (*plot.Plot, *plot.Plot, plot.Legend, error) {
	type key struct{ set, inst string }
	var encs []string
	byEnc := map[string]map[key]Result{}
	for _, r := range rs {
		if byEnc[r.Encoding] == nil {
			encs = append(encs, r.Encoding)
			byEnc[r.Encoding] = map[key]Result{}
		}
		byEnc[r.Encoding][key{r.Set, r.Instance}] = r
	}
	// The kind's own default encoding, or encode/card's.
	ref := card.Default
	if k, err := reg.Find(rs[0].Kind); err == nil && k.Encoding() != "" {
		ref = k.Encoding()
	}
	if !slices.Contains(encs, ref) {
		ref = encs[0]
	}
	var order []key
	for k := range byEnc[ref] {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := byEnc[ref][order[i]], byEnc[ref][order[j]]
		if ea, eb := effort(a), effort(b); ea != eb {
			return ea < eb
		}
		return order[i].set+order[i].inst < order[j].set+order[j].inst
	})
	tp, ep := plot.New(), plot.New()
	tp.Title.Text = fmt.Sprintf("%s: time (%d instances)", kind, len(order))
	ep.Title.Text = fmt.Sprintf("%s: %s", kind, effortName)
	tp.Y.Label.Text, ep.Y.Label.Text = "ms", effortName
	for _, p := range []*plot.Plot{tp, ep} {
		p.X.Label.Text = "instance, by " + ref + " " + effortName
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
		p.X.Tick.Marker = countTicks{}
		p.Add(plotter.NewGrid())
	}
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	for i, enc := range encs {
		var txy, exy plotter.XYs
		for x, k := range order {
			r, ok := byEnc[enc][k]
			if !ok {
				continue
			}
			txy = append(txy, plotter.XY{X: float64(x + 1), Y: math.Max(r.MedianMS, 1e-3)})
			exy = append(exy, plotter.XY{X: float64(x + 1), Y: math.Max(float64(effort(r)), 1)})
		}
		if len(txy) == 0 {
			continue
		}
		col := palette[i%len(palette)]
		for j, xy := range []plotter.XYs{txy, exy} {
			l, s, err := plotter.NewLinePoints(xy)
			if err != nil {
				return nil, nil, leg, err
			}
			l.Color, s.Color = col, col
			l.Width = vg.Points(0.8)
			if enc == ref {
				l.Width = vg.Points(1.8)
			}
			s.Shape = plotutil.Shape(i)
			s.Radius = vg.Points(1.8)
			[]*plot.Plot{tp, ep}[j].Add(l, s)
			if j == 0 {
				leg.Add(enc, l, s)
			}
		}
	}
	return tp, ep, leg, nil
}

// logTicks labels a log axis at 1, 2 and 5 times the powers of ten
// (gonum's LogTicks labels powers of ten only, often a single one here).
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1; m < 10; m++ {
			v := float64(m) * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = tickLabel(v)
			}
			ts = append(ts, t)
		}
	}
	labelled := 0
	for _, t := range ts {
		if t.Label != "" {
			labelled++
		}
	}
	if labelled < 2 {
		// Less than a decade shown: label every tick.
		for i := range ts {
			ts[i].Label = tickLabel(ts[i].Value)
		}
	}
	return ts
}

// tickLabel writes v in full ("1000000", "0.05"), not as "1e+06".
func tickLabel(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// countTicks labels an axis of instance numbers at whole numbers, about
// eight of them.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	step := math.Max(1, math.Ceil((hi-lo)/8))
	if step > 2 {
		// Round the step to 1, 2 or 5 times a power of ten.
		e := math.Pow(10, math.Floor(math.Log10(step)))
		switch m := step / e; {
		case m <= 2:
			step = 2 * e
		case m <= 5:
			step = 5 * e
		default:
			step = 10 * e
		}
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		if v >= 1 {
			ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
		}
	}
	return ts
}
