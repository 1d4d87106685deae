package rate

// strongLinks finds k strong links on one digit joined end to start by weak
// links (for k = 2: the skyscraper, the two-string kite and the turbot
// fish): one end or the other holds the digit, so every cell that sees
// both ends loses it.
func (s *solver) strongLinks(k int) (hint, bool) {
	b := &s.b
	n := b.n
	if n > 9 {
		return hint{}, false
	}
	tech := TurbotFish
	if k > 2 {
		tech = StrongLinkChain
	}
	base := [7]int{2: 40, 3: 54, 4: 58, 5: 62, 6: 66}[k]
	var best hint
	bestElims := 0
	found := false
	type link struct {
		a, b int32
		u    int
	}
	chainCells := make([]int32, 0, 2*k)
	linkUnits := make([]int, 0, k)
	for d := 1; d <= n; d++ {
		bit := uint64(1) << (d - 1)
		var links []link
		for u, cells := range b.units {
			var ps []int32
			for _, c := range cells {
				if b.cand[c]&bit != 0 {
					ps = append(ps, c)
				}
			}
			if len(ps) == 2 {
				links = append(links, link{ps[0], ps[1], u})
			}
		}
		if len(links) < k {
			continue
		}
		budget := 5000
		var rec func(depth int)
		rec = func(depth int) {
			if budget <= 0 {
				return
			}
			budget--
			if depth == k {
				start, end := chainCells[0], chainCells[len(chainCells)-1]
				if b.sees(int(start), int(end)) {
					return
				}
				var es []elim
				for _, p := range b.peers[start] {
					if b.cand[p]&bit != 0 && !inList(chainCells, p) && b.sees(int(p), int(end)) {
						es = append(es, elim{p, int32(d)})
					}
				}
				if len(es) == 0 {
					return
				}
				hasBox, hasRow, hasCol := false, false, false
				for _, u := range linkUnits {
					switch u / n {
					case boxUnit:
						hasBox = true
					case rowUnit:
						hasRow = true
					default:
						hasCol = true
					}
				}
				sc := base
				switch {
				case !hasBox && !(hasRow && hasCol):
				case hasBox && hasRow && hasCol:
					sc += 2
				default:
					sc++
				}
				if !found || sc < best.score || sc == best.score && len(es) > bestElims {
					found, bestElims = true, len(es)
					best = hint{tech: tech, score: sc, cells: append([]int32(nil), chainCells...), place: -1, elims: es, unit: -1, digits: bit}
				}
				return
			}
			for _, l := range links {
				usedUnit := false
				for _, u := range linkUnits {
					if u == l.u {
						usedUnit = true
					}
				}
				if usedUnit {
					continue
				}
				for dir := 0; dir < 2; dir++ {
					a, e := l.a, l.b
					if dir == 1 {
						a, e = e, a
					}
					if inList(chainCells, a) || inList(chainCells, e) {
						continue
					}
					if depth > 0 {
						last := chainCells[len(chainCells)-1]
						if !b.sees(int(last), int(a)) {
							continue
						}
					}
					chainCells = append(chainCells, a, e)
					linkUnits = append(linkUnits, l.u)
					rec(depth + 1)
					chainCells = chainCells[:len(chainCells)-2]
					linkUnits = linkUnits[:len(linkUnits)-1]
				}
			}
		}
		rec(0)
	}
	return best, found
}
