// Package human is the human-style solver engine shared by every puzzle
// kind. A Rule is metadata plus a function (like analysis.Analyzer); each
// kind lists its rules explicitly and Validate checks the list. The engine
// keeps a candidate set per unknown, applies the cheapest rule that makes
// progress, restarts from the cheapest after progress, falls back to proofs
// by contradiction, records every step and layer, and grades difficulty.
//
// # Solving
//
// Engine.Solve repeats one layer at a time until some unknown has no
// candidate left or a rule reports a contradiction (StatusContradiction),
// or no rule and no trial makes progress: then the state is StatusSolved if
// every unknown has one candidate, else StatusStuck. (A state with one
// candidate per unknown is thus still offered to the rules, which must
// object, by a contradiction or by eliminating a last candidate, when it
// breaks the puzzle's rules.)
//
// A layer is one rule applied to one state: all the deductions it returns,
// applied together, in the sense of Linjat's reference solver. To choose the
// layer the engine walks the rules by ascending Level (rules of equal level
// in list order). All rules of one level are evaluated on the same state, in
// parallel goroutines; the first of them (in list order) whose deductions
// eliminate at least one current candidate gives the layer. After any
// progress the next layer starts again from the cheapest level.
//
// Each deduction of the layer becomes one Step holding only its effective
// eliminations (those that remove a candidate still present and not already
// removed by an earlier step of the same layer); a deduction left with none
// makes no step.
//
// # Trials (proofs by contradiction)
//
// When every rule stalls and Engine.Trials = k > 0, the engine tries each
// candidate value v of each unknown x that still has two or more candidates:
// it sets x to v and runs at most k layers of the plain rules (never nested
// trials), each chosen as above. The trial succeeds at depth d ≤ k when
// after its d-th layer some unknown has no candidate left or a rule returned
// a Deduction with Contradiction; then v is eliminated from x. k is thus the
// number of rule layers a trial may apply; k = 0 disables trials.
//
// All trials of a state are run (in parallel) and the trial layer holds every
// trial that succeeded at the smallest depth found; deeper successes are only
// counted as available moves. A trial step records its depth
// (Step.TrialDepth), its assumption and the inner steps of its proof
// (Step.Proof, valid only under the assumption, so they are not passed to
// Check). Because the shallowest trials are always taken first, solving again
// with Trials set to the report's TrialDepth takes the very same steps (only
// the available counts may drop, as fewer trials succeed): the
// report's TrialDepth is the trial depth the solve needs.
//
// Results do not depend on Engine.Parallel: parallel evaluations fill slots
// of a slice and every choice is made afterwards in list order.
//
// # Difficulty
//
// The Report gives the hardest rule level used (MaxLevel, trials excluded),
// the trial depth needed (TrialDepth), the number of steps and of layers
// (Depth), the widest layer (Width), and Available: the sum over steps of
// how many deductions were available when the step was taken (Shinro's
// metric a; a step's available moves are the effective deductions that all
// rules of the chosen rule's level offered on that state, or, for a trial
// step, the number of trials that succeeded at any depth ≤ k).
//
// The Score adds, for every step s and every layer l,
//
//	score = Σ_s w(s) · (1 + Scarcity / available(s)) + Σ_l Width · (width(l) − 1)
//
// where w(s) = Weights.Rule[rule] when that is set, else LevelBase^(level−1)
// for a rule step and Trial · depth for a trial step. A step that was the only
// available move thus counts (1+Scarcity) times its weight; wide layers (many
// parallel moves, easy to spot) lower the score when Width is negative.
// DefaultWeights gives LevelBase 2, Trial 16, Scarcity 1, Width 0; each kind
// may set its own Weights on the Engine.
//
// # Cross-validation
//
// Every step lists the (var, value) pairs it eliminates. Engine.Check, when
// set, is called with each step of Solve as it is taken (trial steps
// included, their proofs not); a non-nil error aborts the solve with that
// error, so an external checker (e.g. SAT: puzzle ∧ var=value must be UNSAT)
// can certify every elimination.
package human
