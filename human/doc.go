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
// A rule marked Single gives only its first deduction that makes progress
// (one hard move at a time).
//
// Each deduction of the layer becomes one Step holding only its effective
// eliminations (those that remove a candidate still present and not already
// removed by an earlier step of the same layer); a deduction left with none
// makes no step.
//
// # Trials (proofs by contradiction)
//
// A trial rule (a Rule with Trial set, no Apply) is a proof by
// contradiction the engine runs. It sits among the rules at its Level like
// any other (at one level, the plain rules are tried before the trial
// rules). Applied to a state, it assumes x = v for each candidate value v of
// each unknown x that still has two or more, in a fixed order: the unknowns
// with fewest candidates first (ties by index), values ascending. From the
// assumption it reasons with its inner rules (the listed rules of level ≤
// Trial.MaxLevel, other than its checks and itself), bounded as it
// declares:
//
//   - Chain = n: a depth-first search over chains of at most n single
//     deductions. Every deduction every inner rule makes on the state
//     (inner rules in level order, deductions in the rule's order) is
//     applied alone, and the search goes on from the new state. This is
//     the reference Japanese Arrows solver's Backtrack rule.
//   - Layers = n: at most n layers, each the first inner rule (by level)
//     that makes progress, with all its deductions.
//
// The assumption is refuted when the reasoning reaches a contradiction: a
// deduction that says so or leaves an unknown without candidates, or a
// state that one of the trial's Checks rejects (check rules run on the
// assumption and after every inner step, take no step of their own, and
// are not inner rules). A refuted v is eliminated from x; with
// Trial.First only the first refuted assumption in the order above is
// (one elimination per application), otherwise every refuted one, as one
// layer.
//
// Trials nest. Inner rules may be trial rules of lower level, and with
// Trial.Nest = n the trial itself, with Nest n−1, follows its inner rules:
// a proof by contradiction inside a proof by contradiction. A trial step
// records its assumption (Step.Assume), the inner steps of its proof
// (Step.Proof, valid only under the assumption, so they are not passed to
// Check; an inner trial step carries its own Proof, so a proof is a tree;
// the step that ends it lists the unknowns it emptied, Step.Emptied, or is
// a Check step), its depth (Step.TrialDepth: inner chain steps or layers
// applied, at least 1), and its nesting (Step.Nesting: the trials on the
// deepest path of its tree, itself included).
//
// Trial.Budget bounds the work of one application (the inner rule
// evaluations over its assumptions, taken in order), so that a costly
// trial that cannot succeed on a large state gives up; the work is counted
// per assumption, so the result does not depend on parallelism.
//
// LayerTrials builds the usual set: trial-d at level top+d with Layers d
// for d = 1..k, taken in level order so that the shallowest proofs come
// first, and optionally a nested trial above them; Engine.Trials = k adds
// trial-1..k to a list without trial rules, and WithTrials replaces a
// list's trial rules by them. Because the shallowest trials are taken
// first, solving again with trial-1..d for the report's TrialDepth d takes
// the very same steps: the report's TrialDepth is the depth the solve
// needs.
//
// Results do not depend on Engine.Parallel: parallel evaluations (the
// plain rules of one level, the assumptions of one trial rule) fill slots
// of a slice and every choice is made afterwards in list order; a trial's
// inner reasoning runs on one goroutine.
//
// Rules that all begin by decoding the candidates into the same view (a
// kind's lines, counts, free cells) share it through Memo: the engine
// gives every pass on one state (the rules of every level tried on it,
// and inside a trial the inner rules and checks on each state reached) one
// memo, so the view is built once per state instead of once per rule.
//
// # Difficulty
//
// The Report gives the hardest rule level used (MaxLevel, trials excluded),
// the highest level of any rule used, trial rules included (Complexity: the
// reference Arrows solver's "complexity used"), the trial depth and nesting
// needed (TrialDepth, Nesting), the number of steps and of layers (Depth),
// the widest layer (Width), and Available: the sum over steps of how many
// deductions were available when the step was taken (a step's available
// moves are the effective deductions that all plain rules of the chosen
// rule's level offered on that state, or, for a trial step, the number of
// assumptions its rule refuted there: 1 with Trial.First).
//
// The Score adds, for every step s and every layer l,
//
//	score = Σ_s w(s) · (1 + Scarcity / available(s)) + Σ_l Width · (width(l) − 1)
//
// where w(s) = Weights.Rule[rule] when that is set, else LevelBase^(level−1)
// for a rule step and Trial · depth · Nest^(nesting−1) for a trial step. A
// step that was the only available move thus counts (1+Scarcity) times its
// weight; wide layers (many parallel moves, easy to spot) lower the score
// when Width is negative. DefaultWeights gives LevelBase 2, Trial 16, Nest
// 4, Scarcity 1, Width 0; each kind may set its own Weights on the Engine.
//
// # Cross-validation
//
// Every step lists the (var, value) pairs it eliminates. Engine.Check, when
// set, is called with each step of Solve as it is taken (trial steps
// included, their proofs not); a non-nil error aborts the solve with that
// error, so an external checker (e.g. SAT: puzzle ∧ var=value must be UNSAT)
// can certify every elimination.
package human
