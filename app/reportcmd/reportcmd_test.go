package reportcmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/clitest"
	"github.com/puzzlesat/puzzlesat/app/reportcmd"
)

var cmds = []*cli.Command{reportcmd.Command()}

// subset is a small mixed collection: every kind, a malformed file, a
// file with a malformed entry, non-unique puzzles.
var subset = []string{
	"../../testdata/hostile",
	"../../testdata/arrows/2026-03-07",
	"../../testdata/linjat/easy-3.txt",
	"../../testdata/linjat/nested.linjat",
	"../../testdata/shinro/playshinro-1.txt",
	"../../testdata/juosan/janko/6x6_1.in",
	"../../testdata/juosan/nested.juosan",
}

// facts are a run's JSON lines without the times, which differ run to run.
func facts(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		delete(m, "ms")
		delete(m, "shard") // which share of the run: the rest is the same
		if c, ok := m["certificate"].(map[string]any); ok {
			delete(c, "check_ms")
		}
		b, _ := json.Marshal(m)
		out = append(out, string(b))
	}
	return out
}

// TestShardsFrom: four shards assembled with --from are the single run,
// and --from writes the HTML and PDF from them.
func TestShardsFrom(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "single.jsonl")
	code, _, errs := clitest.RunWith(cmds, "", append([]string{"report", "-o", single}, subset...)...)
	if code != 2 {
		t.Fatalf("single run: exit %d, want 2 (malformed inputs)\n%s", code, errs)
	}
	var shards []string
	for i := range 4 {
		f := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i))
		shards = append(shards, f)
		clitest.RunWith(cmds, "", append([]string{"report", "--shard", fmt.Sprintf("%d/4", i), "-o", f}, subset...)...)
		if len(facts(t, f)) == 0 {
			t.Fatalf("shard %d is empty", i)
		}
	}
	joined := filepath.Join(dir, "joined.jsonl")
	code, _, errs = clitest.RunWith(cmds, "", append([]string{"report", "--from", "-o", joined}, shards...)...)
	if code != 2 {
		t.Errorf("--from: exit %d, want 2 as the single run\n%s", code, errs)
	}
	a, b := facts(t, single), facts(t, joined)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("the shards joined differ from the single run:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	for _, out := range []string{"r.html", "r.pdf"} {
		code, _, errs := clitest.RunWith(cmds, "", append([]string{"report", "--from", "--order", "difficulty", "--paper", "letter", "-o", filepath.Join(dir, out)}, shards...)...)
		if st, err := os.Stat(filepath.Join(dir, out)); code != 2 || err != nil || st.Size() == 0 {
			t.Errorf("--from -o %s: exit %d, %v\n%s", out, code, err, errs)
		}
	}
	// A shard missing is refused, naming it, unless --partial, which the
	// title page says.
	code, _, errs = clitest.RunWith(cmds, "", "report", "--from", "-o", joined, shards[0], shards[1], shards[3])
	if code != 2 || !strings.Contains(errs, "shard 2/4 is missing") || !strings.Contains(errs, "--partial") {
		t.Errorf("a shard missing: exit %d, %s; want 2, naming shard 2/4", code, errs)
	}
	page := filepath.Join(dir, "partial.html")
	code, _, errs = clitest.RunWith(cmds, "", "report", "--from", "--partial", "-o", page, shards[0], shards[1], shards[3])
	if html, err := os.ReadFile(page); code != 2 || err != nil || !strings.Contains(string(html), "Partial: partial: 4 of the run&#39;s 16 entries are missing: shard 2/4 is missing") {
		t.Errorf("--partial: exit %d, %v, %s; want the page saying shard 2/4 is missing", code, err, errs)
	}
	// A shard of another run (other options: --certify) is refused, named.
	other := filepath.Join(dir, "other.jsonl")
	clitest.RunWith(cmds, "", append([]string{"report", "--certify", "--shard", "2/4", "-o", other}, subset...)...)
	code, _, errs = clitest.RunWith(cmds, "", "report", "--from", "-o", joined, shards[0], shards[1], other, shards[3])
	if code != 2 || !strings.Contains(errs, other+" is from another run") {
		t.Errorf("a shard of another run: exit %d, %s; want 2, naming %s", code, errs, other)
	}
	// A shard given twice is refused.
	if code, _, errs := clitest.RunWith(cmds, "", "report", "--from", "-o", joined, shards[0], shards[0]); code != 2 || !strings.Contains(errs, "given twice") {
		t.Errorf("a shard twice: exit %d, %s", code, errs)
	}
}

// TestExitCodes: every exit code the README documents.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	clitest.TestWith(t, cmds, []clitest.Case{
		{Name: "unique", Args: []string{"report", "-o", out, "../../testdata/juosan/janko/6x6_1.in"}, Code: 0, Err: []string{"1 unique"}},
		{Name: "multiple", Args: []string{"report", "-o", out, "../../testdata/juosan/janko_instances.json#4x4_1"}, Code: 1, Err: []string{"1 multiple"}},
		{Name: "malformed", Args: []string{"report", "-o", out, "../../testdata/hostile/malformed.juosan", "../../testdata/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{"1 unique, 1 malformed"}},
		{Name: "no output", Args: []string{"report", "../../testdata/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{"-o FILE"}},
		{Name: "bad extension", Args: []string{"report", "-o", "r.txt", "../../testdata/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{".html, .pdf"}},
		{Name: "shard to html", Args: []string{"report", "--shard", "0/2", "-o", "r.html", "../../testdata/juosan/janko/6x6_1.in"}, Code: 2, Err: []string{"--from"}},
		{Name: "timeout", Args: []string{"report", "--timeout", "1ns", "-o", out, "../../testdata/juosan/janko/6x6_1.in"}, Code: 3, Err: []string{"1 timeout"}},
		{Name: "certify", Args: []string{"report", "--certify", "-o", out, "../../testdata/juosan/janko/6x6_1.in"}, Code: 0},
	})
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"certificate":{"lemmas":`) || !strings.Contains(string(data), `"checked":true`) {
		t.Errorf("--certify: no checked certificate in %s", data)
	}
}
