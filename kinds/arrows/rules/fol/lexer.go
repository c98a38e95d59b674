// Package fol is the first-order rule language of the Japanese Arrows human
// solver, built as a small compiler: a lexer, a parser with positioned
// errors, a type checker (typed variables: positions, numbers, directions),
// an optimizer (miniscoping and quantifier elimination by equality
// substitution) and an interpreter that enumerates witnesses of a condition
// against a candidate grid and evaluates the rule's conclusions.
//
// The syntax is that of the reference solver's rules.yaml
// (vanHavel/japanese-arrows):
//
//	exists p,q (val(q) != nil ^ next(p) = q ^ dir(p) = dir(q))
//	forall s (points_at(p, s) ^ s != q -> !candidate(s, i))
//
// Connectives, loosest first: -> (also →), v | ∨ "or", ^ & ∧ "and", then
// ! ¬ ~ "not". Quantifiers exists/forall (∃ ∀) take a comma list of
// variables, each optionally typed (p:pos, i:num, d:dir), and a
// parenthesised body. Terms: variables, integers, nil, OOB, the direction
// constants N NE E SE S SW W NW, function calls, and + - between numbers.
// Conclusions: set(p, t), exclude(p, t), exclude(p, < t) (also > <= >=),
// only(p, [t1, ...]).
package fol

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Position is a 1-based line and column (in characters) of a rule's text.
type Position struct{ Line, Col int }

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is a positioned compile error: the positioned error every reader
// of the tree shares. File is left empty; the rules file reader that
// hands fol its text knows the file's name.
type Error = srcpos.Error

func errorf(p Position, format string, args ...any) *Error {
	return &Error{Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, args...)}
}

// at is where e points.
func at(e *Error) Position { return Position{Line: e.Line, Col: e.Col} }

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tLParen
	tRParen
	tLBrack
	tRBrack
	tComma
	tColon
	tAnd
	tOr
	tNot
	tImpl
	tIff
	tEq
	tNe
	tLt
	tGt
	tLe
	tGe
	tPlus
	tMinus
	tExists
	tForall
)

var tokNames = map[tokKind]string{
	tEOF: "end of input", tIdent: "identifier", tInt: "number",
	tLParen: "'('", tRParen: "')'", tLBrack: "'['", tRBrack: "']'", tComma: "','",
	tColon: "':'", tAnd: "'^'", tOr: "'v'", tNot: "'!'", tImpl: "'->'", tIff: "'<->'",
	tEq: "'='", tNe: "'!='", tLt: "'<'", tGt: "'>'", tLe: "'<='", tGe: "'>='",
	tPlus: "'+'", tMinus: "'-'", tExists: "'exists'", tForall: "'forall'",
}

func (k tokKind) String() string { return tokNames[k] }

type token struct {
	kind tokKind
	text string
	pos  Position
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tIdent, tInt:
		return fmt.Sprintf("%q", t.text)
	}
	return t.kind.String()
}

// maxSource bounds the text of one condition, so hostile input cannot make
// the compiler work without limit.
const maxSource = 1 << 16

// lex splits src into tokens. Positions start at start.
func lex(src string, start Position) ([]token, error) {
	if len(src) > maxSource {
		return nil, errorf(start, "condition longer than %d bytes", maxSource)
	}
	if !utf8.ValidString(src) {
		return nil, errorf(start, "condition is not UTF-8")
	}
	var toks []token
	line, col := start.Line, start.Col
	i := 0
	for i < len(src) {
		r, size := utf8.DecodeRuneInString(src[i:])
		pos := Position{line, col}
		adv := func(n int, k tokKind) {
			toks = append(toks, token{k, src[i : i+n], pos})
			col += utf8.RuneCountInString(src[i : i+n])
			i += n
		}
		switch {
		case r == '\n':
			line, col = line+1, 1
			i++
			continue
		case r == '#':
			// A comment runs to the end of the line.
			for i < len(src) && src[i] != '\n' {
				_, s := utf8.DecodeRuneInString(src[i:])
				i += s
				col++
			}
			continue
		case unicode.IsSpace(r):
			i += size
			col++
			continue
		case r == '_' || unicode.IsLetter(r):
			j := i
			for j < len(src) {
				r2, s2 := utf8.DecodeRuneInString(src[j:])
				if r2 != '_' && !unicode.IsLetter(r2) && !unicode.IsDigit(r2) {
					break
				}
				j += s2
			}
			word := src[i:j]
			k := tIdent
			switch strings.ToLower(word) {
			case "exists":
				k = tExists
			case "forall":
				k = tForall
			case "and":
				k = tAnd
			case "or":
				k = tOr
			case "not":
				k = tNot
			}
			adv(j-i, k)
			continue
		case r >= '0' && r <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j-i > 6 {
				return nil, errorf(pos, "number %s too large", src[i:j])
			}
			adv(j-i, tInt)
			continue
		}
		two := ""
		if i+1 < len(src) {
			two = src[i : i+2]
		}
		switch {
		case strings.HasPrefix(src[i:], "<->"):
			adv(3, tIff)
		case two == "->":
			adv(2, tImpl)
		case two == "!=":
			adv(2, tNe)
		case two == "<=":
			adv(2, tLe)
		case two == ">=":
			adv(2, tGe)
		case two == "==":
			adv(2, tEq)
		case two == "&&":
			adv(2, tAnd)
		case two == "||":
			adv(2, tOr)
		default:
			k, ok := map[rune]tokKind{
				'(': tLParen, ')': tRParen, '[': tLBrack, ']': tRBrack, ',': tComma, ':': tColon,
				'^': tAnd, '&': tAnd, '∧': tAnd, '|': tOr, '∨': tOr, '!': tNot, '¬': tNot, '~': tNot,
				'→': tImpl, '↔': tIff, '=': tEq, '≠': tNe, '<': tLt, '>': tGt, '≤': tLe, '≥': tGe,
				'+': tPlus, '-': tMinus, '∃': tExists, '∀': tForall,
			}[r]
			if !ok {
				return nil, errorf(pos, "unexpected character %q", r)
			}
			adv(size, k)
		}
	}
	toks = append(toks, token{tEOF, "", Position{line, col}})
	return toks, nil
}
