// Package bench holds puzzlesat's Go benchmarks; it has no API. Each file
// covers one area and names its benchmarks after it: card_test.go sizes the
// cardinality encodings (BenchmarkCard/<encoding>/n=<n>/k=<k>, reporting
// auxiliary variables and clauses as metrics). Sizes are facts, not
// timings, so one iteration is enough:
//
//	go test -run '^$' -bench . -benchtime 1x ./bench/
package bench
