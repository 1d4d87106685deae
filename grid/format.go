package grid

// Format returns g on one line in alphabet a, '.' for empty cells: the
// format one-line readers such as Parse take back.
func (g Grid) Format(a Alphabet) string {
	return string(g.AppendFormat(make([]byte, 0, len(g.Cells)), a))
}

// AppendFormat appends g on one line in alphabet a to dst and returns the
// extended buffer.
func (g Grid) AppendFormat(dst []byte, a Alphabet) []byte {
	for _, v := range g.Cells {
		dst = append(dst, a.Symbol(int(v)))
	}
	return dst
}

// Rows returns the rows of g in alphabet a, '.' for empty cells.
func (g Grid) Rows(a Alphabet) []string {
	n := g.N()
	if n <= 0 || len(g.Cells) != n*n {
		return nil
	}
	line := g.AppendFormat(nil, a)
	rows := make([]string, n)
	for r := range rows {
		rows[r] = string(line[r*n : (r+1)*n])
	}
	return rows
}
