package card

import "github.com/puzzlesat/puzzlesat/encode"

// NativeAdder is an Adder capability: a back-end that takes "at least k of
// lits" as a constraint of its own. It has the shape of sat.CardAdder,
// which card does not import (encoders never see a solver package).
type NativeAdder interface {
	AddAtLeast(lits []int, k int)
}

// Native hands constraints to the back-end when it can take them: when the
// Adder, or the Adder it forwards to through an Out() method (as
// encode.Builder does), implements NativeAdder. At most k of lits is given
// as at least n−k of their negations; exactly k as both bounds. The easy
// cases shared by all encodings (see the package doc) are still written as
// clauses. It falls back to the totalizer when there is no native adder —
// which includes anything behind encode.Guard, since a native constraint
// cannot be made conditional — and when a literal repeats (a native
// constraint's multiset semantics is not part of the contract).
var Native = build("native",
	"the back-end's own cardinality constraints when the adder has AddAtLeast; totalizer otherwise",
	spec{atMost: nativeAtMost, between: nativeBetween})

// maxUnwrap bounds the Out() chain followed, so a cycle cannot hang.
const maxUnwrap = 16

// nativeOf returns the NativeAdder a is or forwards to, or nil.
func nativeOf(a encode.Adder) NativeAdder {
	for range maxUnwrap {
		if n, ok := a.(NativeAdder); ok {
			return n
		}
		o, ok := a.(interface{ Out() encode.Adder })
		if !ok {
			return nil
		}
		a = o.Out()
	}
	return nil
}

func nativeAtMost(a encode.Adder, lits []int, k int) {
	if n := nativeOf(a); n != nil && !hasRepeats(lits) {
		n.AddAtLeast(negate(lits), len(lits)-k)
		return
	}
	totalizer(a, lits, 0, k)
}

func nativeBetween(a encode.Adder, lits []int, lo, hi int) {
	if n := nativeOf(a); n != nil && !hasRepeats(lits) {
		n.AddAtLeast(lits, lo)
		n.AddAtLeast(negate(lits), len(lits)-hi)
		return
	}
	totalizer(a, lits, lo, hi)
}
