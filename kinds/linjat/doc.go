// Package linjat is the Linjat kind (jsnell/linjat: draw a straight line of
// N cells through every number N; lines never overlap or cross numbers;
// every dot covered) as the registry sees it: its Kind, joining the model
// (kinds/linjat/model), the CNF encoding (cnf) and the human rules (rules),
// with its board as a display list, how the playground plays and edits it,
// its removable clues, generation and random puzzles.
package linjat
