package rate

// A strong link on a digit joins two ends of a unit: if the digit is not
// at one end, it is at the other. An end is a cell or, for grouped links,
// the digit's cells in one box segment of a line, or one arm of a box
// whose candidates lie in one row and one column.
type group struct {
	cells []int32
	set   cellSet
	units [3]int32 // the box, row and column holding every cell, or -1
}

type strongLink struct {
	a, b    group
	unit    int
	grouped bool
}

func (b *board) newGroup(cs []int32) group {
	g := group{cells: cs, units: b.cellUnit[cs[0]]}
	for _, c := range cs {
		g.set.add(int(c))
		for t := 0; t < 3; t++ {
			if b.cellUnit[c][t] != g.units[t] {
				g.units[t] = -1
			}
		}
	}
	return g
}

// sameUnit reports whether all cells of x and y lie in one row, column or
// box.
func (b *board) sameUnit(x, y group) bool {
	for t := 0; t < 3; t++ {
		if x.units[t] >= 0 && x.units[t] == y.units[t] {
			return true
		}
	}
	return false
}

func (b *board) seesGroup(p int32, g group) bool {
	for _, c := range g.cells {
		if c == p || !b.sees(int(p), int(c)) {
			return false
		}
	}
	return true
}

// links lists digit d's strong links, grouped ones too when grouped.
func (s *solver) links(d int) []strongLink {
	b := &s.b
	n := b.n
	bit := uint64(1) << (d - 1)
	var out []strongLink
	for u, cells := range b.units {
		var ps []int32
		for _, c := range cells {
			if b.cand[c]&bit != 0 {
				ps = append(ps, c)
			}
		}
		if len(ps) == 2 {
			out = append(out, strongLink{b.newGroup(ps[:1]), b.newGroup(ps[1:]), u, false})
			continue
		}
		if len(ps) < 3 || len(ps) > 6 {
			continue
		}
		if u >= n {
			// a line whose candidates fill two box segments
			var segs [][]int32
			for _, c := range ps {
				bx := b.cellUnit[c][boxUnit]
				if len(segs) > 0 && b.cellUnit[segs[len(segs)-1][0]][boxUnit] == bx {
					segs[len(segs)-1] = append(segs[len(segs)-1], c)
				} else {
					segs = append(segs, []int32{c})
				}
			}
			if len(segs) == 2 {
				out = append(out, strongLink{b.newGroup(segs[0]), b.newGroup(segs[1]), u, true})
			}
			continue
		}
		// a box whose candidates (four or more) lie in two of its rows,
		// or two of its columns
		if len(ps) >= 4 {
			for _, t := range [2]int{rowUnit, colUnit} {
				var lines [][]int32
				for _, c := range ps {
					placed := false
					for i := range lines {
						if b.cellUnit[lines[i][0]][t] == b.cellUnit[c][t] {
							lines[i] = append(lines[i], c)
							placed = true
						}
					}
					if !placed {
						lines = append(lines, []int32{c})
					}
				}
				if len(lines) == 2 {
					out = append(out, strongLink{b.newGroup(lines[0]), b.newGroup(lines[1]), u, true})
				}
			}
		}
		// a box whose candidates lie in one row and one column of it
		for _, heart := range cells {
			hr, hc := b.cellUnit[heart][rowUnit], b.cellUnit[heart][colUnit]
			var arm1, arm2 []int32
			ok := true
			for _, c := range ps {
				switch {
				case c == heart:
				case b.cellUnit[c][rowUnit] == hr:
					arm1 = append(arm1, c)
				case b.cellUnit[c][colUnit] == hc:
					arm2 = append(arm2, c)
				default:
					ok = false
				}
			}
			if !ok || len(arm1) == 0 || len(arm2) == 0 {
				continue
			}
			if b.cand[heart]&bit != 0 {
				out = append(out, strongLink{b.newGroup(append(append([]int32(nil), arm1...), heart)), b.newGroup(arm2), u, true})
				out = append(out, strongLink{b.newGroup(arm1), b.newGroup(append(append([]int32(nil), arm2...), heart)), u, true})
			} else {
				out = append(out, strongLink{b.newGroup(arm1), b.newGroup(arm2), u, true})
			}
		}
	}
	return out
}

// strongLinks finds k strong links on one digit joined end to start by weak
// links (for k = 2: the skyscraper, the two-string kite, the turbot fish
// and, with grouped ends, the empty rectangle): one end or the other
// holds the digit, so every cell that sees both ends loses it.
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
	chain := make([]group, 0, 2*k)
	var used cellSet
	linkUnits := make([]int, 0, k)
	groupedCount := 0
	var all []int
	for d := 1; d <= n; d++ {
		bit := uint64(1) << (d - 1)
		links, follow := s.linkGraph(d)
		if len(links) < k {
			continue
		}
		for len(all) < 2*len(links) {
			all = append(all, len(all))
		}
		ends := func(o int) (group, group) {
			l := links[o/2]
			if o%2 == 0 {
				return l.a, l.b
			}
			return l.b, l.a
		}
		budget := 5000
		last := -1
		var rec func(depth int)
		rec = func(depth int) {
			if budget <= 0 {
				return
			}
			budget--
			if depth == k {
				start, end := chain[0], chain[len(chain)-1]
				if b.sameUnit(start, end) {
					return
				}
				var es []elim
				for _, p := range b.peers[start.cells[0]] {
					if b.cand[p]&bit != 0 && !used.has(int(p)) && b.seesGroup(p, start) && b.seesGroup(p, end) {
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
				case groupedCount > 0:
					sc += 3
				case !hasBox && !(hasRow && hasCol):
				case hasBox && hasRow && hasCol:
					sc += 2
				default:
					sc++
				}
				if !found || sc < best.score || sc == best.score && len(es) > bestElims {
					found, bestElims = true, len(es)
					var cells []int32
					for _, g := range chain {
						cells = append(cells, g.cells...)
					}
					best = hint{tech: tech, score: sc, cells: cells, place: -1, elims: es, unit: -1, digits: bit}
				}
				return
			}
			var options []int
			if depth == 0 {
				options = all[:2*len(links)]
			} else {
				options = follow[last]
			}
			for _, o := range options {
				l := links[o/2]
				usedUnit := false
				for _, u := range linkUnits {
					if u == l.unit {
						usedUnit = true
					}
				}
				if usedUnit || !used.and(l.a.set).empty() || !used.and(l.b.set).empty() {
					continue
				}
				{
					a, e := ends(o)
					prev := last
					last = o
					chain = append(chain, a, e)
					saved := used
					used = used.or(a.set).or(e.set)
					linkUnits = append(linkUnits, l.unit)
					if l.grouped {
						groupedCount++
					}
					rec(depth + 1)
					if l.grouped {
						groupedCount--
					}
					chain = chain[:len(chain)-2]
					used = saved
					linkUnits = linkUnits[:len(linkUnits)-1]
					last = prev
				}
			}
		}
		rec(0)
	}
	return best, found
}

// linkGraph returns digit d's strong links and, for each oriented link
// (link*2 + direction), the oriented links that may follow it. It is
// computed once per grid state.
func (s *solver) linkGraph(d int) ([]strongLink, [][]int) {
	if s.linkVer != s.version || s.linkCache == nil {
		s.linkCache = make([]linkEntry, s.b.n+1)
		s.linkVer = s.version
	}
	e := &s.linkCache[d]
	if e.done {
		return e.links, e.follow
	}
	links := s.links(d)
	ends := func(o int) (group, group) {
		l := links[o/2]
		if o%2 == 0 {
			return l.a, l.b
		}
		return l.b, l.a
	}
	follow := make([][]int, 2*len(links))
	for o := range follow {
		_, end := ends(o)
		for q := range follow {
			if q/2 == o/2 {
				continue
			}
			if a, _ := ends(q); s.b.sameUnit(end, a) {
				follow[o] = append(follow[o], q)
			}
		}
	}
	*e = linkEntry{done: true, links: links, follow: follow}
	return links, follow
}

type linkEntry struct {
	done   bool
	links  []strongLink
	follow [][]int
}
