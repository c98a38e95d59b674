package buildtest

import (
	"os/exec"
	"strings"
	"testing"
)

func TestBuild(t *testing.T) {
	bin, err := Build(t.TempDir(), "puzzlesat")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "puzzlesat") {
		t.Errorf("%s --version: %v, %s", bin, err, out)
	}
	if _, err := Build(t.TempDir(), "no-such-command"); err == nil {
		t.Error("building a command that does not exist: no error")
	}
}
