// Command k8sjob checks the README's Kubernetes Indexed Job without a
// cluster: the manifest (YAML on stdin) must decode strictly into
// k8s.io/api's batch/v1 Job (an unknown or misspelled field, or a value of
// the wrong type, is an error, as the API server's strict field validation
// makes it), and must pass the API server's own rules for what the recipe
// relies on (restated here from k8s.io/kubernetes/pkg/apis/batch/validation,
// which is not meant to be imported): an Indexed Job with completions,
// parallelism, backoffLimitPerIndex and maxFailedIndexes in range,
// restartPolicy Never (what backoffLimitPerIndex needs), containers with a
// name, an image and a command, volume mounts that name a volume, and a
// puzzlesat command whose --shard auto/N has N equal to completions.
//
// On success it prints the container's command, one argument per line, for
// run.sh to run once per index with JOB_COMPLETION_INDEX set, as the Job's
// pods would. It lives in its own module so that puzzlesat's go.mod does
// not grow by Kubernetes' API packages.
package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// The API server's bounds on Indexed Jobs (k8s.io/kubernetes
// pkg/apis/batch/validation): parallelism and maxFailedIndexes at most
// 100,000; above 100,000 completions with backoffLimitPerIndex, parallelism
// and maxFailedIndexes at most 10,000.
const (
	maxIndexed           = 100_000
	completionsSoftLimit = 100_000
	limitHighCompletions = 10_000
)

var dnsLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "k8sjob:", err)
		os.Exit(2)
	}
	cmd, errs := check(data)
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, "k8sjob:", e)
		}
		os.Exit(1)
	}
	for _, a := range cmd {
		fmt.Println(a)
	}
}

func check(data []byte) ([]string, []string) {
	var job batchv1.Job
	if err := yaml.UnmarshalStrict(data, &job); err != nil {
		return nil, []string{"not a batch/v1 Job: " + err.Error()}
	}
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }

	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		bad("apiVersion/kind %q/%q, want batch/v1/Job", job.APIVersion, job.Kind)
	}
	if n := job.Name; n == "" || len(n) > 63 || !dnsLabel.MatchString(n) {
		bad("metadata.name %q: want a DNS label (Job names become pod labels)", n)
	}
	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		bad("spec.completionMode: want Indexed (JOB_COMPLETION_INDEX is what --shard auto/N reads)")
	}
	completions := int32(-1)
	if s.Completions == nil {
		bad("spec.completions: required for an Indexed Job")
	} else if completions = *s.Completions; completions < 0 {
		bad("spec.completions %d: must be non-negative", completions)
	}
	if s.Parallelism != nil && (*s.Parallelism < 0 || *s.Parallelism > maxIndexed) {
		bad("spec.parallelism %d: want 0..%d for an Indexed Job", *s.Parallelism, maxIndexed)
	}
	if s.BackoffLimitPerIndex == nil {
		bad("spec.backoffLimitPerIndex: want it set (a failing shard is retried alone, the others run on)")
	} else if *s.BackoffLimitPerIndex < 0 {
		bad("spec.backoffLimitPerIndex %d: must be non-negative", *s.BackoffLimitPerIndex)
	}
	if s.MaxFailedIndexes != nil {
		if s.BackoffLimitPerIndex == nil {
			bad("spec.maxFailedIndexes: only with backoffLimitPerIndex")
		}
		if m := *s.MaxFailedIndexes; m < 0 || m > maxIndexed || m > completions {
			bad("spec.maxFailedIndexes %d: want 0..min(completions, %d)", m, maxIndexed)
		}
	}
	if s.BackoffLimitPerIndex != nil && completions > completionsSoftLimit {
		if s.Parallelism != nil && *s.Parallelism > limitHighCompletions {
			bad("spec.parallelism %d: at most %d above %d completions with backoffLimitPerIndex", *s.Parallelism, limitHighCompletions, completionsSoftLimit)
		}
		if s.MaxFailedIndexes != nil && *s.MaxFailedIndexes > limitHighCompletions {
			bad("spec.maxFailedIndexes %d: at most %d above %d completions", *s.MaxFailedIndexes, limitHighCompletions, completionsSoftLimit)
		}
	}
	ps := s.Template.Spec
	if ps.RestartPolicy != corev1.RestartPolicyNever {
		bad("spec.template.spec.restartPolicy %q: want Never (a failed index gets a new pod, counted by backoffLimitPerIndex)", ps.RestartPolicy)
	}
	if len(ps.Containers) != 1 {
		bad("spec.template.spec.containers: want exactly one, have %d", len(ps.Containers))
		return nil, errs
	}
	volumes := map[string]bool{}
	for _, v := range ps.Volumes {
		if !dnsLabel.MatchString(v.Name) {
			bad("volume name %q: want a DNS label", v.Name)
		}
		if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == "" {
			bad("volume %s: persistentVolumeClaim.claimName is required", v.Name)
		}
		volumes[v.Name] = true
	}
	c := ps.Containers[0]
	if !dnsLabel.MatchString(c.Name) {
		bad("container name %q: want a DNS label", c.Name)
	}
	if c.Image == "" {
		bad("container %s: image is required", c.Name)
	}
	for _, m := range c.VolumeMounts {
		if !volumes[m.Name] {
			bad("container %s: volumeMount %q names no volume", c.Name, m.Name)
		}
		if !strings.HasPrefix(m.MountPath, "/") {
			bad("container %s: mountPath %q is not absolute", c.Name, m.MountPath)
		}
	}
	if len(c.Command) == 0 || c.Command[0] != "puzzlesat" {
		bad("container %s: want a command that runs puzzlesat, have %q", c.Name, c.Command)
		return nil, errs
	}
	shard := ""
	for i, a := range c.Command {
		if a == "--shard" && i+1 < len(c.Command) {
			shard = c.Command[i+1]
		}
	}
	n, ok := strings.CutPrefix(shard, "auto/")
	if k, err := strconv.Atoi(n); !ok || err != nil || int32(k) != completions {
		bad("container %s: --shard %q, want auto/%d (N from spec.completions)", c.Name, shard, completions)
	}
	return c.Command, errs
}
