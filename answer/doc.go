// Package answer is the one layer every front end asks about a puzzle:
// the command line (app), the pictures (render), the playground (serve)
// and the collection report. It loads puzzles, answers the questions
// (solve, check, backbone, count, the next human step from a player's
// board, grade, a shift puzzle's shortest solution) by the same code and
// options whatever asks, and writes the answers as one set of JSON
// records: snake_case keys, positions numbered from 1 as the text's r1c1,
// eliminations as {var, value, cell, label}.
package answer
