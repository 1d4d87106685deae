package output

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokugen/sudokugen/grid"
)

// TestWriteSVG checks every size: the SVG is well-formed XML that names
// no font, draws one defined path per given for that given's symbol, and
// N-1 lines each way.
func TestWriteSVG(t *testing.T) {
	books := sizeBooks(t)
	for _, name := range slices.Sorted(maps.Keys(books)) {
		p := books[name][0]
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteSVG(&buf, p, nil); err != nil {
				t.Fatalf("WriteSVG(%s) = %v", name, err)
			}
			var texts []string
			paths := map[string]string{}
			nlines := 0
			dec := xml.NewDecoder(&buf)
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("WriteSVG(%s) wrote bad XML: %v", name, err)
				}
				if se, ok := tok.(xml.StartElement); ok {
					switch se.Name.Local {
					case "line":
						nlines++
					case "text", "font", "style":
						t.Errorf("WriteSVG(%s) has a %s element: it depends on the viewer's fonts", name, se.Name.Local)
					case "path":
						paths[attr(se, "id")] = attr(se, "d")
					case "use":
						id := strings.TrimPrefix(attr(se, "href"), "#")
						if paths[id] == "" {
							t.Errorf("WriteSVG(%s) uses %q, not defined before", name, id)
						}
						c, err := strconv.Atoi(strings.TrimPrefix(id, "s"))
						if err != nil {
							t.Fatalf("WriteSVG(%s): use of %q, want s and a symbol code", name, id)
						}
						texts = append(texts, string(rune(c)))
					}
				}
			}
			n := p.Grid.N()
			if nlines != 2*(n-1) {
				t.Errorf("WriteSVG(%s) drew %d lines, want %d", name, nlines, 2*(n-1))
			}
			a := grid.DefaultAlphabet(n)
			var want []string
			for _, v := range p.Grid.Cells {
				if v != 0 {
					want = append(want, string(rune(a.Symbol(int(v)))))
				}
			}
			if !slices.Equal(texts, want) {
				t.Errorf("WriteSVG(%s) symbols = %q, want %q", name, texts, want)
			}
		})
	}
}

// attr returns the value of the attribute called name (in any namespace,
// the first found) of se.
func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestWriteSVGEscapes(t *testing.T) {
	a, err := grid.ParseAlphabet("<&>\"")
	if err != nil {
		t.Fatal(err)
	}
	g := grid.New(grid.Shape{BoxRows: 2, BoxCols: 2})
	copy(g.Cells, []uint8{1, 2, 3, 4})
	var buf bytes.Buffer
	if err := WriteSVG(&buf, Puzzle{Grid: g}, &a); err != nil {
		t.Fatalf("WriteSVG = %v", err)
	}
	var v struct{}
	if err := xml.Unmarshal(buf.Bytes(), &v); err != nil {
		t.Errorf("WriteSVG with alphabet %q wrote bad XML: %v\n%s", a.String(), err, buf.Bytes())
	}
}

func TestWriteSVGError(t *testing.T) {
	g := grid.New(grid.Shape{BoxRows: 3, BoxCols: 3})
	g.Cells[4] = 12
	var buf bytes.Buffer
	err := WriteSVG(&buf, Puzzle{Grid: g}, nil)
	if err == nil || !strings.Contains(err.Error(), "r1c5 holds 12") {
		t.Errorf("WriteSVG(cell 12 in a 9x9) = %v, want an error naming r1c5", err)
	}
	if buf.Len() != 0 {
		t.Errorf("WriteSVG wrote %d bytes before failing", buf.Len())
	}
}

// TestWriteSVGOptions draws a classic and a variant puzzle with their
// solutions and marked cells: every empty cell gets its solution's symbol
// in the solution's fill, each marked cell a rect of class mark, and the
// givens stay as WriteSVG draws them.
func TestWriteSVGOptions(t *testing.T) {
	for _, p := range []Puzzle{nineByNine(t, 1)[0], variantPuzzle(t, variantKinds[0], nine, 3, true)} {
		name := p.Grid.Rules.Name()
		marked := []int{0, 40, 80}
		var buf bytes.Buffer
		if err := WriteSVGOptions(&buf, p, SVGOptions{Solution: true, Marked: marked}); err != nil {
			t.Fatalf("WriteSVGOptions(%s) = %v", name, err)
		}
		dec := xml.NewDecoder(&buf)
		fill := ""
		var marks []string
		symbols := map[string]string{}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("WriteSVGOptions(%s) wrote bad XML: %v", name, err)
			}
			switch se := tok.(type) {
			case xml.StartElement:
				switch se.Name.Local {
				case "g":
					fill = attr(se, "fill")
				case "rect":
					if attr(se, "class") == "mark" {
						marks = append(marks, attr(se, "x")+","+attr(se, "y"))
					}
				case "use":
					symbols[fill] += strings.TrimPrefix(attr(se, "href"), "#s") + " "
				}
			}
		}
		var givens, solved strings.Builder
		for i, v := range p.Grid.Cells {
			if v != 0 {
				fmt.Fprintf(&givens, "%d ", grid.DefaultAlphabet(9).Symbol(int(v)))
			} else {
				fmt.Fprintf(&solved, "%d ", grid.DefaultAlphabet(9).Symbol(int(p.Solution.Cells[i])))
			}
		}
		if symbols["black"] != givens.String() || symbols[svgSolved] != solved.String() {
			t.Errorf("WriteSVGOptions(%s): givens %q and solved %q, want %q and %q", name, symbols["black"], symbols[svgSolved], givens.String(), solved.String())
		}
		if want := []string{"4,4", "164,164", "324,324"}; !slices.Equal(marks, want) {
			t.Errorf("WriteSVGOptions(%s): marks at %q, want %q", name, marks, want)
		}
		var plain, none bytes.Buffer
		if err := WriteSVG(&plain, p, nil); err != nil {
			t.Fatal(err)
		}
		if err := WriteSVGOptions(&none, p, SVGOptions{}); err != nil || !bytes.Equal(plain.Bytes(), none.Bytes()) {
			t.Errorf("WriteSVGOptions(%s, no options) differs from WriteSVG (%v)", name, err)
		}
	}
	p := nineByNine(t, 1)[0]
	sol := p.Solution
	p.Solution = nil
	if err := WriteSVGOptions(io.Discard, p, SVGOptions{Solution: true}); err == nil {
		t.Errorf("WriteSVGOptions(no solution, Solution) = nil, want an error")
	}
	p.Solution = sol
	if err := WriteSVGOptions(io.Discard, p, SVGOptions{Marked: []int{81}}); err == nil || !strings.Contains(err.Error(), "81") {
		t.Errorf("WriteSVGOptions(marked 81 of a 9x9) = %v, want an error naming 81", err)
	}
}
