package app_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/app"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	code := app.Run(context.Background(), strings.NewReader(""), &out, &errOut, []string{"puzzlesat", "--version"})
	if want := "puzzlesat version " + app.Version() + "\n"; code != 0 || out.String() != want {
		t.Errorf("--version: have exit %d, %q (stderr %q); want 0, %q", code, out.String(), errOut.String(), want)
	}
}
