package bench_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	streamBin = flag.String("stream.bin", "", "BenchmarkStreamRSS: the puzzlesat binary to measure (default: built from this tree), e.g. an older one to compare")
	streamMB  = flag.Int("stream.mb", 100, "BenchmarkStreamRSS: the size of each generated input, in MB")
)

// streamLimitMB is what a file of any size may cost the process reading
// it: the bound for a 100 MB input.
const streamLimitMB = 300

// streamInputs are the many-puzzle formats, each a generator of one entry
// after another (from the bundled corpus, over and over) and how they are
// joined into one input. cat.in is not one input: the command must say so
// at the second puzzle, before reading on.
var streamInputs = []struct {
	name     string
	open     string // what comes before the first entry
	sep      string // between two entries
	close    string // after the last
	entries  func(b *testing.B, bin string) []string
	wantSaid string // what the output must say ("": a verdict of the first puzzle)
}{
	{"juosan-playground.json", "[\n", ",\n", "\n]\n", jsonEntries("testdata/juosan/janko_instances.json"), ""},
	{"juosan-urls.txt", "", "\n", "\n", urlLines, ""},
	{"juosan-cat.in", "", "", "", inFiles, "a concatenation of .in files is not one file"},
	{"shinro-playshinro.json", "[\n", ",\n", "\n]\n", jsonEntries("testdata/shinro/playshinro.json"), ""},
	{"shinro-canonical.txt", "", "\n", "", canonical("testdata/shinro/playshinro.json"), ""},
	{"linjat-levels.json", "{\"easy\": [\n", ",\n", "\n]}\n", jsonEntries("testdata/linjat/puzzles.json"), ""},
	{"linjat-canonical.txt", "", "\n", "", canonical("testdata/linjat/puzzles.json"), ""},
}

// BenchmarkStreamRSS writes a file of -stream.mb MB (100) of each
// many-puzzle format, by repeating the bundled puzzles, and runs the
// binary's check on it as a user would, with --max-input 1GB (the cap is
// no bound on the memory a stream costs) and --shard 0/1048576, so that
// the whole file is read but one puzzle is solved. It reports the child's
// peak RSS (Maxrss of its rusage) and the time to its first line of
// output, and fails when the peak is over 300 MB, or the output does not
// say what it must. The deadline of each run only catches a hang.
//
//	go test -run '^$' -bench StreamRSS -benchtime 1x -timeout 60m ./bench/
//	go test -run '^$' -bench StreamRSS -benchtime 1x -timeout 60m ./bench/ -stream.bin /tmp/old-puzzlesat
func BenchmarkStreamRSS(b *testing.B) {
	bin := *streamBin
	if bin == "" {
		bin = binary(b)
	}
	for _, in := range streamInputs {
		b.Run(in.name, func(b *testing.B) {
			file := filepath.Join(b.TempDir(), in.name)
			entries := in.entries(b, bin)
			if err := writeRepeated(file, int64(*streamMB)<<20, in.open, in.sep, in.close, entries); err != nil {
				b.Fatal(err)
			}
			for range b.N {
				first, rssMB, out := runMeasured(b, bin, "--max-input", "1GB", "check", "--shard", "0/1048576", file)
				// Logged as well as reported: a failed run reports no metric.
				b.Logf("%s: first line after %v, peak RSS %d MB", in.name, first.Round(time.Millisecond), rssMB)
				b.ReportMetric(float64(first.Milliseconds()), "first-line-ms")
				b.ReportMetric(float64(rssMB), "peak-rss-MB")
				if rssMB >= streamLimitMB {
					b.Errorf("peak RSS %d MB reading %d MB, want under %d MB", rssMB, *streamMB, streamLimitMB)
				}
				if in.wantSaid != "" && !strings.Contains(out, in.wantSaid) {
					b.Errorf("the output does not say %q:\n%.2000s", in.wantSaid, out)
				}
				if in.wantSaid == "" && !strings.Contains(out, "unique") && !strings.Contains(out, "multiple") {
					b.Errorf("no verdict in the output:\n%.2000s", out)
				}
			}
		})
	}
}

// runMeasured runs bin with args from the repository's root and returns
// the time to its first line of output (stdout or stderr), its peak RSS
// in MB, and the start of its output.
func runMeasured(b *testing.B, bin string, args ...string) (first time.Duration, rssMB int64, out string) {
	b.Helper()
	// Only a hang is caught: a 100 MB file is read in well under a minute.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = ".."
	pr, pw, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	pw.Close()
	var head bytes.Buffer
	r := bufio.NewReader(pr)
	if line, err := r.ReadString('\n'); err == nil || line != "" {
		first = time.Since(start)
		head.WriteString(line)
	}
	// Keep the start of the output; drain the rest, so that the child is
	// never held up by a full pipe.
	io.Copy(&limitedBuffer{buf: &head, left: 64 << 10}, r)
	pr.Close()
	err = cmd.Wait()
	if ctx.Err() != nil {
		b.Fatalf("%s %v: no end after %v", bin, args, 20*time.Minute)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		b.Fatal(err)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		b.Fatal("no rusage of the child on this system")
	}
	return first, ru.Maxrss >> 10, head.String() // Maxrss is in KB on Linux
}

// limitedBuffer keeps the first left bytes written to it and discards
// the rest.
type limitedBuffer struct {
	buf  *bytes.Buffer
	left int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.left > 0 {
		k := min(l.left, len(p))
		l.buf.Write(p[:k])
		l.left -= k
	}
	return len(p), nil
}

// writeRepeated writes open, then entries over and over, sep between two,
// until the file holds size bytes, then close.
func writeRepeated(file string, size int64, open, sep, close string, entries []string) error {
	if len(entries) == 0 {
		return fmt.Errorf("%s: no entries to repeat", file)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n, _ := w.WriteString(open)
	for i := 0; int64(n) < size; i++ {
		if i > 0 {
			k, _ := w.WriteString(sep)
			n += k
		}
		k, _ := w.WriteString(entries[i%len(entries)])
		n += k
	}
	w.WriteString(close)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// jsonEntries are the entries of a bundled JSON file: its array's
// elements, or the levels of its object of groups (Linjat's, the
// tutorial's messages left out).
func jsonEntries(file string) func(*testing.B, string) []string {
	return func(b *testing.B, _ string) []string {
		data, err := os.ReadFile(filepath.Join("..", file))
		if err != nil {
			b.Fatal(err)
		}
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err == nil {
			return rawStrings(list)
		}
		var groups map[string][]json.RawMessage
		if err := json.Unmarshal(data, &groups); err != nil {
			b.Fatal(err)
		}
		var out []string
		for _, g := range []string{"easy", "medium", "hard", "expert"} {
			out = append(out, rawStrings(groups[g])...)
		}
		return out
	}
}

func rawStrings(list []json.RawMessage) []string {
	out := make([]string, len(list))
	for i, r := range list {
		out[i] = string(r)
	}
	return out
}

// urlLines are the puzz.link URLs of the bundled list.
func urlLines(b *testing.B, _ string) []string {
	data, err := os.ReadFile("../testdata/juosan/puzzlink.txt")
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// inFiles are the bundled janko .in files, each whole.
func inFiles(b *testing.B, _ string) []string {
	files, err := filepath.Glob("../testdata/juosan/janko/*.in")
	if err != nil || len(files) == 0 {
		b.Fatal("no .in files", err)
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// canonical is the bundled file's puzzles in the canonical text, written
// by the binary's convert, one entry each.
func canonical(file string) func(*testing.B, string) []string {
	return func(b *testing.B, bin string) []string {
		cmd := exec.Command(bin, "convert", file)
		cmd.Dir = ".."
		out, err := cmd.Output()
		if err != nil && len(out) == 0 {
			b.Fatalf("convert %s: %v", file, err)
		}
		return []string{string(out)}
	}
}
