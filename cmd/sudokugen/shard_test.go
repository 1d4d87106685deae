package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestShardParts checks that the parts of every split are contiguous, in
// order and cover the run.
func TestShardParts(t *testing.T) {
	for _, count := range []int{0, 1, 3, 4, 10, 101} {
		for n := 1; n <= 7; n++ {
			next := 5
			for i := range n {
				first, size := shardPart(5, count, i, n)
				if first != next || size < count/n || size > count/n+1 {
					t.Fatalf("shardPart(5, %d, %d, %d) = %d, %d; want first %d and size %d or %d",
						count, i, n, first, size, next, count/n, count/n+1)
				}
				next += size
			}
			if next != 5+count {
				t.Fatalf("shards of %d puzzles in %d parts end at %d, want %d", count, n, next, 5+count)
			}
		}
	}
}

func TestShardFlag(t *testing.T) {
	tests := []struct {
		in, env string
		want    int
		ok      bool
	}{
		{"0/4", "", 0, true},
		{"3/4", "", 3, true},
		{"4/4", "", 0, false},
		{"-1/4", "", 0, false},
		{"1/0", "", 0, false},
		{"x", "", 0, false},
		{"auto/4", "JOB_COMPLETION_INDEX=2", 2, true},
		{"auto/4", "SLURM_ARRAY_TASK_ID=3", 3, true},
		{"auto/4", "SLURM_ARRAY_TASK_ID=4,SLURM_ARRAY_TASK_MIN=1", 3, true},
		{"auto/4", "JOB_COMPLETION_INDEX=4", 0, false},
		{"auto/4", "JOB_COMPLETION_INDEX=one", 0, false},
		{"auto/4", "", 0, false},
	}
	for _, tt := range tests {
		env := map[string]string{}
		for _, kv := range bytes.Split([]byte(tt.env), []byte(",")) {
			if k, v, ok := bytes.Cut(kv, []byte("=")); ok {
				env[string(k)] = string(v)
			}
		}
		var f shardFlag
		err := f.Set(tt.in)
		var got int
		if err == nil {
			got, err = f.index(func(k string) string { return env[k] })
		}
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("--shard %q with %q = %d, %v; want %d, ok %v", tt.in, tt.env, got, err, tt.want, tt.ok)
		}
	}
}

// TestE2EShards runs the parts of a run as four processes, each told its
// part by JOB_COMPLETION_INDEX as a Kubernetes Indexed Job tells it, and
// requires their outputs joined in order to be the single run's bytes.
func TestE2EShards(t *testing.T) {
	bin := sgBinary(t)
	for _, format := range []string{"line", "json", "grid", "sdk"} {
		t.Run(format, func(t *testing.T) {
			args := []string{"generate", "-n", "23", "--seed", "17", "--start", "3", "-f", format, "--solutions", "-q"}
			whole, err := exec.Command(bin, args...).Output()
			if err != nil {
				t.Fatalf("single run: %v", err)
			}
			var joined []byte
			for i := range 4 {
				cmd := exec.Command(bin, append(args, "--shard", "auto/4")...)
				cmd.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
				part, err := cmd.Output()
				if err != nil {
					t.Fatalf("shard %d: %v", i, err)
				}
				joined = append(joined, part...)
			}
			if !bytes.Equal(joined, whole) {
				t.Errorf("shards joined (%d bytes) differ from the single run (%d bytes)", len(joined), len(whole))
			}
		})
	}
}

// TestE2ECheckSat requires generate --check sat to print the default's
// bytes, with every step decided again by the solver.
func TestE2ECheckSat(t *testing.T) {
	bin := sgBinary(t)
	for _, args := range [][]string{
		{"-n", "40"},
		{"-n", "10", "--symmetry", "rot90", "-f", "json"},
		{"--box", "2x3", "-n", "20"},
		{"--size", "16", "-n", "1", "--solutions"},
		{"-n", "5", "--difficulty", "hard"},
	} {
		t.Run(fmt.Sprint(args), func(t *testing.T) {
			base := append([]string{"generate", "--seed", "23", "-q", "--workers", "1"}, args...)
			want, err := exec.Command(bin, base...).Output()
			if err != nil {
				t.Fatalf("default run: %v", err)
			}
			got, err := exec.Command(bin, append(base, "--check", "sat")...).Output()
			if err != nil {
				t.Fatalf("--check sat: %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("--check sat printed %q, want %q", got, want)
			}
		})
	}
}
