// Package dimacs reads and writes CNF formulas in the DIMACS format of the
// SAT competitions:
//
//	c a comment
//	p cnf 3 2
//	1 -3 0
//	2 3 -1 0
//
// Read accepts comment lines anywhere, clauses spanning several lines and
// several clauses on one line, and SATLIB's trailer (a line starting with
// "%", optionally followed by a lone "0"). Everything else that is malformed
// is a positioned *srcpos.Error ("name:line:col: message"): a missing,
// repeated or bad header, a non-integer token, a literal beyond the header's
// variable count, an unterminated last clause and absurd header sizes.
//
// Read is strict about the clause count: a header that declares a different
// number of clauses than the file holds is an error, because a wrong count
// usually means a truncated or concatenated file. Real files sometimes lie
// about it; ReadWith with Options.AllowCountMismatch accepts them.
//
// Header counts are never trusted for allocation: the clause list grows with
// the clauses actually read.
package dimacs

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Limits on header counts. Every declared variable costs memory in every
// back-end whether or not a clause uses it (gini takes about 85 bytes per
// variable: a header of 2^28 variables and one clause grew to 22 GB), so a
// header may declare at most MaxVars, about 8.4 million — far beyond any
// puzzle encoding, and a clear error instead of exhausting the machine.
const (
	MaxVars    = 1<<23 - 1
	MaxClauses = 1<<32 - 1
)

// preallocClauses bounds the clause-list capacity taken from the header.
const preallocClauses = 1 << 16

// Options relaxes Read's checks.
type Options struct {
	// AllowCountMismatch accepts a file whose header declares a different
	// number of clauses than it holds.
	AllowCountMismatch bool
}

// Read parses a DIMACS CNF formula; name is used in error positions. The
// formula's Vars is the header's variable count, even when some variables
// appear in no clause.
func Read(r io.Reader, name string) (*sat.Formula, error) {
	return ReadWith(r, name, Options{})
}

// ReadFile reads the DIMACS CNF file at path, named path in error
// positions.
func ReadFile(path string) (*sat.Formula, error) {
	in, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return Read(in, path)
}

// ReadWith is Read with options.
func ReadWith(r io.Reader, name string, opt Options) (*sat.Formula, error) {
	p := &parser{in: bufio.NewReader(r), name: name, opt: opt}
	return p.parse()
}

type parser struct {
	in   *bufio.Reader
	name string
	opt  Options
	line int

	header         bool
	headerLine     int
	vars, nClauses int64

	clauses  [][]int
	cur      []int // literals of the clause being read
	open     bool  // cur has at least one literal, or a clause is in progress
	openLine int
	openCol  int

	trailer bool // a "%" line has been seen
}

func (p *parser) errorf(line, col int, format string, args ...any) error {
	return &srcpos.Error{File: p.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) parse() (*sat.Formula, error) {
	for {
		text, err := p.in.ReadString('\n')
		if p.line == 0 {
			// A byte order mark some editors write is no part of the
			// header.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if len(text) > 0 {
			p.line++
			if perr := p.parseLine(text); perr != nil {
				return nil, perr
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, p.errorf(p.line+1, 1, "read: %v", err)
		}
	}
	if !p.header {
		return nil, p.errorf(max(p.line, 1), 1, "missing header \"p cnf VARS CLAUSES\"")
	}
	if p.open {
		return nil, p.errorf(p.openLine, p.openCol, "last clause is not terminated by 0")
	}
	if n := int64(len(p.clauses)); n != p.nClauses && !p.opt.AllowCountMismatch {
		return nil, p.errorf(p.headerLine, 1, "clause count: the header says %d, the file has %d", p.nClauses, n)
	}
	return &sat.Formula{Vars: int(p.vars), Clauses: p.clauses}, nil
}

// field is one whitespace-separated token and its 1-based byte column.
type field struct {
	text string
	col  int
}

func fields(line string) []field {
	var out []field
	start := -1
	for i := 0; i <= len(line); i++ {
		space := i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n' || line[i] == '\v' || line[i] == '\f'
		switch {
		case space && start >= 0:
			out = append(out, field{line[start:i], start + 1})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	return out
}

func (p *parser) parseLine(text string) error {
	fs := fields(text)
	if len(fs) == 0 {
		return nil
	}
	first := fs[0]
	switch {
	case first.text[0] == 'c':
		return nil
	case p.trailer:
		// SATLIB ends its files with "%" and then "0"; nothing else may follow.
		for _, f := range fs {
			if f.text != "0" {
				return p.errorf(p.line, f.col, "unexpected %q after the %% end marker", f.text)
			}
		}
		return nil
	case first.text[0] == '%':
		if p.open {
			return p.errorf(p.openLine, p.openCol, "clause is not terminated by 0 before the %% end marker")
		}
		if !p.header {
			return p.errorf(p.line, first.col, "missing header \"p cnf VARS CLAUSES\" before the %% end marker")
		}
		if len(first.text) > 1 {
			return p.errorf(p.line, first.col+1, "unexpected text after %%")
		}
		p.trailer = true
		for _, f := range fs[1:] {
			if f.text != "0" {
				return p.errorf(p.line, f.col, "unexpected %q after the %% end marker", f.text)
			}
		}
		return nil
	case first.text[0] == 'p':
		return p.parseHeader(fs)
	}
	if !p.header {
		return p.errorf(p.line, first.col, "missing header \"p cnf VARS CLAUSES\" before the first clause")
	}
	for _, f := range fs {
		lit, err := strconv.ParseInt(f.text, 10, 64)
		if err != nil {
			return p.errorf(p.line, f.col, "bad literal %q: not an integer", f.text)
		}
		if lit == 0 {
			c := make([]int, len(p.cur))
			copy(c, p.cur)
			p.clauses = append(p.clauses, c)
			p.cur = p.cur[:0]
			p.open = false
			continue
		}
		if lit > p.vars || lit < -p.vars {
			return p.errorf(p.line, f.col, "literal %d beyond the header's variable count %d", lit, p.vars)
		}
		if !p.open {
			p.open, p.openLine, p.openCol = true, p.line, f.col
		}
		p.cur = append(p.cur, int(lit))
	}
	return nil
}

func (p *parser) parseHeader(fs []field) error {
	if p.header {
		return p.errorf(p.line, fs[0].col, "duplicate header (first on line %d)", p.headerLine)
	}
	if len(p.clauses) > 0 || p.open {
		return p.errorf(p.line, fs[0].col, "header after the first clause")
	}
	if fs[0].text != "p" {
		return p.errorf(p.line, fs[0].col, "bad header: want \"p cnf VARS CLAUSES\"")
	}
	if len(fs) < 2 || fs[1].text != "cnf" {
		col := fs[0].col
		if len(fs) >= 2 {
			col = fs[1].col
		}
		return p.errorf(p.line, col, "bad header: want \"p cnf VARS CLAUSES\" (only the cnf format is supported)")
	}
	if len(fs) != 4 {
		col := fs[len(fs)-1].col
		if len(fs) > 4 {
			col = fs[4].col
		}
		return p.errorf(p.line, col, "bad header: want \"p cnf VARS CLAUSES\", got %d fields", len(fs))
	}
	vars, err := headerCount(fs[2].text, MaxVars)
	if err != nil {
		return p.errorf(p.line, fs[2].col, "bad variable count %q: %v", fs[2].text, err)
	}
	nc, err := headerCount(fs[3].text, MaxClauses)
	if err != nil {
		return p.errorf(p.line, fs[3].col, "bad clause count %q: %v", fs[3].text, err)
	}
	p.header, p.headerLine, p.vars, p.nClauses = true, p.line, vars, nc
	p.clauses = make([][]int, 0, min(nc, preallocClauses))
	return nil
}

func headerCount(s string, limit int64) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("more than %d", limit)
	case err != nil:
		return 0, errors.New("not an integer")
	case n < 0:
		return 0, errors.New("negative")
	case n > limit:
		return 0, fmt.Errorf("more than %d", limit)
	}
	return n, nil
}

// Write writes f in DIMACS form, one clause per line, after the comments
// (each may span several lines; each line gets a "c " prefix). The header's
// variable count is the larger of f.Vars and the largest variable used, so
// the output always reads back. A clause holding the literal 0 is an error.
func Write(w io.Writer, f *sat.Formula, comments ...string) error {
	vars := f.Vars
	for i, c := range f.Clauses {
		for _, l := range c {
			if l == 0 {
				return fmt.Errorf("dimacs: clause %d holds the literal 0", i+1)
			}
			vars = max(vars, l, -l)
		}
	}
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			bw.WriteString(strings.TrimRight("c "+line, " "))
			bw.WriteByte('\n')
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", vars, len(f.Clauses))
	var buf []byte
	for _, c := range f.Clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// ParseLits reads one line of literals ended by 0 ("1 -3 0"), as DIMACS
// writes a clause and iCNF a cube: each literal a non-zero integer, the 0
// last and alone.
func ParseLits(line string) ([]int, error) {
	fs := strings.Fields(line)
	if len(fs) == 0 || fs[len(fs)-1] != "0" {
		return nil, fmt.Errorf("a clause or cube must end in 0")
	}
	lits := make([]int, 0, len(fs)-1)
	for _, x := range fs[:len(fs)-1] {
		l, err := strconv.Atoi(x)
		if err != nil || l == 0 {
			return nil, fmt.Errorf("bad literal %q", x)
		}
		lits = append(lits, l)
	}
	return lits, nil
}
