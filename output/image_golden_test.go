package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestImageGolden pins the SHA-256 of the SVG and of PNGs of three sizes
// of the first puzzle of each size book and of a puzzle of each test
// variant, so that a change to what puzzles look like is seen and
// reviewed. To accept a change, look at the
// new images and run go test -run ImageGolden -update.
func TestImageGolden(t *testing.T) {
	books := sizeBooks(t)
	for _, p := range variantBook(t) {
		books["variant-"+variantKinds[p.Number-1].name] = []Puzzle{p}
	}
	for _, name := range slices.Sorted(maps.Keys(books)) {
		p := books[name][0]
		t.Run(name, func(t *testing.T) {
			var lines []string
			var svg bytes.Buffer
			if err := WriteSVG(&svg, p, nil); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, "svg "+sha(svg.Bytes()))
			for _, px := range []int{64, 300, 1000} {
				var img bytes.Buffer
				if err := WritePNG(&img, p, nil, px); err != nil {
					t.Fatal(err)
				}
				lines = append(lines, fmt.Sprintf("png-%d %s", px, sha(img.Bytes())))
			}
			checkGolden(t, "image-"+name, strings.Join(lines, "\n")+"\n")
		})
	}
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
