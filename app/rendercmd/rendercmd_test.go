package rendercmd_test

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/rendercmd"
	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/internal/testfs"
	"github.com/puzzlesat/puzzlesat/kinds"
)

var (
	janko   = testcorpus.Path("juosan", "janko", "6x6_1.in")
	play    = testcorpus.Path("juosan", "janko_instances.json")
	shinroF = testcorpus.Path("shinro", "playshinro.json")
	linjatF = testcorpus.Path("linjat", "puzzles.json")
	swap    = testcorpus.Path("shift", "swap.txt")
)

// run runs `puzzlesat render ARGS` in-process, as puzzlesat-render would.
func run(_ *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	return clitest.RunWith([]*cli.Command{rendercmd.Command(kinds.Default())}, stdin, append([]string{"render"}, args...)...)
}

// pictures are the pictures every kind of the registry declares
// (kind.Corpus.Pictures), each as render's arguments: its mode's flag
// (none for plain) and its file.
func pictures(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, k := range kinds.Default().All() {
		if k.Corpus == nil {
			continue
		}
		for _, pc := range k.Corpus.Pictures {
			var args []string
			if pc.Mode != "plain" {
				args = append(args, "--"+pc.Mode)
			}
			out[pc.Name] = append(args, testcorpus.Path(pc.File))
		}
	}
	if len(out) == 0 {
		t.Fatal("no kind of the registry declares a picture")
	}
	return out
}

// TestStdout covers what goes to standard output (SVG) and the exit codes:
// every picture the kinds declare, and the command line's own cases.
func TestStdout(t *testing.T) {
	type stdoutCase struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string // prefix of stdout
		err   string // substring of stderr
	}
	var tests []stdoutCase
	for name, args := range pictures(t) {
		tests = append(tests, stdoutCase{name, "", args, 0, "<svg ", ""})
	}
	tests = append(tests, []stdoutCase{
		{"plain", "", []string{janko}, 0, "<svg ", ""},
		{"flags after puzzle", "", []string{janko, "--solution"}, 0, "<svg ", ""},
		{"solution", "", []string{"--solution", janko}, 0, "<svg ", ""},
		{"solution of a puzzle with several", "", []string{"--solution", play + "#4x4_1"}, 0, "<svg ", ""},
		{"second", "", []string{"--second", play + "#4x4_1"}, 0, "<svg ", ""},
		{"second of a unique puzzle", "", []string{"--second", janko}, 1, "", "exactly one solution"},
		{"backbone", "", []string{"--backbone", play + "#4x4_3"}, 0, "<svg ", ""},
		{"hint", "", []string{"--hint", janko}, 0, "<svg ", ""},
		{"url", "", []string{"https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"}, 0, "<svg ", ""},
		{"stdin", string(testcorpus.Read(t, "juosan", "janko", "6x6_1.in")), []string{"-"}, 0, "<svg ", ""},
		{"unsolvable", "", []string{"--solution", "--rule", "majority", play + "#5x5_1"}, 1, "", "no solution"},
		{"two modes", "", []string{"--solution", "--hint", janko}, 2, "", "at most one of --solution, --hint"},
		{"many puzzles", "", []string{shinroF}, 2, "", "pick one with FILE#NAME"},
		{"no puzzle", "", nil, 2, "", "render takes one PUZZLE"},
		{"two puzzles", "", []string{janko, janko}, 2, "", "render takes one PUZZLE"},
		{"missing file", "", []string{"nosuch.in"}, 2, "", "nosuch.in"},
		{"unknown kind", "hello\n", []string{"-"}, 2, "", "--kind"},
		{"bad solver", "", []string{"--solver", "nosuch", "--solution", janko}, 2, "", "unknown solver"},
		{"unknown flag", "", []string{janko, "--colour"}, 2, "", "unknown flag --colour"},
		{"timeout", "", []string{"--timeout", "1ns", "--solution", janko}, 3, "", "timed out"},
		{"shift stdin", string(testcorpus.Read(t, "shift", "swap.txt")), []string{"-"}, 0, "<svg ", ""},
		{"shift forced", string(testcorpus.Read(t, "shift", "swap.txt")), []string{"--kind", "shift", "-"}, 0, "<svg ", ""},
		{"shift hint", "", []string{"--hint", swap}, 2, "", "--hint is not for shift puzzles"},
		{"not a shift puzzle", "", []string{"--kind", "shift", janko}, 2, "", "6x6_1.in"},
		{"shift bad solver", "", []string{"--solver", "nosuch", "--solution", swap}, 2, "", "unknown solver"},
	}...)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Fatalf("have exit %d, want %d; stderr: %s", code, tc.code, errs)
			}
			if !strings.HasPrefix(out, tc.out) || (tc.out == "") != (out == "") {
				t.Errorf("have stdout %.40q, want it to start %q", out, tc.out)
			}
			if !strings.Contains(errs, tc.err) {
				t.Errorf("have stderr %q, want it to hold %q", errs, tc.err)
			}
			if tc.out != "" && !strings.HasSuffix(out, "</svg>") {
				t.Errorf("stdout ends %q, want </svg>", out[max(0, len(out)-20):])
			}
		})
	}
}

// TestOutputFile covers -o: the extension picks the format, an unknown one
// is exit 2 and writes nothing.
func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		file string
		code int
		err  string
		// check looks at the written file.
		check func(t *testing.T, data []byte)
	}{
		{"a.svg", 0, "", func(t *testing.T, data []byte) {
			if !bytes.HasPrefix(data, []byte("<svg ")) {
				t.Errorf("a.svg starts %.20q, want <svg", data)
			}
		}},
		{"b.png", 0, "", func(t *testing.T, data []byte) {
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("b.png: %v", err)
			}
		}},
		{"c.PDF", 0, "", func(t *testing.T, data []byte) {
			if !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("c.PDF starts %.20q, want %%PDF-", data)
			}
		}},
		{"d.jpg", 2, "cannot write .jpg pictures", nil},
		{"noext", 2, "has no extension", nil},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			name := filepath.Join(dir, tc.file)
			code, out, errs := run(t, "", janko, "-o", name, "--hint")
			if code != tc.code || !strings.Contains(errs, tc.err) {
				t.Fatalf("have exit %d and stderr %q, want exit %d and %q", code, errs, tc.code, tc.err)
			}
			if out != "" {
				t.Errorf("have stdout %.40q, want nothing with -o", out)
			}
			data, err := os.ReadFile(name)
			if tc.check == nil {
				if err == nil {
					t.Errorf("%s was written, want nothing on exit %d", tc.file, code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, data)
		})
	}
}

// TestSameAsLibrary checks that the command's SVG is the library's: the
// golden picture of the render package.
func TestSameAsLibrary(t *testing.T) {
	code, out, errs := run(t, "", "--solution", "../../testdata/juosan/janko/6x6_1.in")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want, err := os.ReadFile("../../render/testdata/golden/juosan-solution.svg")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("render --solution gives %d bytes, want the %d of render's golden juosan-solution.svg", len(out), len(want))
	}
}

// TestFullDiskKeepsOldFile: a picture that does not fit on the disk (here
// a file size limit, which fails the write with EFBIG as a full disk does
// with ENOSPC) leaves the good file under its name as it was, and no
// temporary file beside it. The render runs in a child (this test binary
// again) under `ulimit -f`.
func TestFullDiskKeepsOldFile(t *testing.T) {
	if os.Getenv("RENDERCMD_FULL_DISK_CHILD") != "" {
		code, _, errs := run(t, "", janko, "-o", os.Getenv("RENDERCMD_FULL_DISK_CHILD"), "--solution")
		os.Stderr.WriteString(errs)
		os.Exit(code)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set a file size limit")
	}
	for _, name := range []string{"old.svg", "old.png", "old.pdf"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, name)
			good := []byte("a good picture, smaller than the limit")
			if err := os.WriteFile(out, good, 0o644); err != nil {
				t.Fatal(err)
			}
			// ulimit -f counts blocks of 512 bytes (dash) or 1024 (bash):
			// at most 2 KB, less than any of the pictures.
			cmd := exec.Command(sh, "-c", `ulimit -f 2 && exec "$0" -test.run='^TestFullDiskKeepsOldFile$'`, os.Args[0])
			cmd.Env = append(os.Environ(), "RENDERCMD_FULL_DISK_CHILD="+out)
			msg, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Fatalf("render past the size limit: have %v, want exit 2\n%s", err, msg)
			}
			if !strings.Contains(string(msg), "file too large") {
				t.Errorf("stderr %q, want the write's error", msg)
			}
			if have, _ := os.ReadFile(out); !bytes.Equal(have, good) {
				t.Errorf("%s now holds %d bytes %.20q, want the old file untouched", name, len(have), have)
			}
			es, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(es) != 1 {
				var names []string
				for _, e := range es {
					names = append(names, e.Name())
				}
				t.Errorf("folder holds %q, want only %s", names, name)
			}
		})
	}
}

// TestOutputCleansLeftovers: the temporary file a render killed mid-write
// left beside its -o file (SIGKILL before the rename) is removed by the
// next render to that file; other hidden files stay.
func TestOutputCleansLeftovers(t *testing.T) {
	dir := t.TempDir()
	host, _ := os.Hostname()
	host = strings.ReplaceAll(host, "-", "_")
	leftover := ".a.svg.tmp-" + host + "-2147483647-7" // no process has this pid
	for _, n := range []string{leftover, ".keep"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("<svg"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, errs := run(t, "", janko, "-o", filepath.Join(dir, "a.svg")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	names := testfs.Names(t, dir)
	if strings.Join(names, " ") != ".keep a.svg" {
		t.Errorf("folder holds %q, want .keep and a.svg", names)
	}
}
