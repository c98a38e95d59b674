package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/puzzlesat/puzzlesat/answer"
)

// The verdicts: check's statuses, malformed, and a puzzle played by
// moves's (answer's, all).
const (
	Unique     = answer.Unique
	Multiple   = answer.Multiple
	Unsolvable = answer.Unsolvable
	Malformed  = answer.Malformed
	Timeout    = answer.Timeout
	// Optimal: the shortest solution is proven.
	Optimal = answer.Optimal
	// NoSolution: every length up to the solvers' bound was refuted.
	NoSolution = answer.NoSolution
)

// Record is everything the report says of one puzzle: its place in the
// run and in its file, around the answer to the one question the report
// asks of each puzzle (answer.Entry: the facts SAT and the human engine
// found, and the inputs of its pictures, so that the HTML and PDF are
// written from records alone, report --from, with no solving). A JSON
// line of the report is one Record: snake_case keys, positions numbered
// from 1.
type Record struct {
	// Index is the puzzle's place in the whole run (0-based, files in
	// argument order, folders walked in lexical order, a file's puzzles
	// then its malformed entries): what --shard splits and --from sorts by.
	Index int    `json:"index"`
	File  string `json:"file"`
	answer.EntryRecord

	// Input is the entry's own fingerprint (its kind, its puzzle in the
	// canonical format and the kind's options; a malformed entry's error):
	// with File and Entry, what --resume knows a finished entry by.
	Input string `json:"input,omitempty"`
	// Run is the run's fingerprint (RunID), Shard the share of it the
	// record was worked out in ("I/N") and RunSize the number of entries
	// of the whole run: what --from checks a set of shards by.
	Run     string `json:"run,omitempty"`
	Shard   string `json:"shard,omitempty"`
	RunSize int    `json:"run_size,omitempty"`

	// from is the file ReadJSON read the record from.
	from string
}

// The parts of a record, answer's.
type (
	// Clue is a removable clue and, for a redundant clue with --certify,
	// the size of its checked certificate.
	Clue = answer.EntryClue
	// Grade is the human engine's solve of the puzzle.
	Grade = answer.EntryGrade
	// RuleUse is a rule a solve used and how often.
	RuleUse = answer.RuleUse
	// Certificate is a checked RUP certificate that the puzzle has no
	// second solution.
	Certificate = answer.EntryCertificate
)

// Problem reports whether the record is among the problems the report
// lists first: not unique, malformed, or cut short.
func (r *Record) Problem() bool { return (r.Verdict != Unique && r.Verdict != Optimal) || r.TimedOut }

// problemRank orders the problems: malformed, unsolvable, multiple,
// timed out; then the unique puzzles.
func (r *Record) problemRank() int {
	switch {
	case r.Verdict == Malformed:
		return 0
	case r.Verdict == Unsolvable || r.Verdict == NoSolution:
		return 1
	case r.Verdict == Multiple:
		return 2
	case r.Verdict == Timeout || r.TimedOut:
		return 3
	}
	return 4
}

// Label names the puzzle: its file, and its name when it has one.
func (r *Record) Label() string {
	if r.Name != "" && r.Name != r.File {
		return r.File + "#" + r.Name
	}
	return r.File
}

// Size is "RxC", or "" when not known.
func (r *Record) Size() string {
	if r.Rows == 0 {
		return ""
	}
	return fmt.Sprintf("%dx%d", r.Rows, r.Cols)
}

// WriteJSON writes the records as JSON lines, in order.
func WriteJSON(w io.Writer, recs []Record) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadJSON reads the JSON lines of the files (report --shard outputs) and
// returns their records by Index. Two records with one Index are an
// error (a shard given twice).
func ReadJSON(files ...string) ([]Record, error) {
	var out []Record
	seen := map[int]string{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bufio.NewReader(f))
		for n := 1; ; n++ {
			var r Record
			if err := dec.Decode(&r); err == io.EOF {
				break
			} else if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: record %d: %v", name, n, err)
			}
			if other, dup := seen[r.Index]; dup {
				f.Close()
				return nil, fmt.Errorf("%s: record %d: puzzle %d is in %s too (a shard given twice?)", name, n, r.Index, other)
			}
			seen[r.Index] = name
			r.from = name
			out = append(out, r)
		}
		f.Close()
	}
	slices.SortStableFunc(out, func(a, b Record) int { return a.Index - b.Index })
	return out, nil
}
