// Package shinro is the Shinro kind (find the hidden stones; rows and
// columns show their counts, every arrow points at a stone) as the registry
// sees it: its Kind, joining the model (kinds/shinro/model), the CNF
// encoding (cnf) and the human rules (rules), with its board as a display
// list, how the playground plays and edits it, its removable clues,
// generation (planted stones, or the genetic algorithm of Oranchak's
// paper) and random puzzles.
package shinro
