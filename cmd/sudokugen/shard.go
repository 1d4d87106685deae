package main

import (
	"fmt"
	"strconv"
	"strings"
)

// shardFlag is the value of generate --shard: "I/N" takes part I (0-based)
// of N of the run's indices, "auto/N" reads I from the environment a
// cluster scheduler sets for each task of an array job.
type shardFlag struct {
	set  bool
	auto bool
	i, n int
}

func (f *shardFlag) String() string {
	switch {
	case !f.set:
		return ""
	case f.auto:
		return fmt.Sprintf("auto/%d", f.n)
	}
	return fmt.Sprintf("%d/%d", f.i, f.n)
}

func (f *shardFlag) Type() string { return "I/N" }

func (f *shardFlag) Set(s string) error {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	n, err := strconv.Atoi(b)
	if !ok || err != nil || n < 1 {
		return fmt.Errorf("want I/N or auto/N with N a positive whole number, such as 0/4")
	}
	*f = shardFlag{set: true, n: n}
	if a == "auto" {
		f.auto = true
		return nil
	}
	i, err := strconv.Atoi(a)
	if err != nil || i < 0 || i >= n {
		return fmt.Errorf("shard %q: want a whole number from 0 to %d, or auto", a, n-1)
	}
	f.i = i
	return nil
}

// shardEnv lists the variables --shard auto/N reads, in order: a Kubernetes
// Indexed Job sets the first, a Slurm job array the second.
var shardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// index returns the shard's number, from the environment for auto. A Slurm
// array may number its tasks from any base (--array=1-8): its first task,
// SLURM_ARRAY_TASK_MIN, is shard 0.
func (f *shardFlag) index(getenv func(string) string) (int, error) {
	if !f.auto {
		return f.i, nil
	}
	for _, name := range shardEnv {
		v := getenv(name)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			return 0, usageError("--shard auto/%d: %s=%q is not a whole number", f.n, name, v)
		}
		if min := getenv("SLURM_ARRAY_TASK_MIN"); name == "SLURM_ARRAY_TASK_ID" && min != "" {
			m, err := strconv.Atoi(min)
			if err != nil {
				return 0, usageError("--shard auto/%d: SLURM_ARRAY_TASK_MIN=%q is not a whole number", f.n, min)
			}
			i -= m
		}
		if i < 0 || i >= f.n {
			return 0, usageError("--shard auto/%d: %s=%s is not a shard from 0 to %d", f.n, name, v, f.n-1)
		}
		return i, nil
	}
	return 0, usageError("--shard auto/%d: none of %s is set", f.n, strings.Join(shardEnv, ", "))
}

// part returns the indices of shard i of n of the run of count puzzles
// from start: contiguous parts, in order, whose sizes differ by one at
// most, so that the parts concatenated in shard order are the whole run.
func shardPart(start, count, i, n int) (first, size int) {
	lo, hi := count*i/n, count*(i+1)/n
	return start + lo, hi - lo
}

// applyShard narrows the run of opts to its shard. The seed must be given,
// since each shard draws its own otherwise, and the output must be text:
// PDF books do not concatenate.
func applyShard(opts *generateOptions, getenv func(string) string) error {
	if !opts.shard.set {
		return nil
	}
	if opts.seed == "" {
		return usageError("--shard needs --seed: every shard must use the same seed")
	}
	if opts.mix != "" || opts.exclude != nil {
		return usageError("--shard cannot be used with --mix or --exclude: which puzzles such a run keeps depends on those before them")
	}
	if opts.format == "pdf" {
		return usageError("--shard: pdf books cannot be joined; write text or json and make the book from the joined file")
	}
	i, err := opts.shard.index(getenv)
	if err != nil {
		return err
	}
	// Formats that separate puzzles by a blank line need one before the
	// first puzzle of a shard that follows others.
	opts.afterOthers = opts.count*i/opts.shard.n > 0
	opts.start, opts.count = shardPart(opts.start, opts.count, i, opts.shard.n)
	return nil
}

// checkMode parses generate --check: "sat" decides every step again with
// the SAT solver.
func checkMode(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "":
		return false, nil
	case "sat":
		return true, nil
	}
	return false, usageError("--check %q: want sat", s)
}
