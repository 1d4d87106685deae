package rate

// The unary searches run from every candidate of the grid, both ways, and
// most of them find nothing: a forcing chain needs a way from a potential
// to its opposite, a cycle a way back to its start. On the solver's grid
// the links are fixed, so which potentials lead to which can be worked
// out once for all searches of a mode: the strongly connected components
// of the graph of links, and the components each one reaches. A search
// then skips the potentials that cannot lead to its target, which changes
// nothing it finds: every potential on a way to the target, and every
// parent of one, can itself lead there.

// reachTable describes the graph of links of one mode on the solver's
// grid. A node is a potential and a polarity: pot*2, plus 1 when on.
type reachTable struct {
	comp  []int32  // by node: its component + 1, or 0 for no candidate
	size  []int32  // by component: how many nodes it holds
	words int      // the length of a row of reach
	reach []uint64 // row c: the components that component c reaches
	// Tarjan's algorithm
	index, low []int32
	onStack    []bool
	stack      []int32
	calls      []reachFrame
	order      []int32 // the nodes by component
	first      []int32 // the nodes of component c: order[first[c]:first[c+1]]
	fill       []int32
}

type reachFrame struct {
	v, next int32
	adj     []succ // linksOf(v)
}

// linksOf returns the nodes that node v leads to, as potentials.
func (ch *chainer) linksOf(v int32, y, x bool) []succ {
	if v&1 != 0 {
		return ch.offs(v/2, y)
	}
	return ch.ons(v/2, y, x)
}

// linkTarget returns the node that s, a link of node v, leads to.
func linkTarget(v int32, s succ) int32 {
	if v&1 != 0 {
		return s.pot * 2
	}
	return s.pot*2 + 1
}

// fillReach computes the components of the graph of links of mode y, x,
// and with reach, which components each one reaches.
func (ch *chainer) fillReach(cand []uint64, y, x, reach bool) {
	rt := &ch.rt
	n := int32(ch.n)
	nn := 2 * int32(ch.nc) * n
	if len(rt.comp) != int(nn) {
		rt.comp = make([]int32, nn)
		rt.index = make([]int32, nn)
		rt.low = make([]int32, nn)
		rt.onStack = make([]bool, nn)
	}
	clear(rt.comp)
	clear(rt.index)
	rt.size = rt.size[:0]
	counter := int32(0)
	for v0 := int32(0); v0 < nn; v0++ {
		if pot := v0 / 2; v0&1 == 0 && cand[ch.potCell[pot]]>>(pot-ch.potCell[pot]*n)&1 == 0 {
			v0++ // the node with the same potential has no candidate either
			continue
		}
		if rt.index[v0] != 0 {
			continue
		}
		counter++
		rt.index[v0], rt.low[v0] = counter, counter
		rt.stack = append(rt.stack[:0], v0)
		rt.onStack[v0] = true
		rt.calls = append(rt.calls[:0], reachFrame{v0, 0, ch.linksOf(v0, y, x)})
		for len(rt.calls) > 0 {
			f := &rt.calls[len(rt.calls)-1]
			v := f.v
			if int(f.next) < len(f.adj) {
				w := linkTarget(v, f.adj[f.next])
				f.next++
				switch {
				case rt.index[w] == 0:
					counter++
					rt.index[w], rt.low[w] = counter, counter
					rt.stack = append(rt.stack, w)
					rt.onStack[w] = true
					rt.calls = append(rt.calls, reachFrame{w, 0, ch.linksOf(w, y, x)})
				case rt.onStack[w]:
					rt.low[v] = min(rt.low[v], rt.index[w])
				}
				continue
			}
			if rt.low[v] == rt.index[v] {
				c := int32(len(rt.size)) + 1
				size := int32(0)
				for {
					w := rt.stack[len(rt.stack)-1]
					rt.stack = rt.stack[:len(rt.stack)-1]
					rt.onStack[w] = false
					rt.comp[w] = c
					size++
					if w == v {
						break
					}
				}
				rt.size = append(rt.size, size)
			}
			rt.calls = rt.calls[:len(rt.calls)-1]
			if len(rt.calls) > 0 {
				u := rt.calls[len(rt.calls)-1].v
				rt.low[u] = min(rt.low[u], rt.low[v])
			}
		}
	}
	if !reach {
		return
	}
	// Tarjan's algorithm completes a component after every component it
	// reaches, so one pass in that order fills the rows.
	nc := len(rt.size)
	rt.first = append(rt.first[:0], make([]int32, nc+1)...)
	for c, k := range rt.size {
		rt.first[c+1] = rt.first[c] + k
	}
	rt.order = append(rt.order[:0], make([]int32, rt.first[nc])...)
	rt.fill = append(rt.fill[:0], rt.first[:nc]...)
	for v, c := range rt.comp {
		if c > 0 {
			rt.order[rt.fill[c-1]] = int32(v)
			rt.fill[c-1]++
		}
	}
	rt.words = (nc + 63) / 64
	rt.reach = append(rt.reach[:0], make([]uint64, nc*rt.words)...)
	for c := 0; c < nc; c++ {
		row := rt.reach[c*rt.words : (c+1)*rt.words]
		row[c/64] |= 1 << (c % 64)
		for _, v := range rt.order[rt.first[c]:rt.first[c+1]] {
			for _, s := range ch.linksOf(v, y, x) {
				d := int(rt.comp[linkTarget(v, s)]) - 1
				// a component met before brought all it reaches
				if d == c || row[d/64]>>(d%64)&1 != 0 {
					continue
				}
				for i, w := range rt.reach[d*rt.words : (d+1)*rt.words] {
					row[i] |= w
				}
			}
		}
	}
}

// reaches reports whether node v leads to node w.
func (rt *reachTable) reaches(v, w int32) bool {
	cv, cw := rt.comp[v]-1, rt.comp[w]-1
	if cv < 0 || cw < 0 {
		return false
	}
	return rt.reach[int(cv)*rt.words+int(cw)/64]>>(cw%64)&1 != 0
}
