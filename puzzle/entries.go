package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Entries walks the entries of an input that holds many puzzles (a JSON
// list, several puzzles in one text), in file order, like bufio.Scanner:
//
//	for es.Next() { name := es.Name(); p, err := es.Read() }
//	if err := es.Err(); err != nil { ... }
//
// The walk reads its input as a stream (an io.Reader), holding the
// current entry (and at most the next, to know Many) and never the whole
// input: a file of any size is worked through in bounded memory, its
// first entry given before its last is read. Where one entry ends is
// found without building it (the end of a JSON value, the next header
// line), so that ParseEntries, SelectEntries and EachEntries number the
// entries alike and a selection can skip entries it does not need without
// building them. A reader of such a format implements it; ParseEntries,
// SelectEntries and EachEntries turn it into a Format's Parse, Select and
// Each, so that a format has one reader, whole input or stream.
type Entries[P any] interface {
	// Next moves to the next entry and reports whether there is one. At
	// the end of the input, or when the input itself is broken (a JSON
	// syntax error, a JSON group that is not a list, data after the
	// end), it reports false and Err says why. A fault is found where the
	// stream reaches it: after the entries before it.
	Next() bool
	// Err is the fault of the input that ended the walk, or nil.
	Err() error
	// Many reports whether the input is a list of entries, not a single
	// puzzle: the errors of an entry then name it. It is known once Next
	// has moved to the first entry.
	Many() bool
	// Name is the current entry's name, read without building the entry;
	// "" when it has none or it cannot be read.
	Name() string
	// Read builds the current entry: its puzzle, or its positioned
	// errors when it is malformed, or neither when it holds no puzzle (a
	// Linjat tutorial message).
	Read() (P, error)
}

// Parts is the walk of an Entries over parts cut from a stream one at a
// time (the lines of a URL list, the blocks of a text): Next, Err and
// Many. A reader embeds it with Cut set, and adds Name and Read, which look
// at Part(). One part is cut ahead of the current one, so that Many is
// known at the first: two parts are held at a time, never the input.
type Parts[T any] struct {
	// Cut cuts the next part from the stream, false at its end. At a
	// fault of the whole input it sets Fault and reports false.
	Cut   func() (T, bool)
	Fault error // a fault of the whole input: the walk ends there

	cur, next T
	started   bool
	hasNext   bool
	many      bool
}

func (ps *Parts[T]) Next() bool {
	if !ps.started {
		ps.started = true
		ps.next, ps.hasNext = ps.cut()
	}
	if !ps.hasNext {
		var zero T
		ps.cur = zero
		return false
	}
	ps.cur = ps.next
	ps.next, ps.hasNext = ps.cut()
	ps.many = ps.many || ps.hasNext
	return true
}

// cut is Cut, which a fault stops for good.
func (ps *Parts[T]) cut() (T, bool) {
	var zero T
	if ps.Fault != nil {
		return zero, false
	}
	p, ok := ps.Cut()
	if !ok || ps.Fault != nil {
		return zero, false
	}
	return p, true
}

func (ps *Parts[T]) Err() error { return ps.Fault }

func (ps *Parts[T]) Many() bool { return ps.many }

// Part is the current part.
func (ps *Parts[T]) Part() T { return ps.cur }

// ParseEntries returns a Format.Parse over the entries open finds: every
// puzzle in file order, each with its Entry number, and when some entries
// are malformed, the others along with an ErrorList holding every bad
// entry's errors, each naming its entry. A fault of the input itself gives
// no puzzles, only that fault.
func ParseEntries[P Headed](open func(file string, r io.Reader) Entries[P]) func(file string, data []byte) ([]P, error) {
	return func(file string, data []byte) ([]P, error) {
		var zero P
		es := open(file, bytes.NewReader(data))
		var (
			ps   []P
			errs ErrorList
		)
		for n := 1; es.Next(); n++ {
			p, err := readEntry(file, es, n)
			switch {
			case err != nil:
				errs = append(errs, err.(ErrorList)...)
			case p != zero:
				ps = append(ps, p)
			}
		}
		if err := es.Err(); err != nil {
			return nil, err
		}
		return ps, errs.Err()
	}
}

// EachEntries returns a Format.Each over the entries open finds in a
// stream: it gives yield what ParseEntries would return, one entry at a
// time and in file order, each built only when read from the stream: a
// puzzle with its Entry number, or a malformed entry's ErrorList, each
// message naming the entry (entries that hold no puzzle are passed over);
// it stops when yield returns false. A fault of the input itself (broken
// JSON, data after the end) is found where the stream reaches it, after
// the entries before it have been given, and returned, positioned.
func EachEntries[P Headed](open func(file string, r io.Reader) Entries[P]) func(file string, r io.Reader, yield func(P, error) bool) error {
	return func(file string, r io.Reader, yield func(P, error) bool) error {
		var zero P
		es := open(file, r)
		for n := 1; es.Next(); n++ {
			p, err := readEntry(file, es, n)
			if (err != nil || p != zero) && !yield(p, err) {
				return nil
			}
		}
		return es.Err()
	}
}

// SelectEntries returns a Format.Select over the entries open finds: it
// reads entries only as far as sel needs, and builds only the entry it
// selects (and, selecting by name, the first entry an alias matched, in
// case no exact name follows). A selection past the last entry, or by a
// name no entry has, walks the whole input.
func SelectEntries[P Headed](open func(file string, r io.Reader) Entries[P]) func(file string, data []byte, sel Selection) (P, error) {
	return func(file string, data []byte, sel Selection) (P, error) {
		var zero P
		es := open(file, bytes.NewReader(data))
		var (
			alias    P
			aliasErr error
			aliased  bool
		)
		n := 0
		for es.Next() {
			n++
			if !sel.ByName {
				if n == sel.Entry {
					return selectEntry(file, es, n)
				}
				continue
			}
			name := es.Name()
			if sel.exact(name) {
				return selectEntry(file, es, n)
			}
			if !aliased && sel.alias(name) {
				alias, aliasErr = selectEntry(file, es, n)
				aliased = true
			}
		}
		if err := es.Err(); err != nil {
			return zero, err
		}
		if aliased {
			return alias, aliasErr
		}
		return zero, sel.missing(file, n)
	}
}

// selectEntry reads entry n, the selected one: an entry without a puzzle
// is an error here, where a whole read passes over it.
func selectEntry[P Headed](file string, es Entries[P], n int) (P, error) {
	p, err := readEntry(file, es, n)
	var zero P
	if err == nil && p == zero {
		err = ErrorList{{File: file, Msg: entryLabel(n, es.Name()) + " holds no puzzle"}}
	}
	return p, err
}

// readEntry reads entry n: its puzzle, numbered, or its errors as an
// ErrorList, each message naming the entry when the input holds a list.
func readEntry[P Headed](file string, es Entries[P], n int) (P, error) {
	var zero P
	p, err := es.Read()
	if err == nil {
		if p != zero {
			p.Head().Entry = n
		}
		return p, nil
	}
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = ErrorList{one}
	default:
		list = ErrorList{{File: file, Msg: err.Error()}}
	}
	if es.Many() {
		label := entryLabel(n, es.Name())
		for _, e := range list {
			e.Msg = label + ": " + e.Msg
		}
	}
	return zero, list.Err()
}

// entryLabel names entry n in messages: "entry 6 (5x5_3 (medium).in)".
func entryLabel(n int, name string) string {
	if name == "" {
		return fmt.Sprintf("entry %d", n)
	}
	return fmt.Sprintf("entry %d (%s)", n, name)
}
