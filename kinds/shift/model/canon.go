package model

import (
	"encoding/binary"
	"fmt"
)

// Canon is the table of short move words that a shortest solution never
// needs. Words are ordered shortlex (shorter first, then by move index); a
// word is canonical when no shortlex-smaller word has the same product
// permutation. Forbidden lists the minimal non-canonical words up to
// MaxLen: each is non-canonical while every proper sub-word is canonical.
//
// This covers, without knowing the puzzle: identity and duplicate moves
// (windows of length 1), immediate inverses, a 3-cycle turned twice one
// way (it is once the other way), commuting moves out of order (c2 c1
// becomes c1 c2), and the half-turn of an even cycle written the second
// way (r1r r1r r1r on a 6-cell row is r1l r1l r1l).
//
// Soundness: replacing a forbidden window by the canonical word of its
// product makes a word shortlex-smaller with the same product, so
// repeating it ends, at a word of no greater length that contains no
// forbidden window. Hence some shortest solution avoids every window and
// excluding them keeps every optimum (and every UNSAT answer honest).
type Canon struct {
	MaxLen    int
	NumMoves  int
	Forbidden [][]int
	set       map[windowKey]bool
	// allowed answers Allows by table when the windows are few: index
	// (a·(m+1) + b)·m + next for the last two moves a, b, where m stands
	// for "no move" (a history shorter than two). The exact searches ask
	// for every node; the table is some ten times faster than the map.
	allowed []bool
}

// maxTable bounds the entries of Canon's table.
const maxTable = 1 << 22

type windowKey struct {
	n uint8
	m [maxWindow]uint16
}

const maxWindow = 4

// permKey is a permutation of cells as a map key: two bytes a cell.
func permKey(src []int) string {
	b := make([]byte, 2*len(src))
	for i, s := range src {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(s))
	}
	return string(b)
}

// NewCanon builds the table for p's moves with windows of up to maxLen
// moves (1..4). It lowers maxLen when the words of that length would be
// too many to enumerate (more than about two million).
func NewCanon(p *Puzzle, maxLen int) *Canon {
	maxLen = max(1, min(maxLen, maxWindow))
	nm := len(p.Moves)
	for maxLen > 1 && pow(nm, maxLen) > 2_000_000 {
		maxLen--
	}
	c := &Canon{MaxLen: maxLen, NumMoves: nm, set: map[windowKey]bool{}}
	n := p.NumCells()
	seen := map[string]bool{permKey(identity(n)): true}
	type word struct {
		moves []int
		prod  []int
	}
	level := []word{{nil, identity(n)}}
	allowed := map[windowKey]bool{{}: true}
	for length := 1; length <= maxLen; length++ {
		var next []word
		for _, w := range level {
			for m := 0; m < nm; m++ {
				moves := append(append([]int(nil), w.moves...), m)
				// Every proper sub-word must be canonical: the prefix is
				// (w was kept); check the suffix.
				if !allowed[mkKey(moves[1:])] {
					continue
				}
				src := p.Moves[m].Src
				prod := make([]int, n)
				for x := range prod {
					prod[x] = w.prod[src[x]]
				}
				k := permKey(prod)
				if seen[k] {
					c.Forbidden = append(c.Forbidden, moves)
					c.set[mkKey(moves)] = true
					continue
				}
				seen[k] = true
				allowed[mkKey(moves)] = true
				next = append(next, word{moves, prod})
			}
		}
		level = next
	}
	if maxLen <= 3 && (nm+1)*(nm+1)*nm <= maxTable {
		c.allowed = make([]bool, (nm+1)*(nm+1)*nm)
		var hist []int
		for a := 0; a <= nm; a++ {
			for b := 0; b <= nm; b++ {
				hist = hist[:0]
				if a < nm {
					if b == nm {
						continue // "no move" only before real ones
					}
					hist = append(hist, a)
				}
				if b < nm {
					hist = append(hist, b)
				}
				for m := 0; m < nm; m++ {
					c.allowed[(a*(nm+1)+b)*nm+m] = c.allowedByMap(hist, m)
				}
			}
		}
	}
	return c
}

func pow(b, e int) int {
	r := 1
	for i := 0; i < e; i++ {
		r *= b
		if r > 1<<40 {
			return r
		}
	}
	return r
}

func mkKey(moves []int) windowKey {
	var k windowKey
	k.n = uint8(len(moves))
	for i, m := range moves {
		k.m[i] = uint16(m)
	}
	return k
}

// Allows reports whether move next may follow the moves of history (the
// last MaxLen-1 of them matter): no forbidden window ends at next.
func (c *Canon) Allows(history []int, next int) bool {
	if c.allowed != nil {
		nm := c.NumMoves
		a, b := nm, nm
		if n := len(history); n >= 2 {
			a, b = history[n-2], history[n-1]
		} else if n == 1 {
			b = history[0]
		}
		return c.allowed[(a*(nm+1)+b)*nm+next]
	}
	return c.allowedByMap(history, next)
}

func (c *Canon) allowedByMap(history []int, next int) bool {
	var buf [maxWindow]int
	for n := 1; n <= c.MaxLen && n <= len(history)+1; n++ {
		w := buf[:0]
		w = append(w, history[len(history)-(n-1):]...)
		w = append(w, next)
		if c.set[mkKey(w)] {
			return false
		}
	}
	return true
}

// Usable reports whether move m can appear at all (it is not the identity
// and not a duplicate of an earlier move).
func (c *Canon) Usable(m int) bool { return !c.set[mkKey([]int{m})] }

// String summarises the table by window length.
func (c *Canon) String() string {
	by := make([]int, c.MaxLen+1)
	for _, w := range c.Forbidden {
		by[len(w)]++
	}
	return fmt.Sprintf("canon: %d moves, forbidden windows by length %v", c.NumMoves, by[1:])
}
