package output

// touchingLoops returns the outlines, inset, of the shaded groups (hyper
// windows and extra regions) that share an edge with another shaded group,
// or nil when none does. The shading alone draws neighbours as one blob:
// two 9-cell extra regions side by side read as one of 18 cells, and the
// puzzle cannot be solved from the page. Each such group gets its own
// loop, a dark grey line just inside its cells, so that where two meet
// there are two lines with shading between them, in greyscale too.
// Groups that touch nothing keep the plain shading.
func touchingLoops(extra [][]int32, n int) [][]pt {
	owner := make([][]int, n*n) // the shaded groups of each cell
	var shaded []int
	for k, g := range extra {
		shaded = append(shaded, k)
		for _, c := range g {
			owner[c] = append(owner[c], k)
		}
	}
	touches := func(k int) bool {
		for _, c := range extra[k] {
			r, col := int(c)/n, int(c)%n
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				rr, cc := r+d[0], col+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				for _, o := range owner[rr*n+cc] {
					if o != k {
						return true
					}
				}
			}
			for _, o := range owner[c] {
				if o != k {
					return true // overlapping groups
				}
			}
		}
		return false
	}
	var loops [][]pt
	in := make([]bool, n*n)
	for _, k := range shaded {
		if !touches(k) {
			continue
		}
		clear(in)
		for _, c := range extra[k] {
			in[c] = true
		}
		for _, l := range cellLoops(in, n) {
			loops = append(loops, insetLoop(l, shadeEdgeInset))
		}
	}
	return loops
}
