package verify

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
)

var (
	cpuPuzzles = flag.String("cpu.puzzles", "", "time the verdict on each puzzle of this file in processor time (TestPuzzleCPU, for .ci/bench.sh iss)")
	cpuOut     = flag.String("cpu.out", "", "with -cpu.puzzles, write the times and verdicts here")
	cpuISS     = flag.String("cpu.iss", "", "with -cpu.puzzles, write each puzzle here as an ISS constraint string, or a line \"# refused: why\"")
	cpuProofs  = flag.Bool("cpu.proofs", false, "with -cpu.puzzles, check the DRAT proof of every unique or none verdict against the plain-rule CNF, after the timing")
)

// TestPuzzleCPU is a tool for .ci/bench.sh iss, skipped unless
// -cpu.puzzles names a file: it reads the file's puzzles, one a line
// (JSON Lines, f-puzzles links or their data, any format of one line), and for each
// reads it again from its text and checks it with one Verifier kept from
// puzzle to puzzle, as a worker of verify --workers 1 does, timing the
// two together in processor time (getrusage of the process: the
// collector's threads count too). A warm-up check of the first puzzle
// comes first, then a collection, so that the timing starts on a clean
// heap. It writes one line a puzzle to -cpu.out: its index (from
// 0), the milliseconds, the status, the proof and the solution ("-" for
// none); and, with -cpu.iss, the puzzle as an ISS string.
func TestPuzzleCPU(t *testing.T) {
	if *cpuPuzzles == "" || *cpuOut == "" {
		t.Skip("a tool for .ci/bench.sh iss: give -cpu.puzzles FILE -cpu.out FILE")
	}
	texts, grids := cpuRead(t, *cpuPuzzles)
	out, err := os.Create(*cpuOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	var iss *bufio.Writer
	if *cpuISS != "" {
		f, err := os.Create(*cpuISS)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		iss = bufio.NewWriter(f)
		defer iss.Flush()
	}
	// as a worker process collects garbage (see serveWorker in
	// cmd/sudokugen): with the default, the collector took a quarter of
	// the time of easy puzzles here
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	v := New()
	opts := Options{CountLimit: 2}
	if len(grids) > 0 {
		v.Check(grids[0], opts)
	}
	// the timing starts on a clean heap, as a benchmark of package testing
	// does: the garbage of reading the file is not the checks' to collect
	runtime.GC()
	for i, text := range texts {
		start := processCPU(t)
		g, err := formats.Parse(text)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		r := v.Check(g, opts)
		took := processCPU(t) - start
		sol := "-"
		if len(r.Solutions) > 0 {
			sol = r.Solutions[0].String()
		}
		fmt.Fprintf(w, "%d\t%.3f\t%v\t%v\t%s\n", i, float64(took)/float64(time.Millisecond), r.Status, r.Proof, sol)
		if iss != nil {
			s, err := formats.MarshalISS(g)
			if errors.Is(err, grid.ErrISS) {
				s = "# refused: " + err.Error()
			} else if err != nil {
				t.Fatalf("puzzle %d: %v", i, err)
			}
			fmt.Fprintln(iss, s)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d puzzles timed", len(texts))
	if *cpuProofs {
		checkProofsOf(t, grids)
	}
}

// checkProofsOf checks the proof of each puzzle's verdict, unique or none,
// against its plain-rule CNF (checkPlainProof), and logs how many were
// checked, by proof.
func checkProofsOf(t *testing.T, grids []grid.Grid) {
	v := New()
	seen := map[string]int{}
	for i, g := range grids {
		var proof, cnfText, dratText bytes.Buffer
		r, err := v.CheckProof(context.Background(), g, Options{}, &proof)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		if r.Status != Unique && r.Status != None {
			seen[r.Status.String()]++
			continue
		}
		if err := WriteCertificate(&cnfText, &dratText, g, r); err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		checkPlainProof(t, fmt.Sprintf("puzzle %d", i), g, r, cnfText.Bytes(), proof.Bytes())
		seen[r.Status.String()+" by "+r.Proof.String()+", proof checked"]++
	}
	t.Logf("proofs: %v", seen)
}

// cpuRead reads the puzzles of file, one a line (blank lines and lines
// starting with # passed over), each as its text and its grid.
func cpuRead(t *testing.T, file string) (texts []string, grids []grid.Grid) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := formats.Parse(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n, err)
		}
		texts, grids = append(texts, line), append(grids, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return texts, grids
}

// processCPU returns the processor time the process has used, user and
// system.
func processCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
