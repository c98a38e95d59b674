package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/puzzlesat/puzzlesat/answer"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// The verdicts: check's statuses (answer's), and malformed.
const (
	Unique     = answer.Unique
	Multiple   = answer.Multiple
	Unsolvable = answer.Unsolvable
	Malformed  = "malformed"
	Timeout    = answer.Timeout
)

// Record is everything the report says of one puzzle: the facts SAT and
// the human engine found, and the inputs of its pictures (the puzzle in
// its kind's canonical format, solutions as assignments), so that the
// HTML and PDF are written from records alone (report --from) with no
// solving. A JSON line of the report is one Record: snake_case keys,
// positions numbered from 1.
type Record struct {
	// Index is the puzzle's place in the whole run (0-based, files in
	// argument order, folders walked in lexical order, a file's puzzles
	// then its malformed entries): what --shard splits and --from sorts by.
	Index int    `json:"index"`
	File  string `json:"file"`
	// Entry is the puzzle's entry in its file, from 1 (FILE#N), 0 when
	// not known (a malformed entry).
	Entry int    `json:"entry,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Name  string `json:"name,omitempty"`
	Rows  int    `json:"rows,omitempty"`
	Cols  int    `json:"cols,omitempty"`
	// Verdict is unique, multiple, unsolvable, malformed or timeout; of a
	// puzzle played by moves, optimal or no-solution-within (or timeout).
	Verdict string `json:"verdict"`
	// Error says what is wrong with a malformed entry (file:line:col:
	// message), or what else went wrong (a human step SAT refutes, a part
	// of the work cut short by the time limit).
	Error string `json:"error,omitempty"`
	// TimedOut: some of the work (the verdict, the grade, the redundant
	// clues, the conflict) was cut short by the time limit.
	TimedOut bool `json:"timed_out,omitempty"`
	// Grade is the human engine's solve (nil when it did not run).
	Grade *Grade `json:"grade,omitempty"`
	// Clues counts the puzzle's removable clues (kind.Clued).
	Clues int `json:"clues"`
	// Redundant are the clues whose removal alone leaves the puzzle
	// unique, each proven by SAT (unique puzzles; empty: none).
	Redundant []Clue `json:"redundant_clues"`
	// Removable are redundant clues that can all go at once, the puzzle
	// staying unique (answer.Minimize among the redundant clues: greedy
	// in reading order, each removal proven by SAT; maximal: no other
	// clue can go with them; not proven the largest such set). Empty
	// when there is no redundant clue; null when not sought (not unique,
	// or cut short).
	Removable []Clue `json:"removable_together"`
	// Conflict, for an unsolvable puzzle, is a set of clues that contradict
	// each other with the puzzle's frame (territories, counts, numbers):
	// no clue of it can go with the puzzle staying unsolvable (a
	// deletion-minimal set, proven by SAT). Empty: the frame alone
	// contradicts.
	Conflict []Clue `json:"conflict,omitempty"`
	// Differences are the cells where two solutions differ (multiple;
	// empty otherwise, null without a verdict), as check writes them.
	Differences []answer.DiffRecord `json:"differences"`
	// Shortest, for a puzzle played by moves (a shift puzzle), is its
	// shortest solution and the proof that none is shorter, as `shift
	// solve --format json` writes it (without the states, which the
	// pictures replay).
	Shortest *answer.ShortestRecord `json:"shortest,omitempty"`
	// Certificate is the checked RUP certificate of uniqueness (--certify).
	Certificate *Certificate `json:"certificate,omitempty"`
	// Ms is the time spent on the puzzle.
	Ms float64 `json:"ms"`

	// Puzzle is the puzzle in its kind's canonical format, Flags the
	// kind's own options it was read with that differ from their defaults
	// (Juosan's reading).
	Puzzle string            `json:"puzzle,omitempty"`
	Flags  map[string]string `json:"flags,omitempty"`
	// Solution is the (first) solution, Second another one (multiple),
	// as value indexes of the puzzle's unknowns: check's (the API's)
	// "values" and "second_values".
	Solution puzzle.Assignment `json:"values,omitempty"`
	Second   puzzle.Assignment `json:"second_values,omitempty"`

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

// Clue is a removable clue (kind.Clue): its id, cell and label, and, for
// a redundant clue with --certify, the size of the checked certificate
// that the puzzle without it has no second solution.
type Clue struct {
	kind.Clue
	Lemmas int `json:"certificate_lemmas,omitempty"`
}

// Grade is the human engine's solve of the puzzle.
type Grade struct {
	// Status is solved, stuck or contradiction; timeout when the grade's
	// own budget (Options.GradeTimeout) ran out after TimedOutAfter
	// seconds, the verdict standing beside it.
	Status        string  `json:"status"`
	TimedOutAfter float64 `json:"timed_out_after_s,omitempty"`
	// Band is the easiest of the kind's generation bands the solve lands
	// in (kind.Band.In), "" when none.
	Band string `json:"band,omitempty"`
	// Rating is the difficulty in stars, 1..10 on the scale every kind
	// shares (answer/rating); 0 (no key) when unrated.
	Rating int     `json:"rating,omitempty"`
	Score  float64 `json:"score"`
	// MaxLevel is the highest level of a plain rule's step (trials left
	// out: the score's and the bands' measure).
	MaxLevel int `json:"max_level"`
	// Hardest is the hardest rule the solve used, trial rules included,
	// HardestLevel its level (0 in records of before it: MaxLevel).
	Hardest      string `json:"hardest_rule,omitempty"`
	HardestLevel int    `json:"hardest_level,omitempty"`
	// StuckAfter, for a stuck solve, is the hardest rule the engine tried
	// on the state it stopped at, StuckLevel its level: no rule up to it
	// made progress there.
	StuckAfter string `json:"stuck_after,omitempty"`
	StuckLevel int    `json:"stuck_level,omitempty"`
	TrialDepth int    `json:"trial_depth"`
	Steps      int    `json:"steps"`
	Layers     int    `json:"layers"`
	// Rules are the rules the solve used, by level then name.
	Rules []RuleUse `json:"rules"`
}

// RuleUse is a rule a solve used and how often.
type RuleUse struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
	Steps int    `json:"steps"`
}

// Certificate is a checked RUP certificate that the puzzle has no second
// solution.
type Certificate struct {
	Lemmas  int     `json:"lemmas"`
	Backend string  `json:"backend"`
	Checked bool    `json:"checked"`
	CheckMs float64 `json:"check_ms"`
}

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
