package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
)

// RunID is what every record of a run carries so that --from can tell a
// whole set of shards from a part of one, or from shards of different
// runs: the run's fingerprint, the shard the record was worked out in
// ("I/N") and the number of entries of the whole run.
type RunID struct {
	Fingerprint string
	Shard       string
	Size        int
}

// Identify sets every item's Input, its own fingerprint, and returns the
// run's: a hash of every entry's file, place and fingerprint, in order,
// and of the options that change what a record says (the certificates,
// the budgets, the kinds' options). Two runs with one fingerprint work
// out the same records (times aside), whichever shard of it they are.
func Identify(items []Item, opt Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "certify=%v puzzle-timeout=%v grade-timeout=%v\n", opt.Certify, opt.PuzzleTimeout, opt.GradeTimeout)
	for i := range items {
		it := &items[i]
		it.Input = inputPrint(it, opt.Kind)
		fmt.Fprintf(h, "%d %q %d %s\n", it.Index, it.File, entryOf(it), it.Input)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// entryOf is the item's entry in its file (Record.Entry), 0 for a
// malformed entry.
func entryOf(it *Item) int {
	if it.Puzzle == nil {
		return 0
	}
	return it.Puzzle.Place()
}

// inputPrint is an item's fingerprint: a hash of its puzzle's identity
// (answer.One's: its kind, the puzzle in the kind's canonical format and
// the kind's options that differ from their defaults); of a malformed
// entry's error.
func inputPrint(it *Item, opt kind.Options) string {
	h := sha256.New()
	if it.Puzzle != nil {
		h.Write([]byte(it.Puzzle.Identity(opt)))
	} else {
		fmt.Fprintf(h, "malformed\n%v", it.Err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// key is what --resume knows an entry by: file, entry and fingerprint.
func key(file string, entry int, input string) string {
	return fmt.Sprintf("%s\x00%d\x00%s", file, entry, input)
}

// Resumable are the records of an earlier run (its journal) that a run of
// items with fingerprint run need not work out again, by the index of the
// item each stands for (re-stamped with the item's index and shard): a
// record of the same run whose entry has the same file, place in its file
// and fingerprint. A record cut short by the time limit (timed out in
// part) is worked out again, as is a malformed entry (cheap), so that
// a resumed run ends as one uninterrupted run would.
func Resumable(old []Record, items []Item, run RunID) map[int]Record {
	byKey := map[string]Record{}
	for _, r := range old {
		if r.Run != run.Fingerprint || r.Verdict == Malformed || r.Verdict == Timeout || r.TimedOut {
			continue
		}
		byKey[key(r.File, r.Entry, r.Input)] = r
	}
	out := map[int]Record{}
	for i := range items {
		it := &items[i]
		if it.Puzzle == nil {
			continue
		}
		if r, ok := byKey[key(it.File, entryOf(it), it.Input)]; ok {
			r.Index, r.Shard, r.RunSize = it.Index, run.Shard, run.Size
			out[it.Index] = r
		}
	}
	return out
}

// Join checks that recs (read with ReadJSON from --from's files) are one
// whole run: one fingerprint, one shard count and every entry of the run
// there. What is wrong names the file, the shard or the entries missing;
// with partial, a missing shard or entry is no error but the note (for
// the title page) that says which are missing.
func Join(recs []Record, partial bool) (note string, err error) {
	if len(recs) == 0 {
		return "", nil
	}
	first := recs[0]
	count := func(s string) string { _, n, _ := strings.Cut(s, "/"); return n }
	for _, r := range recs {
		if r.Run != first.Run || r.RunSize != first.RunSize {
			return "", fmt.Errorf("%s is from another run than %s (fingerprint %s of %d entries, not %s of %d)",
				r.from, first.from, orNone(r.Run), r.RunSize, orNone(first.Run), first.RunSize)
		}
		if count(r.Shard) != count(first.Shard) {
			return "", fmt.Errorf("%s is of shard %s, %s of shard %s: shards of different splits", r.from, r.Shard, first.from, first.Shard)
		}
	}
	if first.RunSize == 0 {
		return "", nil // records of before fingerprints: nothing to check
	}
	have := map[int]bool{}
	for _, r := range recs {
		have[r.Index] = true
	}
	var missing []int
	for i := range first.RunSize {
		if !have[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return "", nil
	}
	n := 1
	fmt.Sscan(count(first.Shard), &n)
	shards := map[int]int{}
	for _, i := range missing {
		shards[i%max(n, 1)]++
	}
	var parts []string
	for _, s := range slices.Sorted(maps.Keys(shards)) {
		size := 0
		for i := s; i < first.RunSize; i += max(n, 1) {
			size++
		}
		if shards[s] == size {
			parts = append(parts, fmt.Sprintf("shard %d/%d is missing", s, n))
		} else {
			parts = append(parts, fmt.Sprintf("shard %d/%d lacks %d of its %d entries", s, n, shards[s], size))
		}
	}
	msg := fmt.Sprintf("%d of the run's %d entries are missing: %s", len(missing), first.RunSize, strings.Join(parts, "; "))
	if !partial {
		return "", fmt.Errorf("%s (--partial writes the report of those there)", msg)
	}
	return "partial: " + msg, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
