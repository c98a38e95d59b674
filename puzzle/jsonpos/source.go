package jsonpos

import (
	"bytes"
	"errors"
	"io"
	"sort"
)

// source is the document the Readers over its parts share: a window over
// it, from base to as far as a Reader has read. A document given whole is
// one window, read already; a stream is read into the window as the
// Readers need, and release lets go of what lies before an offset, so
// that the window holds the entry being walked, not the document. Lines
// are counted as the window moves, so that positions stay the
// document's.
type source struct {
	file string
	in   io.Reader // the stream; nil for a document given whole
	buf  []byte    // the document from base on, as far as it is read
	base int       // the offset of buf[0]
	eof  bool      // buf runs to the end of the document
	// lineBase is the number of newlines before base, and lastNL the
	// offset of the last of them (-1: none).
	lineBase, lastNL int
	// nl are the offsets of the newlines in buf up to scanned.
	nl      []int
	scanned int
}

// readChunk is how much of a stream the window reads at a time.
const readChunk = 64 << 10

// fill reads the stream until the window holds offset off, and reports
// whether it does (false past the end of the document).
func (s *source) fill(off int) bool {
	for off >= s.base+len(s.buf) {
		if s.eof || s.in == nil {
			s.eof = true
			return false
		}
		if cap(s.buf)-len(s.buf) < readChunk {
			grown := make([]byte, len(s.buf), 2*cap(s.buf)+readChunk)
			copy(grown, s.buf)
			s.buf = grown
		}
		n, err := s.in.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			// A read error ends the document where it stands: the JSON
			// reader then says where it broke off.
			s.eof = true
		}
	}
	return true
}

// at is the byte at off, false past the end of the document (or before
// the window, which no reader asks for).
func (s *source) at(off int) (byte, bool) {
	if off < s.base || !s.fill(off) {
		return 0, false
	}
	return s.buf[off-s.base], true
}

// slice is the document from from to to, both in the window.
func (s *source) slice(from, to int) []byte {
	s.fill(to - 1)
	return s.buf[from-s.base : to-s.base]
}

// size is the length of the document, read to its end.
func (s *source) size() int {
	for s.fill(s.base + len(s.buf)) {
	}
	return s.base + len(s.buf)
}

// reader reads the document from off on, through the window.
func (s *source) reader(off int) io.Reader { return &cursor{s: s, off: off} }

type cursor struct {
	s   *source
	off int
}

// errReleased is what reading bytes let go of gives: a reader behind the
// window, which the walk never makes.
var errReleased = errors.New("jsonpos: reading bytes already let go of")

func (c *cursor) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if c.off < c.s.base {
		return 0, errReleased
	}
	if !c.s.fill(c.off) {
		return 0, io.EOF
	}
	n := copy(p, c.s.buf[c.off-c.s.base:])
	c.off += n
	return n, nil
}

// release lets go of the document before off, counting its lines. The
// bytes kept move to a buffer of their own: what a reader took of the
// window (Value's bytes) stays as it was.
func (s *source) release(off int) {
	if s.in == nil || off <= s.base {
		return
	}
	off = min(off, s.base+len(s.buf))
	s.scan(off)
	i := sort.SearchInts(s.nl, off)
	if i > 0 {
		s.lineBase += i
		s.lastNL = s.nl[i-1]
		s.nl = append(s.nl[:0:0], s.nl[i:]...)
	}
	drop := off - s.base
	if drop < readChunk && drop < len(s.buf)/2 {
		// Not worth a copy yet: keep the bytes, counted already.
		return
	}
	kept := make([]byte, len(s.buf)-drop, max(len(s.buf)-drop, readChunk))
	copy(kept, s.buf[drop:])
	s.buf, s.base = kept, off
}

// scan indexes the newlines of the window up to off.
func (s *source) scan(off int) {
	from := max(s.scanned, s.base)
	to := min(off, s.base+len(s.buf))
	for from < to {
		i := bytes.IndexByte(s.buf[from-s.base:to-s.base], '\n')
		if i < 0 {
			break
		}
		s.nl = append(s.nl, from+i)
		from += i + 1
	}
	s.scanned = max(s.scanned, to)
}

// lineCol is the 1-based line and column (in bytes) of off.
func (s *source) lineCol(off int) (int, int) {
	s.fill(off - 1)
	off = max(off, s.base)
	s.scan(off)
	i := sort.SearchInts(s.nl, off)
	last := s.lastNL
	if i > 0 {
		last = s.nl[i-1]
	}
	return s.lineBase + i + 1, off - last
}
