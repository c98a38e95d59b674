// Package plural writes counted nouns for messages: "1 move", "2 moves",
// "0 rules". Every count a person reads goes through it, so that no
// message says "1 moves".
package plural

import "strconv"

// N writes n and the noun, singular when n is 1 (or -1) and plural
// otherwise. The plural is noun+"s" unless given: N(n, "territory",
// "territories").
func N(n int, noun string, pluralForm ...string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun, pluralForm...)
}

// Noun is the noun alone, in the number n asks for: for messages where
// the count stands elsewhere ("3 of 4 cells").
func Noun(n int, noun string, pluralForm ...string) string {
	if n == 1 || n == -1 {
		return noun
	}
	if len(pluralForm) > 0 {
		return pluralForm[0]
	}
	return noun + "s"
}
