package output

import (
	"fmt"
	"strconv"
	"strings"
)

// PageSize is a page size (the trim size of a printed book) in PostScript
// points (1/72 inch).
type PageSize struct {
	Name          string
	Width, Height float64
}

const (
	inch = 72.0
	mm   = 72 / 25.4
)

// pageSizes are the named trim sizes, the common print-on-demand ones first.
var pageSizes = []PageSize{
	{Name: "a4", Width: 210 * mm, Height: 297 * mm},
	{Name: "a5", Width: 148 * mm, Height: 210 * mm},
	{Name: "letter", Width: 8.5 * inch, Height: 11 * inch},
	{Name: "5x8", Width: 5 * inch, Height: 8 * inch},
	{Name: "5.5x8.5", Width: 5.5 * inch, Height: 8.5 * inch},
	{Name: "6x9", Width: 6 * inch, Height: 9 * inch},
	{Name: "7x10", Width: 7 * inch, Height: 10 * inch},
	{Name: "8x10", Width: 8 * inch, Height: 10 * inch},
	{Name: "8.25x11", Width: 8.25 * inch, Height: 11 * inch},
	{Name: "8.5x11", Width: 8.5 * inch, Height: 11 * inch},
}

// The smallest and largest page sides ParsePageSize accepts for WxH.
const (
	minPageSide = 4 * inch
	maxPageSide = 17 * inch
)

// PageSizeNames returns the names ParsePageSize accepts, in a fixed order.
func PageSizeNames() []string {
	names := make([]string, len(pageSizes))
	for i, p := range pageSizes {
		names[i] = p.Name
	}
	return names
}

// ParsePageSize returns the page size called s: one of PageSizeNames (a4,
// a5, letter, and the trade trim sizes in inches such as 6x9), or any
// "WxH" with an optional unit, "in" (the default) or "mm", such as
// "6.14x9.21", "6x9in" or "148x210mm". Sides run from 4 to 17 inches. Case
// and spaces are ignored; "" is a4.
func ParsePageSize(s string) (PageSize, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), ""))
	switch t {
	case "":
		return pageSizes[0], nil
	case "us-letter", "usletter":
		t = "letter"
	}
	if p, ok := named(t); ok {
		return p, nil
	}
	p, err := parseDimensions(t)
	if err != nil {
		return PageSize{}, fmt.Errorf("page size %q: %v", s, err)
	}
	// "6inx9" is the named 6x9, as "6x9in" is: the size read back from its
	// name must be the same size.
	if q, ok := named(p.Name); ok {
		return q, nil
	}
	return p, nil
}

// named returns the named size t stands for, by its name or, for sizes
// named in inches, its name with "in" after it.
func named(t string) (PageSize, bool) {
	for _, p := range pageSizes {
		if p.Name == t || p.Name+"in" == t {
			return p, true
		}
	}
	return PageSize{}, false
}

// parseDimensions reads "WxH", "WxHin", "WinxHin" or the same in mm.
func parseDimensions(t string) (PageSize, error) {
	unit, name := inch, "in" // the default unit, written or not
	if strings.HasSuffix(t, "mm") {
		unit, name = mm, "mm"
	}
	usage := fmt.Errorf("want one of %s, or WxH in inches or mm such as 6.14x9.21 or 148x210mm", strings.Join(PageSizeNames(), ", "))
	w, h, ok := strings.Cut(strings.TrimSuffix(t, name), "x")
	if !ok {
		return PageSize{}, usage
	}
	w = strings.TrimSuffix(w, name)
	wv, err1 := strconv.ParseFloat(w, 64)
	hv, err2 := strconv.ParseFloat(h, 64)
	if err1 != nil || err2 != nil || strings.ContainsAny(w+h, "eEnNxX+-_") {
		return PageSize{}, usage
	}
	p := PageSize{Name: w + "x" + h + name, Width: wv * unit, Height: hv * unit}
	if p.Width > p.Height {
		return PageSize{}, fmt.Errorf("%s is wider than high; books are printed upright (portrait)", p.Name)
	}
	if min(p.Width, p.Height) < minPageSide || max(p.Width, p.Height) > maxPageSide {
		return PageSize{}, fmt.Errorf("%.2f x %.2f in is outside %.0f to %.0f in a side", p.Width/inch, p.Height/inch, minPageSide/inch, maxPageSide/inch)
	}
	return p, nil
}

// Margins, in points. Nothing is drawn closer to the top, bottom or outside
// edge than edgeClear: the 0.25 in that print services require plus a
// safety allowance for the trim. The binding (inside) margin is Gutter.
const (
	edgeClear   = 27 // 0.375 in: 0.25 in plus 0.125 in
	marginEdge  = 36 // top and outside edge of the text area: 0.5 in
	footerSpace = 18 // below the text area, for the page number
)

// Gutter returns the inside margin, in points, of a book of pages pages: the
// widths print-on-demand services ask for by page count, 0.375 in up to 150
// pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700 and 0.875 in beyond.
func Gutter(pages int) float64 {
	switch {
	case pages <= 150:
		return 0.375 * inch
	case pages <= 300:
		return 0.5 * inch
	case pages <= 500:
		return 0.625 * inch
	case pages <= 700:
		return 0.75 * inch
	}
	return 0.875 * inch
}

// margins of a page; inner is the binding side and alternates with the page.
type margins struct {
	top, bottom, inner, outer float64
}

func marginsFor(gutter float64) margins {
	return margins{top: marginEdge, bottom: marginEdge + footerSpace, inner: gutter, outer: marginEdge}
}

// box is a rectangle on the page, y growing downwards.
type box struct{ x, y, w, h float64 }

// content returns the text area of page pageNo (1-based). Odd pages are
// right-hand pages, bound on their left edge.
func content(p PageSize, m margins, pageNo int) box {
	left := m.inner
	if pageNo%2 == 0 {
		left = m.outer
	}
	return box{x: left, y: m.top, w: p.Width - m.inner - m.outer, h: p.Height - m.top - m.bottom}
}
