// Package juosan is the Juosan kind (Nikoli: fill every cell with - or |;
// a territory's number counts one symbol; no three - stacked, no three |
// side by side) as the registry sees it: its Kind, joining the model
// (kinds/juosan/model), the CNF encoding (cnf) and the human rules (rules),
// with its board as a display list, how the playground plays and edits it,
// its removable clues, generation and random puzzles.
package juosan
