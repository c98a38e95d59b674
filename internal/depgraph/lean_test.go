package depgraph

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// linked is the import graph of the binary main (a path relative to the
// module) as make build links it (with its build tags), standard library
// included, by `go list -deps`.
func linked(t *testing.T, main string) (string, map[string][]string) {
	t.Helper()
	mod, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	modPath, dir, _ := strings.Cut(strings.TrimSpace(string(mod)), " ")
	cmd := exec.Command("go", "list", "-deps", "-tags", "urfave_cli_no_docs", "-json=ImportPath,Imports", "./"+main)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./%s: %v\n%s", main, err, stderr.String())
	}
	imports := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		imports[p.ImportPath] = p.Imports
	}
	return modPath + "/" + main, imports
}

// TestLean is the start-up budget of `make test`: the main binary links
// no HTTP stack, TLS, progress bar or graphics library.
func TestLean(t *testing.T) {
	for _, l := range Leans {
		main, imports := linked(t, l.Main)
		if _, ok := imports[main]; !ok {
			t.Fatalf("go list -deps ./%s: no package %s", l.Main, main)
		}
		for _, v := range CheckLean(main, imports, l) {
			t.Errorf("%s", v)
		}
	}
}

func TestCheckLean(t *testing.T) {
	imports := map[string][]string{
		"m/cmd/x":    {"m/app", "fmt"},
		"m/app":      {"m/app/bar", "m/app/sum", "strings"},
		"m/app/sum":  {"crypto/sha256"},
		"m/app/bar":  {"net/http"},
		"net/http":   {"crypto/tls", "net"},
		"crypto/tls": {"crypto/x509"},
	}
	lean := Lean{Main: "cmd/x", Not: []string{"net/http", "crypto/..."}}
	var got []string
	for _, v := range CheckLean("m/cmd/x", imports, lean) {
		got = append(got, strings.Join(v.Path, " "))
	}
	// crypto/tls and crypto/x509 come only through net/http: named once.
	want := []string{"m/cmd/x m/app m/app/sum crypto/sha256", "m/cmd/x m/app m/app/bar net/http"} // sorted by package
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("CheckLean:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if v := CheckLean("m/cmd/x", map[string][]string{"m/cmd/x": {"fmt"}}, lean); len(v) != 0 {
		t.Errorf("a binary linking fmt only: %v", v)
	}
}
