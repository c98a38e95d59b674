package report

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// shardRecs are the records of a run of size entries split in n shards,
// from the shards given, each record read from "partI.jsonl".
func shardRecs(run string, size, n int, shards ...int) []Record {
	var out []Record
	for _, s := range shards {
		for i := s; i < size; i += n {
			out = append(out, Record{Index: i, Run: run, RunSize: size, Shard: itoa(s) + "/" + itoa(n), from: "part" + itoa(s) + ".jsonl"})
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestJoin: a whole set of shards joins; a shard missing, a shard cut
// short, a shard of another run or of another split is refused, naming
// it; --partial takes a set with some missing and says which.
func TestJoin(t *testing.T) {
	cut := shardRecs("r1", 10, 3, 0, 1, 2)
	cut = append(cut[:4], cut[5:]...) // shard 1/3's first entry gone
	foreign := append(shardRecs("r1", 10, 3, 0, 2), shardRecs("r2", 10, 3, 1)...)
	split := append(shardRecs("r1", 10, 2, 0), shardRecs("r1", 10, 3, 1)...)
	for _, tc := range []struct {
		name    string
		recs    []Record
		partial bool
		err     string // "" no error
		note    string
	}{
		{"whole", shardRecs("r1", 10, 3, 0, 1, 2), false, "", ""},
		{"one shard of one", shardRecs("r1", 10, 1, 0), false, "", ""},
		{"missing", shardRecs("r1", 10, 3, 0, 2), false, "3 of the run's 10 entries are missing: shard 1/3 is missing (--partial", ""},
		{"missing, partial", shardRecs("r1", 10, 3, 0, 2), true, "", "partial: 3 of the run's 10 entries are missing: shard 1/3 is missing"},
		{"cut short", cut, false, "1 of the run's 10 entries are missing: shard 1/3 lacks 1 of its 3 entries", ""},
		{"another run", foreign, false, "part1.jsonl is from another run than part0.jsonl", ""},
		{"another run, partial", foreign, true, "from another run", ""},
		{"another split", split, false, "part1.jsonl is of shard 1/3, part0.jsonl of shard 0/2", ""},
		{"none", nil, false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			note, err := Join(tc.recs, tc.partial)
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("error %v, want one saying %q", err, tc.err)
			case note != tc.note:
				t.Errorf("note %q, want %q", note, tc.note)
			}
		})
	}
}

// TestReadJournal: a journal's records come back; a last line cut short
// (no newline, no record) is passed over; a bad line before the last is
// an error; a journal not there has no records.
func TestReadJournal(t *testing.T) {
	dir := t.TempDir()
	a := `{"index":0,"file":"a","verdict":"unique","clues":0,"differences":[],"ms":1}` + "\n"
	b := `{"index":1,"file":"b","verdict":"multiple","clues":0,"differences":[],"ms":2}` + "\n"
	for _, tc := range []struct {
		name, text string
		files      []string // the records' files, in order
		bad        bool
	}{
		{"whole", a + b, []string{"a", "b"}, false},
		{"last line cut", a + b[:20], []string{"a"}, false},
		{"bad line inside", a + b[:20] + "\n" + a, nil, true},
		{"empty", "", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			recs, err := ReadJournal(path)
			if (err != nil) != tc.bad {
				t.Fatalf("error %v, want error %v", err, tc.bad)
			}
			var files []string
			for _, r := range recs {
				files = append(files, r.File)
			}
			if strings.Join(files, ",") != strings.Join(tc.files, ",") {
				t.Errorf("records of %v, want %v", files, tc.files)
			}
		})
	}
	if recs, err := ReadJournal(filepath.Join(dir, "none.jsonl")); recs != nil || err != nil {
		t.Errorf("no journal: %v, %v; want nothing", recs, err)
	}
}
