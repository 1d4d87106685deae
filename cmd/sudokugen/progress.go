package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress prints a running count on stderr when stderr is a terminal.
type progress struct {
	w     io.Writer
	on    bool
	verb  string
	total int // expected count, 0 when unknown
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, quiet bool, verb string) *progress {
	p := &progress{w: w, verb: verb, start: time.Now()}
	if f, ok := w.(*os.File); ok && !quiet {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

// tick reports that n items are done; it redraws at most five times a second.
func (p *progress) tick(n int) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(n) / now.Sub(p.start).Seconds()
	if p.total > 0 {
		const width = 30
		fill := width * n / p.total
		bar := make([]byte, width)
		for i := range bar {
			bar[i] = '-'
			if i < fill {
				bar[i] = '#'
			}
		}
		eta := time.Duration(float64(p.total-n)/rate) * time.Second
		fmt.Fprintf(p.w, "\r[%s] %d/%d %s, %.0f/s, %v left   ", bar, n, p.total, p.verb, rate, eta.Round(time.Second))
	} else {
		fmt.Fprintf(p.w, "\r%d %s, %.0f/s   ", n, p.verb, rate)
	}
	p.shown = true
}

// done clears the progress line.
func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
