package main

// End-to-end tests: the built binary, driven through real pipes and
// signals, as a server or a long book run would drive it.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// sgBinary builds the command once per test run.
func sgBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test: builds and runs the binary (skipped with -short)")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudokugen-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "sudokugen")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// startPiped starts the binary with args, stdin as its standard input,
// and returns it with a pipe from its standard output and what it writes
// on standard error.
func startPiped(t *testing.T, bin string, stdin []byte, args ...string) (*exec.Cmd, io.ReadCloser, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdout, &errb
}

// children returns the pids of the direct children of pid.
func children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		for _, s := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(s); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// A zombie has exited; it only waits for its parent to reap it.
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}

func waitChildren(t *testing.T, pid int, n int) []int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c := children(pid); len(c) >= n {
			return c
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("process %d did not start %d workers", pid, n)
	return nil
}

// royleInput returns the first n royle17 puzzles, one a line; more than
// there are repeats them.
func royleInput(t *testing.T, n int) []byte {
	t.Helper()
	b, err := os.ReadFile(dataFile(t, "royle17/puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	lines[len(lines)-1] = append(lines[len(lines)-1], '\n')
	var out []byte
	for i := range n { // past the end, from the start again
		out = append(out, lines[i%len(lines)]...)
	}
	return out
}

// A worker killed with SIGKILL in the middle of a run is replaced, and so
// is its replacement, killed as soon as it appears (while it starts); the
// run completes with every verdict right. The kills wait for verdicts, not
// for a time, so a loaded machine cannot make them miss.
func TestE2EKillWorker(t *testing.T) {
	bin := sgBinary(t)
	in := royleInput(t, 20000)
	cmd, stdout, errb := startPiped(t, bin, in, "verify", "--workers", "2", "-q")
	// Both workers are serving once verdicts come out.
	r := bufio.NewReader(stdout)
	var out bytes.Buffer
	for out.Len() == 0 || strings.Count(out.String(), "\n") < 100 {
		line, err := r.ReadString('\n')
		out.WriteString(line)
		if err != nil {
			t.Fatalf("verdicts before the kill: %v after %d bytes", err, out.Len())
		}
	}
	kids := waitChildren(t, cmd.Process.Pid, 2)
	if err := syscall.Kill(kids[0], syscall.SIGKILL); err != nil {
		t.Fatalf("kill worker %d: %v", kids[0], err)
	}
	// Kill the replacement the moment it is there, before it is ready.
	deadline := time.Now().Add(10 * time.Second)
	killed := false
	for !killed && time.Now().Before(deadline) {
		for _, k := range children(cmd.Process.Pid) {
			if k != kids[0] && k != kids[1] {
				killed = syscall.Kill(k, syscall.SIGKILL) == nil
				t.Logf("killed replacement %d while it started: %v", k, killed)
			}
		}
		time.Sleep(time.Millisecond)
	}
	rest, _ := io.ReadAll(r)
	out.Write(rest)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run with killed workers: %v; stderr %q", err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 20000 {
		t.Fatalf("%d verdicts, want 20000", len(lines))
	}
	for i, l := range lines {
		if want := fmt.Sprintf("<stdin>:%d: unique", i+1); l != want {
			t.Fatalf("line %d: %q, want %q", i+1, l, want)
		}
	}
}

// SIGINT and SIGTERM end a run within a second, leave no worker behind,
// and leave only whole records on stdout or in the -o file.
func TestE2ESignals(t *testing.T) {
	bin := sgBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, toFile := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/file=%v", sig, toFile), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "out.txt")
				args := []string{"generate", "-n", "1000000", "--seed", "9", "--workers", "2"}
				if toFile {
					args = append(args, "-o", path)
				}
				cmd := exec.Command(bin, args...)
				// standard output to a file, whose size the test can read
				// while the run writes it
				stdout, err := os.Create(filepath.Join(dir, "stdout"))
				if err != nil {
					t.Fatal(err)
				}
				defer stdout.Close()
				var errb bytes.Buffer
				cmd.Stdout, cmd.Stderr = stdout, &errb
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				kids := waitChildren(t, cmd.Process.Pid, 2)
				// the signal comes once a puzzle is out, however loaded
				// the machine, so that there is output to keep
				written := stdout.Name()
				if toFile {
					written = filepath.Join(dir, ".*tmp")
				}
				waitOutput(t, written, 82)
				sent := time.Now()
				cmd.Process.Signal(sig)
				cmd.Wait()
				// The run must end within a second; the bound here is looser
				// so that a loaded test machine does not fail it, and the
				// time is logged.
				d := time.Since(sent)
				t.Logf("%v: exit %v after the signal", sig, d.Round(time.Millisecond))
				if d > 3*time.Second {
					t.Errorf("exit %v after the signal, want within 1s", d)
				}
				if code, want := cmd.ProcessState.ExitCode(), 128+int(sig); code != want {
					t.Errorf("exit code %d after %v, want %d", code, sig, want)
				}
				if n := strings.Count(errb.String(), "interrupted"); n != 1 {
					t.Errorf("stderr says interrupted %d times, want once: %q", n, errb.String())
				}
				for _, k := range kids {
					if alive(k) {
						t.Errorf("worker %d still running after exit", k)
					}
				}
				data, err := os.ReadFile(stdout.Name())
				if err != nil {
					t.Fatal(err)
				}
				if toFile {
					var err error
					if data, err = os.ReadFile(path); err != nil {
						t.Fatalf("-o file after %v: %v", sig, err)
					}
					if tmp, _ := filepath.Glob(filepath.Join(dir, ".*tmp")); len(tmp) > 0 {
						t.Errorf("temporary files left: %v", tmp)
					}
				}
				lines := strings.Split(string(data), "\n")
				if len(lines) < 2 || lines[len(lines)-1] != "" {
					t.Fatalf("output after %v does not end with a whole line (%d bytes)", sig, len(data))
				}
				for i, l := range lines[:len(lines)-1] {
					if len(l) != 81 {
						t.Fatalf("line %d is cut: %q", i+1, l)
					}
				}
				if !strings.Contains(errb.String(), fmt.Sprintf("continue with --start %d", len(lines)-1)) {
					t.Errorf("stderr does not say how to continue: %q", errb.String())
				}
				t.Logf("%v: %d whole puzzles kept", sig, len(lines)-1)
			})
		}
	}
}

// waitOutput waits until a file that pattern matches holds n bytes or
// more, failing the test after 20 seconds.
func waitOutput(t *testing.T, pattern string, n int64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			if fi, err := os.Stat(p); err == nil && fi.Size() >= n {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no %d bytes in %s after 20 s", n, pattern)
}

// A full disk ends the run with a message and exit code 2, not a crash.
func TestE2EFullOutput(t *testing.T) {
	bin := sgBinary(t)
	in := royleInput(t, 20000)
	var errb bytes.Buffer
	var cmd *exec.Cmd

	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"verify", "-q"}, {"generate", "-n", "50", "--seed", "1", "-q"}} {
		cmd = exec.Command(bin, args...)
		cmd.Stdin = bytes.NewReader(in)
		cmd.Stdout = full
		errb.Reset()
		cmd.Stderr = &errb
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%v to a full disk: exit %d, stderr %q; want 2 and a message", args, code, errb.String())
		}
	}
}

// A puzzle that runs past --timeout is reported as timeout; the others
// still get their verdicts.
func TestE2ETimeout(t *testing.T) {
	bin := sgBinary(t)
	big, err := os.ReadFile(dataFile(t, "large/25x25.multi.txt"))
	if err != nil {
		t.Fatal(err)
	}
	slow := strings.SplitN(string(big), "\n", 2)[0]
	in := easy + "\n" + slow + "\n" + easy + "\n"
	cmd := exec.Command(bin, "verify", "--workers", "1", "--timeout", "500ms", "--count-limit", "1000000", "-q")
	cmd.Stdin = strings.NewReader(in)
	out, _ := cmd.Output()
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(got) != 3 || got[0] != "<stdin>:1: unique" || got[2] != "<stdin>:3: unique" || !strings.HasPrefix(got[1], "<stdin>:2: timeout") {
		t.Fatalf("output:\n%s", out)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
}

// A gigabyte of input streams through in bounded memory.
func TestE2EHugeInput(t *testing.T) {
	bin := sgBinary(t)
	cmd := exec.Command(bin, "verify", "--workers", "1", "-q")
	stdin, _ := cmd.StdinPipe()
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// 1 GiB: lines of 2 MiB (past the line limit), with a real puzzle
	// between them.
	go func() {
		line := bytes.Repeat([]byte("7"), 2<<20)
		line = append(line, '\n')
		for i := 0; i < 512; i++ {
			if _, err := stdin.Write(line); err != nil {
				break
			}
			io.WriteString(stdin, easy+"\n")
		}
		stdin.Close()
	}()
	var peak int
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case err := <-done:
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Fatal(err)
			}
			unique := strings.Count(out.String(), ": unique\n")
			if unique != 512 {
				t.Fatalf("%d unique verdicts, want 512", unique)
			}
			t.Logf("peak resident memory %d MiB for 1 GiB of input", peak>>20)
			if peak > 256<<20 {
				t.Fatalf("peak resident memory %d MiB for 1 GiB of input: it does not stream", peak>>20)
			}
			return
		case <-time.After(50 * time.Millisecond):
			if rss := residentBytes(cmd.Process.Pid); rss > peak {
				peak = rss
			}
		}
	}
}

// residentBytes reads the peak resident set size of a process (VmHWM).
func residentBytes(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			kb, _ := strconv.Atoi(f[1])
			return kb << 10
		}
	}
	return 0
}

// SIGTERM and SIGINT stop a run that works in this process at once, even
// in the middle of a solve that takes minutes: counting the solutions of an
// empty 16x16 grid, with no workers, or with workers but one puzzle.
func TestE2EInProcessSignal(t *testing.T) {
	bin := sgBinary(t)
	input := filepath.Join(t.TempDir(), "empty16.txt")
	if err := os.WriteFile(input, []byte(strings.Repeat(".", 256)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []string{"0", "2"} {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			in, err := os.Open(input)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "verify", "--count-limit", "1000000", "--workers", workers, "-q")
			cmd.Stdin = in
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			in.Close()
			// Signal only once the process has read its input, which it does
			// after its handlers are in place: sooner, Go's default action
			// would end it, and the test would not test the command.
			waitRead(t, cmd.Process.Pid)
			sent := time.Now()
			cmd.Process.Signal(sig)
			cmd.Wait()
			d := time.Since(sent)
			t.Logf("workers %s, %v: exit %v after the signal", workers, sig, d.Round(time.Millisecond))
			if d > 3*time.Second {
				t.Errorf("workers %s: exit %v after %v, want within 1s", workers, d, sig)
			}
			if code, want := cmd.ProcessState.ExitCode(), 128+int(sig); code != want {
				t.Errorf("workers %s: exit code %d after %v, want %d; stderr %q", workers, code, sig, want, errb.String())
			}
		}
	}
}

// SIGTERM and SIGINT stop the making of a giant puzzle within a second, in
// this process and in a worker process, with nothing on stdout:
// a minimal 25x25 puzzle takes a few seconds, a minimal 36x36 one tens of
// seconds, much of it in solves that cannot be interrupted.
func TestE2EGiantSignal(t *testing.T) {
	bin := sgBinary(t)
	for _, size := range []string{"25", "36"} {
		for _, workers := range []string{"0", "1"} {
			for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
				name := fmt.Sprintf("%sx%s/workers=%s/%v", size, size, workers, sig)
				t.Run(name, func(t *testing.T) {
					// Two puzzles or fewer are made in this process whatever
					// --workers says; three go to the worker.
					n := "1"
					if workers != "0" {
						n = "3"
					}
					cmd := exec.Command(bin, "generate", "--size", size, "-n", n, "--seed", "3", "--max-solves", "-1", "--workers", workers, "-q")
					var out, errb bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &errb
					if err := cmd.Start(); err != nil {
						t.Fatal(err)
					}
					var kids []int
					if workers != "0" {
						kids = waitChildren(t, cmd.Process.Pid, 1)
					}
					// well into the removal, past the start-up that installs
					// the handlers
					time.Sleep(700 * time.Millisecond)
					sent := time.Now()
					cmd.Process.Signal(sig)
					cmd.Wait()
					d := time.Since(sent)
					t.Logf("exit %v after the signal", d.Round(time.Millisecond))
					if d > 3*time.Second {
						t.Errorf("exit %v after %v, want within 1s", d, sig)
					}
					if code, want := cmd.ProcessState.ExitCode(), 128+int(sig); code != want {
						t.Errorf("exit code %d after %v, want %d; stderr %q", code, sig, want, errb.String())
					}
					if out.Len() != 0 {
						t.Errorf("stdout after %v: %q, want nothing", sig, out.String())
					}
					for _, k := range kids {
						if alive(k) {
							t.Errorf("worker %d still running after exit", k)
						}
					}
				})
			}
		}
	}
}

// Givens that clash are invalid, whatever --timeout says: they are decided
// before any job is sent.
func TestE2ETimeoutClash(t *testing.T) {
	bin := sgBinary(t)
	clash := "11" + strings.Repeat(".", 79) + "\n"
	cmd := exec.Command(bin, "verify", "--timeout", "1ms", "--workers", "2", "-q")
	cmd.Stdin = strings.NewReader(clash)
	out, _ := cmd.Output()
	if !strings.Contains(string(out), ": invalid: ") {
		t.Fatalf("clashing givens with --timeout 1ms: %q, want invalid", out)
	}
}

// waitRead waits until process pid has read from its standard input, a
// file, as the offset in /proc/PID/fdinfo/0 says.
func waitRead(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/0", pid))
		for _, l := range strings.Split(string(b), "\n") {
			if pos, ok := strings.CutPrefix(l, "pos:"); ok && strings.TrimSpace(pos) != "0" {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("process %d has not read its input after 10s", pid)
}
