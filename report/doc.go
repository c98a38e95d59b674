// Package report is the collection report: every puzzle of a collection
// (Load) proven and graded at once (Gather asks answer.Entry of each:
// the verdict, the difficulty band, the redundant clues and, for a puzzle
// with no solution, a minimal set of contradicting clues; a shift
// puzzle's shortest solution), each as a Record, written as one
// self-contained HTML page with its pictures drawn by render (WriteHTML),
// a PDF booklet ready for print (WritePDF: laid out by Compose as pages
// of measured text, pictures and stars inside the margins, as Print says:
// the paper, puzzles a page, cell size, bleed and crop marks) or JSON
// lines, which a later run reads back to write the page or the booklet
// again. A run's
// records go to its Journal as each puzzle finishes, which a resumed run
// keeps (Resumable); every record carries the run's fingerprint
// (Identify) and its shard, by which Join tells a whole set of shards.
package report
