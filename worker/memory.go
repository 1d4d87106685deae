package worker

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/sudokugen/sudokugen/generate"
)

// ErrMemory is the error of a job whose worker process went past
// Config.MaxMemory: the job gave up, as one past its timeout does, and the
// process was killed and replaced.
var ErrMemory = errors.New("gave up: memory")

// memoryPoll is how often the pool reads the resident memory of a busy
// worker process. A job that grows by 40 MB/s (a hard 16x16 killer) goes
// at most 2 MB past the bound before it is stopped.
const memoryPoll = 50 * time.Millisecond

// memoryLimit is the share of MaxMemory a worker's Go runtime is told to
// keep its heap under (GOMEMLIMIT), so that it collects garbage harder
// before the pool has to stop it.
const memoryLimit = 0.9

// memoryEnv returns the environment entry that sets a worker's soft
// memory limit for a bound of max bytes.
func memoryEnv(max int64) string {
	return "GOMEMLIMIT=" + strconv.FormatInt(int64(float64(max)*memoryLimit), 10)
}

// memoryError is the result of a job stopped at the bound.
func memoryError(max int64) error {
	return fmt.Errorf("%w: its worker process went past %s", ErrMemory, FormatBytes(max))
}

// FormatBytes writes n bytes in the largest binary unit that divides it,
// such as 160MiB, as ParseBytes reads it.
func FormatBytes(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// ParseBytes reads a size in bytes: a whole number with an optional unit,
// KiB, MiB or GiB (or K, M, G, Ki, Mi, Gi, KB, MB, GB, all binary), such
// as 160MiB or 1G; 0 is no bound.
func ParseBytes(s string) (int64, error) {
	num := s
	for len(num) > 0 && (num[len(num)-1] < '0' || num[len(num)-1] > '9') {
		num = num[:len(num)-1]
	}
	unit := s[len(num):]
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q: want a size such as 160MiB or 1GiB", s)
	}
	var mul int64
	switch unit {
	case "", "B":
		mul = 1
	case "K", "KB", "Ki", "KiB", "k":
		mul = 1 << 10
	case "M", "MB", "Mi", "MiB":
		mul = 1 << 20
	case "G", "GB", "Gi", "GiB":
		mul = 1 << 30
	default:
		return 0, fmt.Errorf("%q: unit %q: want KiB, MiB or GiB", s, unit)
	}
	if n > (1<<62)/mul {
		return 0, fmt.Errorf("%q: too large", s)
	}
	return n * mul, nil
}

// resident returns the resident memory of process pid in bytes, and false
// where it cannot be read (not Linux, or the process is gone).
func resident(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, false
	}
	// size resident shared ...: in pages
	i := 0
	for i < len(b) && b[i] != ' ' {
		i++
	}
	j := i + 1
	for j < len(b) && b[j] != ' ' {
		j++
	}
	if j > len(b) {
		return 0, false
	}
	pages, err := strconv.ParseInt(string(b[i+1:j]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}

// light reports whether job j needs little memory whatever its grid: a
// classic grid of at most 9x9. Only such jobs run in the pool's own
// process while a memory bound is set, since that process cannot be
// stopped and replaced.
func light(j Job) bool {
	switch j.Kind {
	case Skip:
		return true
	case Verify, Rate:
		return !j.Grid.HasRules() && j.Grid.N() <= 9
	case Generate:
		return j.Gen.Variant == (generate.Variant{}) && j.Gen.Shape.N() <= 9
	}
	return false
}
