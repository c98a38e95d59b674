// Package bench measures puzzlesat: Corpus loads the benchmark puzzles,
// Counts sizes every encoding (deterministic facts that CI compares with
// testdata/bench/counts.golden), Check times uniqueness checks per solver
// (the `puzzlesat bench` command prints both). The Go benchmarks beside it
// cover one area per file and are named after it: card_test.go sizes the
// cardinality encodings (BenchmarkCard/<encoding>/n=<n>/k=<k>, reporting
// auxiliary variables and clauses as metrics). Sizes are facts, not
// timings, so one iteration is enough:
//
//	go test -run '^$' -bench . -benchtime 1x ./bench/
package bench
