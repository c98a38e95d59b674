package shift

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat/kinds/kind"
	encshift "github.com/puzzlesat/puzzlesat/kinds/shift/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/shift/solve/cubes"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/shard"
)

// theCubes splits one depth's proof into iCNF cubes (solve/cubes).
var theCubes = &kind.MovesCubes{Write: writeCubes, Read: readCubes}

func writeCubes(w io.Writer, q kind.MovesPuzzle, depth int, encoding string) (string, error) {
	p := Model(q)
	if p == nil {
		return "", fmt.Errorf("shift: %T is not a shift puzzle", q)
	}
	enc, err := encshift.Lookup(encoding)
	if err != nil {
		return "", err
	}
	f, err := cubes.Build(p, depth, enc)
	if err != nil {
		return "", err
	}
	if err := f.Write(w); err != nil {
		return "", err
	}
	return fmt.Sprintf("depth %d: %d cubes, %d variables, %d clauses", depth, len(f.Cubes), f.Formula.Vars, len(f.Formula.Clauses)), nil
}

// cubesFile is a cubes file read back (kind.CubesFile).
type cubesFile struct{ f *cubes.File }

func readCubes(data []byte) (kind.CubesFile, error) {
	f, err := cubes.Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return cubesFile{f}, nil
}

func (c cubesFile) Solve(ctx context.Context, sh shard.Shard, newSolver sat.Factory) (*kind.CubesAnswer, error) {
	res, err := cubes.SolveShard(ctx, c.f, sh, newSolver)
	if res == nil {
		return nil, err
	}
	text := fmt.Sprintf("%s depth %d, shard %s: %s, %d of %d cubes answered (%.3fs, %s)\n",
		res.Name, res.Depth, res.Shard, res.Status, len(res.Answers), res.Cubes, res.MS/1000, res.Solver)
	if res.Status == cubes.Solved {
		text += fmt.Sprintf("moves: %s\n", strings.Join(res.Moves, " "))
	}
	return &kind.CubesAnswer{Record: res, Text: text, Done: res.Status == cubes.Refuted || res.Status == cubes.Solved}, err
}

func (c cubesFile) Merge(answers [][]byte, names []string) (*kind.CubesAnswer, error) {
	var results []*cubes.ShardResult
	for i, data := range answers {
		dec := json.NewDecoder(bytes.NewReader(data))
		for dec.More() {
			var r cubes.ShardResult
			if err := dec.Decode(&r); err != nil {
				return nil, fmt.Errorf("%s: %v", names[i], err)
			}
			results = append(results, &r)
		}
	}
	v, err := cubes.Merge(c.f, results)
	if err != nil {
		return nil, err
	}
	var text string
	switch v.Status {
	case cubes.Refuted:
		text = fmt.Sprintf("%s: no solution of %d moves (all %d cubes unsatisfiable, %d shard answers, %.3fs of solving)\n", v.Name, v.Depth, v.Cubes, v.Shards, v.MS/1000)
	case cubes.Solved:
		text = fmt.Sprintf("%s: a solution of %d moves: %s\n", v.Name, v.Depth, strings.Join(v.Moves, " "))
	default:
		text = fmt.Sprintf("%s depth %d: incomplete, %d of %d cubes refuted; unanswered from cube %d\n", v.Name, v.Depth, v.Refuted, v.Cubes, v.Missing[0])
	}
	return &kind.CubesAnswer{Record: v, Text: text, Done: v.Status != cubes.Incomplete}, nil
}
