package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"
)

// A reader that goes away (| head -1) stops every command that writes to
// standard output quietly: no message, exit 141 (128 + SIGPIPE, as a shell
// reports yes | head -1), and no worker left.
func TestE2EClosedPipe(t *testing.T) {
	bin := sgBinary(t)
	royle := royleInput(t, 20000)
	few := royleInput(t, 200)
	for _, tt := range []struct {
		name string
		args []string
		in   []byte
		read int // bytes to read before closing; 0: one line
	}{
		{"generate", []string{"generate", "-n", "100000", "--seed", "1"}, nil, 0},
		{"generate json", []string{"generate", "-n", "100000", "--seed", "1", "--format", "json"}, nil, 0},
		{"verify", []string{"verify"}, royle, 0},
		{"verify json", []string{"verify", "--json"}, royle, 0},
		{"solve", []string{"solve"}, royle, 0},
		{"solve all", []string{"solve", "--all", "--count-limit", "0"}, []byte(strings.Repeat(".", 81) + "\n"), 0},
		{"rate", []string{"rate"}, royle, 0},
		{"canon", []string{"canon"}, royle, 0},
		{"cnf", []string{"cnf"}, royleInput(t, 1), 0},
		{"cnf unique-check", []string{"cnf", "--unique-check"}, royleInput(t, 1), 0},
		{"book", []string{"book", "--page", "6x9"}, few, 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd, stdout, errb := startPiped(t, bin, tt.in, tt.args...)
			var first []byte
			var err error
			if tt.read > 0 {
				first = make([]byte, tt.read)
				_, err = io.ReadFull(stdout, first)
			} else {
				first, err = bufio.NewReader(stdout).ReadBytes('\n')
			}
			if err != nil {
				t.Fatalf("first output: %v (stderr %q)", err, errb.String())
			}
			workers := children(cmd.Process.Pid)
			closed := time.Now()
			stdout.Close()
			cmd.Wait()
			t.Logf("%q ...; stopped %v after the reader went away, %d workers", first, time.Since(closed).Round(time.Millisecond), len(workers))
			if code := cmd.ProcessState.ExitCode(); code != exitClosedPipe || errb.Len() > 0 {
				t.Errorf("%v | head: exit %d, stderr %q; want %d and nothing on stderr", tt.args, code, errb.String(), exitClosedPipe)
			}
			for _, pid := range workers {
				if alive(pid) {
					t.Errorf("worker %d still runs after the run ended", pid)
				}
			}
		})
	}
}

// The workers stop when the reader goes away, not when the run next
// writes: two workers making 36x36 minimal puzzles (some 20 CPU-seconds
// each) with nothing written yet are stopped at once, so the whole run,
// its reaped workers included, uses a small part of what one puzzle takes.
func TestE2EClosedPipeStopsWorkers(t *testing.T) {
	bin := sgBinary(t)
	cmd, stdout, errb := startPiped(t, bin, nil, "generate", "--size", "36", "--max-solves", "-1", "-n", "4", "--workers", "2", "--seed", "1")
	workers := waitChildren(t, cmd.Process.Pid, 2)
	time.Sleep(time.Second) // both at work on a puzzle
	stdout.Close()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute): // a hang guard, not a timing
		cmd.Process.Kill()
		<-done
		t.Fatal("the run went on after its reader went away")
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	t.Logf("exit %d, %v of CPU in all", cmd.ProcessState.ExitCode(), cpu)
	if code := cmd.ProcessState.ExitCode(); code != exitClosedPipe || errb.Len() > 0 {
		t.Errorf("exit %d, stderr %q; want %d and nothing on stderr", code, errb.String(), exitClosedPipe)
	}
	if cpu > 10*time.Second {
		t.Errorf("the run used %v of CPU: its workers went on after the reader went away", cpu)
	}
	for _, pid := range workers {
		if alive(pid) {
			t.Errorf("worker %d still runs after the run ended", pid)
		}
	}
}
