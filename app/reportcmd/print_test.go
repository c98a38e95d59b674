package reportcmd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app/clitest"
)

// TestPrintFlags: the booklet's flags, each bad value refused (exit 2)
// saying which flag and what it wants, before any puzzle is solved; good
// ones make a booklet titled by the input's name.
func TestPrintFlags(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "b.pdf")
	in := "../../testdata/juosan/janko/6x6_1.in"
	clitest.TestWith(t, cmds, []clitest.Case{
		{Name: "per-page 3", Args: []string{"report", "--per-page", "3", "-o", out, in}, Code: 2, Err: []string{"--per-page 3: want 1, 2, 4 or 6"}},
		{Name: "per-page 0", Args: []string{"report", "--per-page", "0", "-o", out, in}, Code: 2, Err: []string{"--per-page 0: want 1, 2, 4 or 6"}},
		{Name: "cell without a unit", Args: []string{"report", "--cell", "7", "-o", out, in}, Code: 2, Err: []string{"--cell: size \"7\" has no unit"}},
		{Name: "cell in furlongs", Args: []string{"report", "--cell", "7furlongs", "-o", out, in}, Code: 2, Err: []string{"--cell: size \"7furlongs\" has no unit"}},
		{Name: "cell too small", Args: []string{"report", "--cell", "1mm", "-o", out, in}, Code: 2, Err: []string{"--cell 1 mm: want 3 to 32 mm"}},
		{Name: "negative bleed", Args: []string{"report", "--bleed", "-3mm", "-o", out, in}, Code: 2, Err: []string{"--bleed: size \"-3mm\" is not a length"}},
		{Name: "margin past half the page", Args: []string{"report", "--margin", "8cm", "-o", out, in}, Code: 2, Err: []string{"--margin 80 mm leaves"}},
		{Name: "unknown paper", Args: []string{"report", "--paper", "b5", "-o", out, in}, Code: 2, Err: []string{"--paper: unknown paper \"b5\""}},
		{Name: "paper too small", Args: []string{"report", "--page", "40x40mm", "-o", out, in}, Code: 2, Err: []string{"under 50 mm a side"}},
		{Name: "a booklet", Args: []string{"report", "--per-page", "6", "--cell", "7mm", "--bleed", "3mm", "--page", "6x9in", "-o", out, in}, Code: 0, Err: []string{"1 unique"}},
	})
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Logf("no pdftotext (poppler-utils): the booklet's title not read back")
		return
	}
	cmd := exec.Command("pdftotext", "-l", "1", "-", "-")
	cmd.Stdin = strings.NewReader(string(data))
	text, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "6x6_1") || !strings.Contains(string(text), "1 puzzle") {
		t.Errorf("the title page, titled by the input's name 6x6_1, says:\n%s", text)
	}
	// Two inputs: titled by the folder that holds both.
	two := filepath.Join(dir, "two.pdf")
	if code, _, errs := clitest.RunWith(cmds, "", "report", "-o", two, in, "../../testdata/linjat/easy-3.txt"); code != 0 {
		t.Fatalf("two inputs: exit %d\n%s", code, errs)
	}
	cmd = exec.Command("pdftotext", "-l", "1", two, "-")
	if text, err = cmd.Output(); err != nil || !strings.HasPrefix(strings.TrimSpace(string(text)), "testdata\n") {
		t.Errorf("two inputs: the title page (%v) says, not titled testdata:\n%s", err, text)
	}
}
