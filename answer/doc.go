// Package answer is the midend every front end asks about a puzzle: the
// command line (app), the pictures (render), the playground (serve) and
// the collection report. It loads puzzles (Load, Open) and answers each
// question by one function (Solve, Check, BackboneOf, Count, Verify and
// VerifyBoard, Grade, NextStep and NextStepFrom, Examine, Prepare; a shift
// puzzle's shortest solution; Entry, everything the collection report
// says of a puzzle of either sort), which takes the run's context, the
// loaded puzzle and Options and returns the question's record. One holds
// a puzzle of either sort, a grid kind's or one played by moves, and is
// with Entry the one place that tells the two apart. The outcome of
// the solvers is mapped to a status (Solved, Unique, Timeout...) and a
// grade to its band here and nowhere else; the front ends only wrap the
// record in their envelope. The records are one set of JSON objects:
// snake_case keys, positions numbered from 1 as the text's r1c1,
// eliminations as {var, value, cell, label}.
package answer
