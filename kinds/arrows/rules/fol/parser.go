package fol

import (
	"strconv"
	"strings"
)

// maxDepth bounds nesting so that hostile input cannot exhaust the stack.
const maxDepth = 200

type parser struct {
	toks  []token
	i     int
	depth int
}

// ParseCondition parses a condition whose text starts at position start
// (use Position{1, 1} for a standalone string). An empty condition is true.
func ParseCondition(src string, start Position) (Formula, error) {
	return parseWhole(src, start, "condition", func(p *parser) (Formula, error) {
		if p.peek().kind == tEOF {
			return &Bool{Pos: start, Val: true}, nil
		}
		return p.formula()
	})
}

// ParseConclusion parses one conclusion: set(p, t), exclude(p, t),
// exclude(p, < t), only(p, [t, ...]).
func ParseConclusion(src string, start Position) (*Conclusion, error) {
	return parseWhole(src, start, "conclusion", (*parser).conclusion)
}

// parseWhole lexes src and reads it with parse, which must take all of it:
// what names the input in the error for anything left after it.
func parseWhole[T any](src string, start Position, what string, parse func(*parser) (T, error)) (T, error) {
	var zero T
	toks, err := lex(src, start)
	if err != nil {
		return zero, err
	}
	p := &parser{toks: toks}
	x, err := parse(p)
	if err != nil {
		return zero, err
	}
	if t := p.peek(); t.kind != tEOF {
		return zero, errorf(t.pos, "unexpected %s after the %s", t.describe(), what)
	}
	return x, nil
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) expect(k tokKind) (token, error) {
	t := p.peek()
	if t.kind != k {
		return t, errorf(t.pos, "expected %s, found %s", k, t.describe())
	}
	return p.next(), nil
}

func (p *parser) enter(pos Position) error {
	p.depth++
	if p.depth > maxDepth {
		return errorf(pos, "nesting deeper than %d", maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// isOr reports whether the next token is a disjunction: '|', 'or', or the
// identifier 'v' (the reference's spelling) in operator position.
func (p *parser) isOr() bool {
	t := p.peek()
	return t.kind == tOr || (t.kind == tIdent && t.text == "v")
}

func (p *parser) formula() (Formula, error) {
	if err := p.enter(p.peek().pos); err != nil {
		return nil, err
	}
	defer p.leave()
	l, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	switch t := p.peek(); t.kind {
	case tImpl:
		p.next()
		r, err := p.formula()
		if err != nil {
			return nil, err
		}
		return &Implies{Pos: t.pos, L: l, R: r}, nil
	case tIff:
		p.next()
		r, err := p.formula()
		if err != nil {
			return nil, err
		}
		return &Iff{Pos: t.pos, L: l, R: r}, nil
	}
	return l, nil
}

func (p *parser) disjunction() (Formula, error) {
	return p.chain(p.conjunction, p.isOr, func(fs []Formula) Formula { return &Or{Pos: fs[0].At(), Fs: fs} })
}

func (p *parser) conjunction() (Formula, error) {
	return p.chain(p.unary, func() bool { return p.peek().kind == tAnd },
		func(fs []Formula) Formula { return &And{Pos: fs[0].At(), Fs: fs} })
}

// chain reads operand (op operand)*, where isOp says whether an operator
// comes next: one operand is returned as it is, several joined by join.
func (p *parser) chain(operand func() (Formula, error), isOp func() bool, join func([]Formula) Formula) (Formula, error) {
	f, err := operand()
	if err != nil || !isOp() {
		return f, err
	}
	fs := []Formula{f}
	for isOp() {
		p.next()
		g, err := operand()
		if err != nil {
			return nil, err
		}
		fs = append(fs, g)
	}
	return join(fs), nil
}

func (p *parser) unary() (Formula, error) {
	t := p.peek()
	if err := p.enter(t.pos); err != nil {
		return nil, err
	}
	defer p.leave()
	switch t.kind {
	case tNot:
		p.next()
		f, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Not{Pos: t.pos, F: f}, nil
	case tExists, tForall:
		return p.quantifier()
	case tLParen:
		// Either a parenthesised formula or a comparison whose left term
		// starts with '(' such as (val(p) + 1) = i: try the formula first.
		save := p.i
		p.next()
		f, ferr := p.formula()
		if ferr == nil {
			if _, ferr = p.expect(tRParen); ferr == nil && !isTermContinuation(p.peek().kind) {
				return f, nil
			}
		}
		p.i = save
		c, cerr := p.comparison()
		if cerr == nil {
			return c, nil
		}
		// Report the attempt that got further. (ferr is nil when a whole
		// parenthesised formula was read but a term operator follows it,
		// as in "(0=0) +": only the comparison reading applies then.)
		fe, fok := ferr.(*Error)
		ce, cok := cerr.(*Error)
		if fok && cok && later(at(fe), at(ce)) {
			return nil, ferr
		}
		return nil, cerr
	case tIdent:
		switch t.text {
		case "true", "false":
			p.next()
			return &Bool{Pos: t.pos, Val: t.text == "true"}, nil
		}
		if sigRelations[t.text] != nil && p.toks[p.i+1].kind == tLParen {
			p.next()
			args, err := p.args()
			if err != nil {
				return nil, err
			}
			return &Atom{Pos: t.pos, Name: t.text, Args: args}, nil
		}
	}
	return p.comparison()
}

func later(a, b Position) bool {
	return a.Line > b.Line || (a.Line == b.Line && a.Col > b.Col)
}

func isTermContinuation(k tokKind) bool {
	switch k {
	case tPlus, tMinus, tEq, tNe, tLt, tGt, tLe, tGe:
		return true
	}
	return false
}

func (p *parser) quantifier() (Formula, error) {
	t := p.next()
	q := &Quant{Pos: t.pos, Exists: t.kind == tExists}
	for {
		id, err := p.expect(tIdent)
		if err != nil {
			return nil, errorf(id.pos, "expected a variable after %s, found %s", t.text, id.describe())
		}
		b := &Binder{Pos: id.pos, Name: id.text}
		if p.peek().kind == tColon {
			p.next()
			ty, err := p.expect(tIdent)
			if err != nil {
				return nil, err
			}
			switch strings.ToLower(ty.text) {
			case "pos", "position":
				b.Type = TPos
			case "num", "number":
				b.Type = TNum
			case "dir", "direction":
				b.Type = TDir
			default:
				return nil, errorf(ty.pos, "unknown type %q (want pos, num or dir)", ty.text)
			}
			b.Declared = true
		}
		q.Vars = append(q.Vars, b)
		if p.peek().kind != tComma {
			break
		}
		p.next()
	}
	if _, err := p.expect(tLParen); err != nil {
		return nil, errorf(p.peek().pos, "expected '(' after the quantified variables, found %s", p.peek().describe())
	}
	body, err := p.formula()
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(tRParen); err != nil {
		return nil, err
	}
	q.Body = body
	return q, nil
}

func (p *parser) comparison() (Formula, error) {
	l, err := p.term()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	ops := map[tokKind]string{tEq: "=", tNe: "!=", tLt: "<", tGt: ">", tLe: "<=", tGe: ">="}
	op, ok := ops[t.kind]
	if !ok {
		return nil, errorf(t.pos, "expected a comparison (= != < > <= >=) after %v, found %s", l, t.describe())
	}
	p.next()
	r, err := p.term()
	if err != nil {
		return nil, err
	}
	return &Cmp{Pos: t.pos, Op: op, L: l, R: r}, nil
}

func (p *parser) term() (Term, error) {
	l, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind != tPlus && t.kind != tMinus {
			return l, nil
		}
		p.next()
		r, err := p.primary()
		if err != nil {
			return nil, err
		}
		op := byte('+')
		if t.kind == tMinus {
			op = '-'
		}
		l = &Arith{Pos: t.pos, Op: op, L: l, R: r}
	}
}

func (p *parser) primary() (Term, error) {
	t := p.peek()
	if err := p.enter(t.pos); err != nil {
		return nil, err
	}
	defer p.leave()
	switch t.kind {
	case tInt:
		p.next()
		n, _ := strconv.Atoi(t.text)
		return &Const{Pos: t.pos, Text: t.text, Type: TNum, Val: n}, nil
	case tMinus:
		// A negative literal: -1.
		p.next()
		n, err := p.expect(tInt)
		if err != nil {
			return nil, err
		}
		v, _ := strconv.Atoi(n.text)
		return &Const{Pos: t.pos, Text: "-" + n.text, Type: TNum, Val: -v}, nil
	case tLParen:
		p.next()
		x, err := p.term()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(tRParen); err != nil {
			return nil, err
		}
		return x, nil
	case tIdent:
		p.next()
		if p.peek().kind == tLParen {
			if sigRelations[t.text] != nil {
				return nil, errorf(t.pos, "%s is a relation, not a function: it cannot be compared", t.text)
			}
			args, err := p.args()
			if err != nil {
				return nil, err
			}
			return &Call{Pos: t.pos, Name: t.text, Args: args}, nil
		}
		return &Var{Pos: t.pos, Name: t.text}, nil
	}
	return nil, errorf(t.pos, "expected a term, found %s", t.describe())
}

func (p *parser) args() ([]Term, error) {
	if _, err := p.expect(tLParen); err != nil {
		return nil, err
	}
	var args []Term
	if p.peek().kind == tRParen {
		p.next()
		return args, nil
	}
	for {
		a, err := p.term()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if p.peek().kind == tComma {
			p.next()
			continue
		}
		if _, err := p.expect(tRParen); err != nil {
			return nil, errorf(p.peek().pos, "expected ',' or ')' in the arguments, found %s", p.peek().describe())
		}
		return args, nil
	}
}

func (p *parser) conclusion() (*Conclusion, error) {
	id, err := p.expect(tIdent)
	if err != nil {
		return nil, errorf(id.pos, "expected set, exclude or only, found %s", id.describe())
	}
	c := &Conclusion{Pos: id.pos, Op: "="}
	switch id.text {
	case "set":
		c.Kind = Set
	case "exclude":
		c.Kind = Exclude
	case "only":
		c.Kind = OnlyOf
	default:
		return nil, errorf(id.pos, "unknown conclusion %q (want set, exclude or only)", id.text)
	}
	if _, err := p.expect(tLParen); err != nil {
		return nil, err
	}
	if c.Cell, err = p.term(); err != nil {
		return nil, err
	}
	if _, err := p.expect(tComma); err != nil {
		return nil, err
	}
	switch c.Kind {
	case OnlyOf:
		if _, err := p.expect(tLBrack); err != nil {
			return nil, err
		}
		for p.peek().kind != tRBrack {
			v, err := p.term()
			if err != nil {
				return nil, err
			}
			c.Values = append(c.Values, v)
			if p.peek().kind != tComma {
				break
			}
			p.next()
		}
		if _, err := p.expect(tRBrack); err != nil {
			return nil, err
		}
	case Exclude:
		ops := map[tokKind]string{tLt: "<", tGt: ">", tLe: "<=", tGe: ">=", tEq: "="}
		if op, ok := ops[p.peek().kind]; ok {
			c.Op = op
			p.next()
		}
		fallthrough
	default:
		v, err := p.term()
		if err != nil {
			return nil, err
		}
		c.Values = []Term{v}
	}
	if _, err := p.expect(tRParen); err != nil {
		return nil, err
	}
	return c, nil
}
