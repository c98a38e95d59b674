package dimacs

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

func TestReadValid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want sat.Formula
	}{
		{"plain", "p cnf 3 2\n1 -3 0\n2 3 -1 0\n",
			sat.Formula{Vars: 3, Clauses: [][]int{{1, -3}, {2, 3, -1}}}},
		{"comments anywhere", "c hello\nc\np cnf 2 1\nc between\n1 2 0\nc end\n",
			sat.Formula{Vars: 2, Clauses: [][]int{{1, 2}}}},
		{"clause spans lines", "p cnf 3 1\n1\n-2\n  3 0\n",
			sat.Formula{Vars: 3, Clauses: [][]int{{1, -2, 3}}}},
		{"clauses share a line", "p cnf 3 3\n1 0 -2 0 3 -1 0\n",
			sat.Formula{Vars: 3, Clauses: [][]int{{1}, {-2}, {3, -1}}}},
		{"satlib trailer", "p cnf 2 2\n 1 -2 0\n2 0\n%\n0\n\n",
			sat.Formula{Vars: 2, Clauses: [][]int{{1, -2}, {2}}}},
		{"trailer with 0 on its line", "p cnf 1 1\n1 0\n% 0\n",
			sat.Formula{Vars: 1, Clauses: [][]int{{1}}}},
		{"empty clause", "p cnf 1 2\n1 0\n0\n",
			sat.Formula{Vars: 1, Clauses: [][]int{{1}, {}}}},
		{"no clauses", "p cnf 0 0\n", sat.Formula{Vars: 0, Clauses: [][]int{}}},
		{"unused variables kept", "p cnf 5 1\n1 0\n", sat.Formula{Vars: 5, Clauses: [][]int{{1}}}},
		{"byte order mark", "\uFEFFp cnf 2 1\n1 -2 0\n", sat.Formula{Vars: 2, Clauses: [][]int{{1, -2}}}},
		{"crlf, tabs, no final newline", "p cnf 2 1\r\n1\t-2 0", sat.Formula{Vars: 2, Clauses: [][]int{{1, -2}}}},
		{"huge header, small file", "p cnf 8388607 1\n8388607 -1 0\n",
			sat.Formula{Vars: MaxVars, Clauses: [][]int{{MaxVars, -1}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := Read(strings.NewReader(tt.in), "x.cnf")
			if err != nil {
				t.Fatalf("have error %v, want none", err)
			}
			if !reflect.DeepEqual(*have, tt.want) {
				t.Errorf("have %+v, want %+v", *have, tt.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "x.cnf:1:1: missing header"},
		{"only comments", "c a\nc b\n", "x.cnf:2:1: missing header"},
		{"clause before header", "c x\n1 2 0\np cnf 2 1\n", "x.cnf:2:1: missing header"},
		{"duplicate header", "p cnf 2 1\np cnf 2 1\n1 0\n", "x.cnf:2:1: duplicate header (first on line 1)"},
		{"header after clauses", "p cnf 2 1\n1 0\np cnf 2 1\n", "x.cnf:3:1: duplicate header"},
		{"wrong format", "p wcnf 2 1\n", "x.cnf:1:3: bad header"},
		{"header too short", "p cnf 2\n", "x.cnf:1:7: bad header: want \"p cnf VARS CLAUSES\", got 3 fields"},
		{"header too long", "p cnf 2 1 7\n", "x.cnf:1:11: bad header"},
		{"header glued", "pcnf 2 1\n", "x.cnf:1:1: bad header"},
		{"bad var count", "p cnf x 1\n", "x.cnf:1:7: bad variable count \"x\": not an integer"},
		{"negative var count", "p cnf -3 1\n", "x.cnf:1:7: bad variable count \"-3\": negative"},
		{"absurd var count", "p cnf 99999999999 1\n", "x.cnf:1:7: bad variable count \"99999999999\": more than 8388607"},
		{"header beyond the memory cap", "p cnf 268435455 1\n1 0\n", "x.cnf:1:7: bad variable count \"268435455\": more than 8388607"},
		{"overflowing clause count", "p cnf 3 999999999999999999999\n", "x.cnf:1:9: bad clause count"},
		{"literal out of range", "p cnf 3 1\n1 -4 0\n", "x.cnf:2:3: literal -4 beyond the header's variable count 3"},
		{"literal overflows", "p cnf 3 1\n1 -9223372036854775808 0\n", "x.cnf:2:3: literal -9223372036854775808 beyond the header's variable count 3"},
		{"literal too long", "p cnf 3 1\n1 99999999999999999999 0\n", "x.cnf:2:3: bad literal"},
		{"non-integer token", "p cnf 3 1\n1 2 x 0\n", "x.cnf:2:5: bad literal \"x\": not an integer"},
		{"comment after literals", "p cnf 3 1\n1 2 0 c no\n", "x.cnf:2:7: bad literal \"c\""},
		{"unterminated last clause", "p cnf 3 2\n1 0\n2\n3\n", "x.cnf:3:1: last clause is not terminated by 0"},
		{"too few clauses", "p cnf 3 3\n1 0\n2 0\n", "x.cnf:1:1: clause count: the header says 3, the file has 2"},
		{"too many clauses", "p cnf 3 1\n1 0\n2 0\n", "x.cnf:1:1: clause count: the header says 1, the file has 2"},
		{"text after trailer", "p cnf 1 1\n1 0\n%\n0\n1 0\n", "x.cnf:5:1: unexpected \"1\" after the % end marker"},
		{"trailer inside clause", "p cnf 1 1\n1\n%\n0\n", "x.cnf:2:1: clause is not terminated by 0 before the % end marker"},
		{"trailer glued", "p cnf 1 1\n1 0\n%x\n", "x.cnf:3:2: unexpected text after %"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tt.in), "x.cnf")
			if err == nil {
				t.Fatalf("have formula %+v, want error %q", f, tt.want)
			}
			var pe *srcpos.Error
			if !errors.As(err, &pe) {
				t.Errorf("have error type %T, want *srcpos.Error", err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("have error %q, want prefix %q", err, tt.want)
			}
		})
	}
}

func TestReadAllowCountMismatch(t *testing.T) {
	for _, in := range []string{"p cnf 2 5\n1 0\n-2 0\n", "p cnf 2 1\n1 0\n-2 0\n"} {
		f, err := ReadWith(strings.NewReader(in), "x.cnf", Options{AllowCountMismatch: true})
		if err != nil {
			t.Fatalf("%q: have error %v, want none", in, err)
		}
		if want := [][]int{{1}, {-2}}; !reflect.DeepEqual(f.Clauses, want) {
			t.Errorf("%q: have clauses %v, want %v", in, f.Clauses, want)
		}
	}
}

func TestWrite(t *testing.T) {
	f := &sat.Formula{Vars: 2, Clauses: [][]int{{1, -2}, {}, {3}}}
	var buf bytes.Buffer
	if err := Write(&buf, f, "made by a test", "two\nlines"); err != nil {
		t.Fatal(err)
	}
	want := "c made by a test\nc two\nc lines\np cnf 3 3\n1 -2 0\n0\n3 0\n"
	if buf.String() != want {
		t.Errorf("have\n%s\nwant\n%s", buf.String(), want)
	}
	if err := Write(&buf, &sat.Formula{Clauses: [][]int{{1, 0}}}); err == nil {
		t.Error("have no error for a clause holding 0, want one")
	}
}

// TestReadCorpus reads every CNF file under testdata and writes it back.
func TestReadCorpus(t *testing.T) {
	files := []struct {
		path          string
		vars, clauses int
	}{
		{"testdata/uf20-01.cnf", 20, 91},         // as distributed: with the % trailer
		{"testdata/uf20-01-trimmed.cnf", 20, 91}, // trailer removed
	}
	var first *sat.Formula
	for _, tt := range files {
		data, err := os.ReadFile(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Read(bytes.NewReader(data), tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if f.Vars != tt.vars || len(f.Clauses) != tt.clauses {
			t.Errorf("%s: have %d vars %d clauses, want %d %d", tt.path, f.Vars, len(f.Clauses), tt.vars, tt.clauses)
		}
		if first == nil {
			first = f
		} else if !reflect.DeepEqual(f, first) {
			t.Errorf("%s differs from %s", tt.path, files[0].path)
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"p cnf 3 2\n1 -3 0\n2 3 -1 0\n",
		"c x\np cnf 2 2\n1 0 -2\n 0\n%\n0\n",
		"p cnf 1 1\n0\n",
		"p cnf 0 0\n",
		"p cnf 268435455 1\n-268435455 0\n",
		"p cnf 2 1\n1 2",
		"1 2 0\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fm, err := Read(bytes.NewReader(data), "fuzz.cnf")
		if err != nil {
			var pe *srcpos.Error
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v (%T) is not positioned", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, fm); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := Read(&buf, "again.cnf")
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		if again.Vars != fm.Vars || len(again.Clauses) != len(fm.Clauses) {
			t.Fatalf("have %d vars %d clauses after round trip, want %d %d", again.Vars, len(again.Clauses), fm.Vars, len(fm.Clauses))
		}
		for i := range fm.Clauses {
			if !reflect.DeepEqual(again.Clauses[i], fm.Clauses[i]) {
				t.Fatalf("clause %d: have %v after round trip, want %v", i, again.Clauses[i], fm.Clauses[i])
			}
		}
	})
}

// TestReadFile: a file reads as Read reads its bytes, errors named after
// the path; a missing file is the open error.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.cnf"), filepath.Join(dir, "bad.cnf")
	if err := os.WriteFile(good, []byte("p cnf 2 1\n1 -2 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("p cnf 2 1\n1 x 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := ReadFile(good)
	if err != nil || f.Vars != 2 || len(f.Clauses) != 1 || !slices.Equal(f.Clauses[0], []int{1, -2}) {
		t.Errorf("ReadFile(good) = %+v, %v; want 2 vars, [[1 -2]]", f, err)
	}
	if _, err := ReadFile(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":2:") {
		t.Errorf("ReadFile(bad) error %v, want one at %s:2", err, bad)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.cnf")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(missing) error %v, want fs.ErrNotExist", err)
	}
}
