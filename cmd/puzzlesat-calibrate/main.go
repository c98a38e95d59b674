// Command puzzlesat-calibrate writes the rating's calibration
// (answer/rating/calibration.json) from the labelled sets of the corpus
// (`make calibrate`; package answer/rating/calibrate), and says on stderr
// how the rating agrees with the labels.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/puzzlesat/puzzlesat/answer/rating/calibrate"
	"github.com/puzzlesat/puzzlesat/internal/atomicfile"
	"github.com/puzzlesat/puzzlesat/kinds"
)

func main() {
	corpus := flag.String("corpus", "testdata", "the corpus folder")
	out := flag.String("o", "answer/rating/calibration.json", "the calibration written (- for standard output)")
	flag.Parse()
	var buf bytes.Buffer
	if err := calibrate.Run(context.Background(), kinds.Default(), *corpus, &buf, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "puzzlesat-calibrate:", err)
		os.Exit(1)
	}
	if *out == "-" {
		os.Stdout.Write(buf.Bytes())
		return
	}
	if err := atomicfile.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "puzzlesat-calibrate:", err)
		os.Exit(1)
	}
}
