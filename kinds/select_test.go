package kinds_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/testcorpus"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// shinroGood is a playshinro grid with one stone and an arrow at it.
var shinroGood = "[" + strings.Repeat("[0,0,0,0,0,0,0,0],", 7) + "[5,0,0,0,0,0,0,4]]"

// inline are inputs with a malformed entry among good ones, one per kind
// that holds many puzzles in a file; an Arrows file holds one, malformed
// here.
var inline = map[string][]byte{
	"shinro-mixed.json": []byte(`[{"index": 1, "grid": ` + shinroGood + "},\n" + `{"index": 4, "grid": [[1]]},` + "\n" + `{"index": 7, "grid": ` + shinroGood + `}]`),
	"linjat-mixed.json": []byte("{\"easy\": [{\"puzzle\": [\"2.\"]},\n{\"puzzle\": [\"2x\"]},\n{\"puzzle\": [\".2\"]}]}"),
	"broken.arrows":     []byte("arrows 1x2\n→1 ←x\n"),
}

// The corpus files TestSelect selects from.
var (
	juosanPlay     = testcorpus.Path("juosan", "janko_instances.json")
	shinroPlay     = testcorpus.Path("shinro", "playshinro.json")
	linjatFile     = testcorpus.Path("linjat", "puzzles.json")
	arrowsFolder   = testcorpus.Path("arrows", "2026-01-24", "puzzle.txt")
	arrowsFolderID = "2026-01-24"
)

// TestSelect: one selection rule for every kind (puzzle.Selection): #N is
// the file's N-th entry, malformed ones counted, and a malformed entry
// answers with its own errors naming it; #0 and past the end name the
// file's count; other selections are names, then the kind's aliases;
// "name=" makes any selection a name.
func TestSelect(t *testing.T) {
	tests := []struct {
		kind *kind.Kind
		file string
		sel  string
		want string // the puzzle's name and entry, or the error
	}{
		{kinds.Default().MustFind("juosan"), juosanPlay, "1", "4x4_1 (easy).in #1"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "7", "6x6_1 (medium).in #7"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "6", "janko_instances.json:1:601: entry 6 (5x5_3 (medium).in): label 6 at r4c5 out of range 0..5 (r = 6)"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "0", "janko_instances.json: no puzzle 0 (the file holds 74 entries)"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "-1", "janko_instances.json: no puzzle -1 (the file holds 74 entries)"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "75", "janko_instances.json: no puzzle 75 (the file holds 74 entries)"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "74", "15x24_1 (advanced).in #74"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "4x4_2 (easy).in", "4x4_2 (easy).in #2"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "4x4_2", "4x4_2 (easy).in #2"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "5x5_3", "entry 6 (5x5_3 (medium).in): label 6"},
		{kinds.Default().MustFind("juosan"), juosanPlay, "4x4_9", `janko_instances.json: no puzzle named "4x4_9" (the file holds 74 entries)`},
		{kinds.Default().MustFind("shinro"), shinroPlay, "1", "playshinro 1 #1"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "5", "playshinro 13 #5"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "40", "playshinro 118 #40"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "41", "playshinro.json: no puzzle 41 (the file holds 40 entries)"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "0", "playshinro.json: no puzzle 0 (the file holds 40 entries)"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "playshinro 13", "playshinro 13 #5"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "playshinro-13", "playshinro 13 #5"},
		{kinds.Default().MustFind("shinro"), shinroPlay, "playshinro-2", `no puzzle named "playshinro-2" (the file holds 40 entries)`},
		{kinds.Default().MustFind("shinro"), "shinro-mixed.json", "2", "shinro-mixed.json:2:22: entry 2 (playshinro 4): want 8 grid rows, have 1"},
		{kinds.Default().MustFind("shinro"), "shinro-mixed.json", "playshinro-4", "shinro-mixed.json:2:22: entry 2 (playshinro 4): want 8 grid rows, have 1"},
		{kinds.Default().MustFind("shinro"), "shinro-mixed.json", "3", "playshinro 7 #3"},
		{kinds.Default().MustFind("linjat"), linjatFile, "1", "tutorial/1 #1"},
		{kinds.Default().MustFind("linjat"), linjatFile, "4", "easy/1 #4"},
		{kinds.Default().MustFind("linjat"), linjatFile, "0", "puzzles.json: no puzzle 0 (the file holds 103 entries)"},
		{kinds.Default().MustFind("linjat"), linjatFile, "104", "puzzles.json: no puzzle 104 (the file holds 103 entries)"},
		{kinds.Default().MustFind("linjat"), linjatFile, "easy/3", "easy/3 #6"},
		{kinds.Default().MustFind("linjat"), linjatFile, "easy-3", "easy/3 #6"},
		{kinds.Default().MustFind("linjat"), linjatFile, "name=easy/3", "easy/3 #6"},
		{kinds.Default().MustFind("linjat"), "linjat-mixed.json", "2", "linjat-mixed.json:2:15: entry 2 (easy/2): cell r1c2: want ' ' (empty), '.' (dot) or a number 1-9, have 'x'"},
		{kinds.Default().MustFind("linjat"), "linjat-mixed.json", "3", "easy/3 #3"},
		{kinds.Default().MustFind("linjat"), "linjat-mixed.json", "name=3", `no puzzle named "3" (the file holds 3 entries)`},
		{kinds.Default().MustFind("arrows"), arrowsFolder, "1", arrowsFolderID + " #1"},
		{kinds.Default().MustFind("arrows"), arrowsFolder, arrowsFolderID, arrowsFolderID + " #1"},
		{kinds.Default().MustFind("arrows"), arrowsFolder, "2", "puzzle.txt: no puzzle 2 (the file holds 1 entry)"},
		{kinds.Default().MustFind("arrows"), arrowsFolder, "0", "puzzle.txt: no puzzle 0 (the file holds 1 entry)"},
		{kinds.Default().MustFind("arrows"), "broken.arrows", "1", "broken.arrows:2:4: given 33 out of range 0..1"},
	}
	for _, tc := range tests {
		data, ok := inline[tc.file]
		if !ok {
			var err error
			if data, err = os.ReadFile(tc.file); err != nil {
				t.Fatal(err)
			}
		}
		var have string
		in, err := tc.kind.Select(tc.file, data, kind.Options{}, tc.sel)
		if err != nil {
			have = err.Error()
		} else {
			have = fmt.Sprintf("%s #%d", in.Name(), in.Head().Entry)
		}
		if !strings.Contains(have, tc.want) {
			t.Errorf("%s %s#%s:\nhave %s\nwant %s", tc.kind.Name, filepath.Base(tc.file), tc.sel, have, tc.want)
		}
	}
}

// jsonCorpus are the corpus files that hold many puzzles as JSON, whose
// selections stream (Format.Select): each with a malformed entry to add
// at its end, and the same entry broken as JSON.
var jsonCorpus = []struct {
	kind         *kind.Kind
	file         string
	bad, badJSON string // appended inside the outermost list or object
	badEntry     string // what the bad entry's error says
}{
	{kinds.Default().MustFind("juosan"), juosanPlay, `{"name": "bad", "m": 0}`, `{"name": tru}`, `(bad): "m" (rows) must be`},
	{kinds.Default().MustFind("shinro"), shinroPlay, `{"index": 200, "grid": 5}`, `{"grid": tru}`, `(playshinro 200): grid: want an array of rows`},
	{kinds.Default().MustFind("linjat"), linjatFile, `"bad": [{"puzzle": 5}]`, `"bad": [{"puzzle": tru}]`, `(bad/1): puzzle: want an array of row strings`},
}

// TestSelectStreams: selecting an entry, which reads the file only up to
// it, gives what reading the whole file gives, for every entry of every
// corpus JSON file: the same puzzle by its number and by its name, and a
// malformed entry's own errors; and a malformed entry after the selected
// one, or broken JSON there, changes nothing.
func TestSelectStreams(t *testing.T) {
	for _, c := range jsonCorpus {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		insts, err := c.kind.Parse(c.file, data, kind.Options{})
		byEntry := map[int]kind.Instance{}
		names := map[string]int{}
		for _, in := range insts {
			byEntry[in.Head().Entry] = in
			names[in.Name()]++
		}
		// Every bad entry's errors, as a whole read reports them.
		bad := map[int][]string{}
		if err != nil {
			var list puzzle.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("%s: have error %v, want a list of bad entries' errors", c.file, err)
			}
			for _, e := range list {
				var n int
				if _, err := fmt.Sscanf(e.Msg, "entry %d", &n); err != nil {
					t.Fatalf("%s: error %v names no entry", c.file, e)
				}
				bad[n] = append(bad[n], e.Error())
			}
		}
		entries := len(insts) + len(bad)
		broken := map[string][]byte{
			"malformed entry after": insertLast(data, c.bad),
			"broken JSON after":     insertLast(data, c.badJSON),
		}
		for n := 1; n <= entries; n++ {
			sel := strconv.Itoa(n)
			have, err := c.kind.Select(c.file, data, kind.Options{}, sel)
			if want, ok := byEntry[n]; ok {
				if diff := differ(have, err, want); diff != "" {
					t.Errorf("%s#%s: %s", filepath.Base(c.file), sel, diff)
				}
				if names[want.Name()] == 1 {
					have, err := c.kind.Select(c.file, data, kind.Options{}, "name="+want.Name())
					if diff := differ(have, err, want); diff != "" {
						t.Errorf("%s#name=%s: %s", filepath.Base(c.file), want.Name(), diff)
					}
				}
				for what, data := range broken {
					have, err := c.kind.Select(c.file, data, kind.Options{}, sel)
					if diff := differ(have, err, want); diff != "" {
						t.Errorf("%s#%s, %s: %s", filepath.Base(c.file), sel, what, diff)
					}
				}
				continue
			}
			if have := errorLines(err); have != strings.Join(bad[n], "\n") {
				t.Errorf("%s#%s: have\n%s\nwant the entry's errors\n%s", filepath.Base(c.file), sel, have, strings.Join(bad[n], "\n"))
			}
		}
		past := strconv.Itoa(entries + 1)
		if _, err := c.kind.Select(c.file, data, kind.Options{}, past); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("(the file holds %d entries)", entries)) {
			t.Errorf("%s#%s: have %v, want no puzzle, the file holding %d entries", filepath.Base(c.file), past, err, entries)
		}
		// The added entry is entry entries+1; a whole read of the broken
		// JSON fails, where the selections above did not read that far.
		_, err = c.kind.Select(c.file, broken["malformed entry after"], kind.Options{}, past)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("entry %d %s", entries+1, c.badEntry)) {
			t.Errorf("%s#%s with a malformed entry added: have %v, want its error", filepath.Base(c.file), past, err)
		}
		if insts, err := c.kind.Parse(c.file, broken["broken JSON after"], kind.Options{}); err == nil || len(insts) > 0 {
			t.Errorf("%s with broken JSON added: have %d puzzles, %v; want no puzzle and the syntax error", filepath.Base(c.file), len(insts), err)
		}
	}
}

// insertLast puts s as the last element of data's outermost list or
// object.
func insertLast(data []byte, s string) []byte {
	body := bytes.TrimRight(data, " \t\r\n")
	last := len(body) - 1
	return []byte(string(body[:last]) + ",\n" + s + string(body[last:]) + "\n")
}

// differ tells how the selected puzzle (have, err) differs from want, the
// puzzle a whole read gave: "" when it is the same puzzle.
func differ(have kind.Instance, err error, want kind.Instance) string {
	if err != nil {
		return fmt.Sprintf("have error %v, want %s (entry %d)", err, want.Name(), want.Head().Entry)
	}
	text := func(in kind.Instance) string {
		s, err := in.Format("")
		return fmt.Sprint(in.Name(), in.Head().Entry, in.Draw(nil), in.Solution(), s, err)
	}
	if h, w := text(have), text(want); h != w {
		return fmt.Sprintf("have\n%s\nwant\n%s", h, w)
	}
	return ""
}

// errorLines is err's errors, one per line.
func errorLines(err error) string {
	var list puzzle.ErrorList
	if !errors.As(err, &list) {
		return fmt.Sprint(err)
	}
	var lines []string
	for _, e := range list {
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}
