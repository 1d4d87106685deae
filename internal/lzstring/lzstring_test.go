package lzstring

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/internal/lzstring/lztest"
)

// Vectors from the lz-string JavaScript library 1.5.0's compressToBase64.
var vectors = []struct{ in, out string }{
	{"", "Q==="},
	{"a", "IZA="},
	{"Hello, world", "BIUwNmD2A0AEDukBOYAmQ==="},
	{`{"size":9,"grid":[[{},{}]]}`, "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9liBdMooA=="},
	{"ééé 日本 𝄞 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "JcgElPTQac1QWDcPF3QENktW9HNc0A=="},
	{"TOBEORNOTTOBEORTOBEORNOT", "CoeQQgoiBKByLFJGSpwUA==="},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		if got := CompressToBase64(v.in); got != v.out {
			t.Errorf("CompressToBase64(%q) = %q, want %q", v.in, got, v.out)
		}
		if got, err := DecompressFromBase64(v.out); got != v.in || err != nil {
			t.Errorf("DecompressFromBase64(%q) = %q, %v, want %q", v.out, got, err, v.in)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for range 300 {
		var b strings.Builder
		for range rng.IntN(3000) {
			switch rng.IntN(10) {
			case 0:
				b.WriteRune(rune(0x100 + rng.IntN(0x2000)))
			case 1:
				b.WriteRune(rune(0x10000 + rng.IntN(0x1000)))
			default:
				b.WriteByte(`{}[]":,0123456789abcRC`[rng.IntN(22)])
			}
		}
		s := b.String()
		got, err := DecompressFromBase64(CompressToBase64(s))
		if err != nil || got != s {
			t.Fatalf("round trip of %q: %q, %v", s, got, err)
		}
	}
}

func FuzzDecompress(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.out)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := DecompressFromBase64(s)
		if err == nil && len(out) > 64<<20 {
			t.Fatal("output past the bound")
		}
	})
}

func TestBombSmall(t *testing.T) {
	// a small bomb decompresses to what it says: 1+2+...+k units
	b := lztest.Bomb(300, 'a')
	got, err := DecompressFromBase64(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Trim(got, "a") != "" || len(got) < 10000 {
		t.Fatalf("small bomb gave %d units, not all a", len(got))
	}
}

// TestBomb: a 24 KB bomb is refused at the bound, having allocated about
// what the bound allows (the output and one dictionary entry a code), not
// the gigabyte a naive dictionary takes.
func TestBomb(t *testing.T) {
	b := lztest.Bomb(24<<10, 'a')
	const max = 512 << 10
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Decompress(context.Background(), b, max)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("Decompress(bomb) = %v, want ErrTooLarge", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*max {
		t.Errorf("Decompress(bomb) allocated %d bytes, want at most %d", alloc, 8*max)
	}
	// the default bound of DecompressFromBase64 too
	runtime.ReadMemStats(&before)
	_, err = DecompressFromBase64(b)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("DecompressFromBase64(bomb) = %v, want ErrTooLarge", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*DefaultMaxUnits {
		t.Errorf("DecompressFromBase64(bomb) allocated %d bytes, want at most %d", alloc, 8*DefaultMaxUnits)
	}
}

func TestBound(t *testing.T) {
	s := strings.Repeat("x", 1000) + "y"
	c := CompressToBase64(s)
	if got, err := Decompress(context.Background(), c, len(s)); got != s || err != nil {
		t.Errorf("Decompress at the bound = %d units, %v", len(got), err)
	}
	if _, err := Decompress(context.Background(), c, len(s)-1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Decompress one past the bound: %v, want ErrTooLarge", err)
	}
}

func TestContext(t *testing.T) {
	// a long run of distinct units, so that many codes are read
	var b strings.Builder
	for i := range 20000 {
		b.WriteRune(rune(0x4e00 + i%20000))
	}
	c := CompressToBase64(b.String())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Decompress(ctx, c, DefaultMaxUnits); !errors.Is(err, context.Canceled) {
		t.Errorf("Decompress with a cancelled context: %v, want context.Canceled", err)
	}
}
