package lzstring

import (
	"math/rand/v2"
	"strings"
	"testing"
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
