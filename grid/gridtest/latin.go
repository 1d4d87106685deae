package gridtest

// LatinSquares returns every Latin square of order n (every grid whose
// rows and columns hold each digit once), in lexicographic order: 576 for
// n = 4. The grids that a variant's rules let through are among them, so
// tests count those by filtering, independently of any search. n must be
// small (4; 5 has 161,280).
func LatinSquares(n int) [][]uint8 {
	var out [][]uint8
	g := make([]uint8, n*n)
	var fill func(i int)
	fill = func(i int) {
		if i == n*n {
			out = append(out, append([]uint8(nil), g...))
			return
		}
	next:
		for d := uint8(1); d <= uint8(n); d++ {
			for k := i - i%n; k < i; k++ {
				if g[k] == d {
					continue next
				}
			}
			for k := i % n; k < i; k += n {
				if g[k] == d {
					continue next
				}
			}
			g[i] = d
			fill(i + 1)
		}
		g[i] = 0
	}
	fill(0)
	return out
}
