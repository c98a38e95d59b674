// Package arrows is the Japanese Arrows kind (every arrow's number is the
// count of distinct numbers it points at) as the registry sees it: its
// Kind, joining the model (kinds/arrows/model), the CNF encoding (cnf) and
// the human rules (rules, written in the first-order rule language of
// rules/fol, whose rules files it offers to the rules command), with its
// board as a display list, how the playground plays and edits it, its
// removable clues, generation and random puzzles.
package arrows
