package serve

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

// Reading request bodies. A body is read whole before the request takes
// one of the MaxRequests places, so clients that are slow to send cannot
// keep others waiting; what they cost is bounded instead:
//   - time: a body must keep coming, with no pause longer than BodyIdle,
//     and be whole within BodyTimeout; a stalled client is answered 408 and
//     its connection closed;
//   - memory: the bodies read or held at once add up to at most
//     MaxRequests*MaxBody bytes; past it a request is answered 503;
//   - a body larger than MaxBody is read on and thrown away, up to
//     MaxDrain bytes in all and within the same time limits, and then
//     answered 413: a client that sends its whole body before it reads
//     (Python's urllib and requests) then hears the answer instead of a
//     reset connection. One declared larger than MaxDrain is answered at
//     once and its connection closed.

// bodyChunk is the most read at once, and taken from the memory budget
// before it is read.
const bodyChunk = 32 << 10

// readBody reads the whole body of r under the bounds above. release gives
// its memory back; call it when the body is no longer used.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) (body []byte, release func(), aerr *apiError) {
	rc := http.NewResponseController(w)
	maxBody := s.cfg.MaxBody
	if r.ContentLength > s.cfg.MaxDrain {
		w.Header().Set("Connection", "close")
		return nil, nil, tooLarge(maxBody)
	}
	start := time.Now()
	end := start.Add(s.cfg.BodyTimeout)
	// A body read whole leaves the connection with no deadline (the
	// server sets its own for the next request); one left behind would
	// cancel a request at work when it passed. After a body not read to
	// its end, the connection is closed: a deadline already passed keeps
	// the server from waiting for the rest of the body first.
	defer func() {
		if aerr == nil {
			rc.SetReadDeadline(time.Time{})
		} else if w.Header().Get("Connection") == "close" {
			rc.SetReadDeadline(time.Now())
		}
	}()
	var taken int64
	release = func() { s.bodies.give(taken) }
	buf := make([]byte, 0, min(max(r.ContentLength, 0), maxBody, bodyChunk))
	var total int64
	for {
		deadline := time.Now().Add(s.cfg.BodyIdle)
		if deadline.After(end) {
			deadline = end
		}
		if err := rc.SetReadDeadline(deadline); err != nil && !errors.Is(err, http.ErrNotSupported) {
			release()
			return nil, nil, bodyError(w, err, s.cfg)
		}
		if total >= maxBody+1 {
			// Too large: read on to throw away, so that the client hears
			// the answer.
			release()
			n, err := io.CopyN(io.Discard, r.Body, s.cfg.MaxDrain-total)
			total += n
			if err != io.EOF {
				w.Header().Set("Connection", "close")
			}
			if err != nil && err != io.EOF {
				if aerr := bodyError(w, err, s.cfg); aerr.Status == http.StatusRequestTimeout {
					return nil, nil, aerr
				}
			}
			return nil, nil, tooLarge(maxBody)
		}
		if len(buf) == cap(buf) {
			grow := min(max(int64(cap(buf)), bodyChunk), maxBody+1-int64(len(buf)))
			if !s.bodies.take(grow) {
				release()
				w.Header().Set("Connection", "close")
				return nil, nil, &apiError{Status: http.StatusServiceUnavailable, Code: "busy",
					Message: fmt.Sprintf("request bodies of %d bytes in all are being read or worked on; retry later", s.bodies.max)}
			}
			taken += grow
			buf = append(buf[:cap(buf)], make([]byte, grow)...)[:len(buf)]
		}
		n, err := r.Body.Read(buf[len(buf):min(cap(buf), len(buf)+bodyChunk)])
		buf = buf[:len(buf)+n]
		total += int64(n)
		if err == io.EOF {
			if total > maxBody {
				release()
				return nil, nil, tooLarge(maxBody)
			}
			return buf, release, nil
		}
		if err != nil {
			release()
			return nil, nil, bodyError(w, err, s.cfg)
		}
	}
}

// bodyError is the answer to a body that could not be read: 408 when the
// client stopped sending, 400 otherwise. Either way the connection is
// closed after the answer.
func bodyError(w http.ResponseWriter, err error, cfg Config) *apiError {
	w.Header().Set("Connection", "close")
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return &apiError{Status: http.StatusRequestTimeout, Code: "body_timeout", Where: bodyName,
			Message: fmt.Sprintf("the request body stopped coming: a body must arrive with no pause over %v and whole within %v", cfg.BodyIdle, cfg.BodyTimeout)}
	}
	return &apiError{Status: http.StatusBadRequest, Code: "bad_body", Where: bodyName, Message: fmt.Sprintf("read the request body: %v", err)}
}

func tooLarge(max int64) *apiError {
	return &apiError{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Where: bodyName,
		Message: fmt.Sprintf("request body is larger than %d bytes; send fewer puzzles per request", max)}
}
