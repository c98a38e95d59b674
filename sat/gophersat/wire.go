package gophersat

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The worker protocol is a few integer lists, written as varints. It is
// hand-written rather than encoding/gob because gob's package initialisation
// costs every start of the binary a quarter of a millisecond, gophersat or
// not, and a one-puzzle check takes about two.

// maxWireLen bounds any length read off the wire, so that a corrupt stream
// is an error rather than a huge allocation.
const maxWireLen = 1 << 28

// encoder writes the protocol's values to a buffered writer.
type encoder struct {
	w   *bufio.Writer
	buf [binary.MaxVarintLen64]byte
}

func (e *encoder) int(x int) {
	n := binary.PutVarint(e.buf[:], int64(x))
	e.w.Write(e.buf[:n])
}

func (e *encoder) ints(xs []int) {
	e.int(len(xs))
	for _, x := range xs {
		e.int(x)
	}
}

func (e *encoder) intLists(xss [][]int) {
	e.int(len(xss))
	for _, xs := range xss {
		e.ints(xs)
	}
}

func (e *encoder) bool(b bool) {
	if b {
		e.int(1)
	} else {
		e.int(0)
	}
}

// decoder reads what encoder wrote; the first error sticks.
type decoder struct {
	r   *bufio.Reader
	err error
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	x, err := binary.ReadVarint(d.r)
	if err != nil {
		d.err = err
	}
	return int(x)
}

func (d *decoder) len() int {
	n := d.int()
	if d.err == nil && (n < 0 || n > maxWireLen) {
		d.err = fmt.Errorf("gophersat worker protocol: bad length %d", n)
	}
	if d.err != nil {
		return 0
	}
	return n
}

func (d *decoder) ints() []int {
	n := d.len()
	if n == 0 {
		return nil
	}
	xs := make([]int, n)
	for i := range xs {
		xs[i] = d.int()
	}
	return xs
}

func (d *decoder) intLists() [][]int {
	n := d.len()
	if n == 0 {
		return nil
	}
	xss := make([][]int, n)
	for i := range xss {
		xss[i] = d.ints()
	}
	return xss
}

func (d *decoder) bool() bool { return d.int() != 0 }

func writeRequest(w *bufio.Writer, req *request) error {
	e := &encoder{w: w}
	e.int(req.Vars)
	e.intLists(req.Clauses)
	e.ints(req.Units)
	e.int(len(req.Cards))
	for _, c := range req.Cards {
		e.ints(c.Lits)
		e.int(c.AtLeast)
	}
	e.bool(req.Certify)
	return w.Flush()
}

// readRequest reads one request; io.EOF when the stream ends before one.
func readRequest(r *bufio.Reader) (*request, error) {
	if _, err := r.Peek(1); err != nil {
		return nil, err
	}
	d := &decoder{r: r}
	req := &request{Vars: d.int(), Clauses: d.intLists(), Units: d.ints()}
	if n := d.len(); n > 0 {
		req.Cards = make([]Card, n)
		for i := range req.Cards {
			req.Cards[i] = Card{Lits: d.ints(), AtLeast: d.int()}
		}
	}
	req.Certify = d.bool()
	return req, unexpectedEOF(d.err)
}

func writeResponse(w *bufio.Writer, resp *response) error {
	e := &encoder{w: w}
	e.int(resp.Status)
	e.int(len(resp.Model))
	for _, b := range resp.Model {
		e.bool(b)
	}
	e.intLists(resp.Cert)
	e.int(len(resp.Err))
	w.WriteString(resp.Err)
	e.int(int(resp.Stats.Conflicts))
	e.int(int(resp.Stats.Decisions))
	e.int(int(resp.Stats.Propagations))
	return w.Flush()
}

func readResponse(r *bufio.Reader) (response, error) {
	d := &decoder{r: r}
	resp := response{Status: d.int()}
	if n := d.len(); n > 0 {
		resp.Model = make([]bool, n)
		for i := range resp.Model {
			resp.Model[i] = d.bool()
		}
	}
	resp.Cert = d.intLists()
	if n := d.len(); n > 0 && d.err == nil {
		msg := make([]byte, n)
		if _, err := io.ReadFull(r, msg); err != nil {
			d.err = err
		}
		resp.Err = string(msg)
	}
	resp.Stats.Conflicts = int64(d.int())
	resp.Stats.Decisions = int64(d.int())
	resp.Stats.Propagations = int64(d.int())
	return resp, unexpectedEOF(d.err)
}

// unexpectedEOF turns an end of stream inside a message into an error of
// its own: only an end between messages is a clean end.
func unexpectedEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
