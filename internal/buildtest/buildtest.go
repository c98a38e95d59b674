// Package buildtest builds puzzlesat's binaries for the tests and
// benchmarks that run them as a user does, with the build tags `make build`
// uses, so that what they run is what the Makefile makes.
package buildtest

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// Tags are the build tags of `make build`.
const Tags = "urfave_cli_no_docs"

// Build builds the commands named (puzzlesat, puzzlesat-render, … : the
// folders below cmd/) into dir and returns the first one's path.
func Build(dir string, cmds ...string) (string, error) {
	if len(cmds) == 0 {
		return "", fmt.Errorf("buildtest: no command named")
	}
	args := []string{"build", "-tags", Tags, "-o", dir + string(filepath.Separator)}
	for _, c := range cmds {
		args = append(args, "github.com/puzzlesat/puzzlesat/cmd/"+c)
	}
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %v: %v\n%s", cmds, err, out)
	}
	return filepath.Join(dir, cmds[0]), nil
}
