package reportcmd

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/report"
)

// printFlags are how the PDF booklet is set.
var printFlags = []cli.Flag{
	&cli.StringFlag{Name: "paper", Aliases: []string{"page"}, Value: "a4", Usage: "PDF paper, trimmed: a4, letter or `WxH` with a unit (148x210mm, 6x9in)"},
	&cli.IntFlag{Name: "per-page", Value: 1, Usage: "PDF: puzzles a page, 1, 2, 4 or 6 (their answer keys: 4, 6, 9 or 12 a page)"},
	&cli.StringFlag{Name: "cell", Usage: "PDF: a puzzle cell's `SIZE` with its unit (7mm, 20pt; default: as large as fits, up to 16mm)"},
	&cli.StringFlag{Name: "margin", Value: "15mm", Usage: "PDF: the margins' `SIZE`, nothing drawn in them"},
	&cli.StringFlag{Name: "bleed", Value: "0mm", Usage: "PDF: the bleed's `SIZE` beyond the trimmed page; > 0 adds crop marks beyond it"},
}

// printOf reads the booklet's flags: what is wrong with them is a bad
// input, said with the flag's name.
func printOf(c *cli.Context) (report.Print, error) {
	p := report.DefaultPrint()
	var err error
	if p.Paper, err = report.PaperOf(c.String("paper")); err != nil {
		return p, fmt.Errorf("--paper: %v", err)
	}
	p.PerPage = c.Int("per-page")
	for _, f := range []struct {
		name string
		to   *float64
	}{{"cell", &p.Cell}, {"margin", &p.Margin}, {"bleed", &p.Bleed}} {
		if s := c.String(f.name); s != "" {
			if *f.to, err = report.ParseSize(s); err != nil {
				return p, fmt.Errorf("--%s: %v", f.name, err)
			}
		}
	}
	p.Date = time.Now().Format("2 January 2006")
	return p, p.Check()
}

// titleOf is --title, or the inputs' name: one file's or folder's base
// name without its extension, or the folder that holds them all.
func titleOf(c *cli.Context, args []string) string {
	if c.IsSet("title") {
		return c.String("title")
	}
	name := func(p string) string {
		b := filepath.Base(filepath.Clean(p))
		if b == "." || b == "/" {
			b = filepath.Base(mustAbs(p))
		}
		return strings.TrimSuffix(b, filepath.Ext(b))
	}
	if len(args) == 1 && args[0] != "-" {
		return name(strings.SplitN(args[0], "#", 2)[0])
	}
	dir := filepath.Dir(mustAbs(args[0]))
	for _, a := range args[1:] {
		for !strings.HasPrefix(mustAbs(a), dir+string(filepath.Separator)) && filepath.Dir(dir) != dir {
			dir = filepath.Dir(dir)
		}
	}
	if filepath.Dir(dir) == dir {
		return "Puzzles"
	}
	return name(dir)
}

func mustAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
