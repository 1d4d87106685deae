package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// admit takes n puzzles into the queue for the request, or writes the
// answer that turns it away.
func (s *Server) admit(w http.ResponseWriter, n int) (release func(), ok bool) {
	if s.draining.Load() {
		s.reject(w, http.StatusServiceUnavailable, "draining", "the server is shutting down; retry on another")
		return nil, false
	}
	if !s.queue.take(n) {
		s.reject(w, http.StatusTooManyRequests, "queue_full",
			fmt.Sprintf("the queue is full (%d puzzles waiting); retry later", s.cfg.MaxQueue))
		return nil, false
	}
	return func() { s.queue.give(n) }, true
}

func (s *Server) reject(w http.ResponseWriter, status int, code, msg string) {
	s.metrics.rejected.WithLabelValues(code).Inc()
	w.Header().Set("Retry-After", strconv.Itoa(int((s.cfg.RetryAfter+time.Second-1)/time.Second)))
	writeError(w, &apiError{Status: status, Code: code, Message: msg})
}

// limitRequests reads the request's body (see readBody), then hands it to
// h unless MaxRequests requests are being worked on.
func (s *Server) limitRequests(h func(w http.ResponseWriter, r *http.Request, body []byte)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.draining.Load() {
			s.reject(w, http.StatusServiceUnavailable, "draining", "the server is shutting down; retry on another")
			return
		}
		body, release, aerr := s.readBody(w, r)
		if aerr != nil {
			if aerr.Status == http.StatusServiceUnavailable {
				s.reject(w, aerr.Status, aerr.Code, aerr.Message)
				return
			}
			writeError(w, aerr)
			return
		}
		defer release()
		if !s.queue.enter() {
			s.reject(w, http.StatusServiceUnavailable, "busy",
				fmt.Sprintf("%d requests in progress; retry later", s.cfg.MaxRequests))
			return
		}
		defer s.queue.leave()
		// The request's deadline runs from here: reading its puzzles
		// and running its jobs both count.
		deadline := time.Now().Add(s.cfg.RequestTimeout)
		h(w, r.WithContext(context.WithValue(r.Context(), deadlineKey{}, deadline)), body)
	}
}

// deadlineKey is the context key of a request's deadline, which
// limitRequests sets when the request starts its work.
type deadlineKey struct{}

// withDeadline returns ctx bounded by its request's deadline: the one
// limitRequests set, or RequestTimeout from now.
func (s *Server) withDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	d, ok := ctx.Value(deadlineKey{}).(time.Time)
	if !ok {
		d = time.Now().Add(s.cfg.RequestTimeout)
	}
	return context.WithDeadline(ctx, d)
}

// ErrShutdown is the cause to cancel requests with when a server's grace
// period is over: they answer 503, saying so.
var ErrShutdown = errors.New("server shutting down")

// errDeadline is the error of a puzzle left unanswered when the request's
// deadline passed.
var errDeadline = errors.New("request deadline passed before this puzzle was done")

// runJobs runs jobs on the engine within the request's deadline and calls
// each with every result, in order. Jobs not done when the deadline passes
// come back with errDeadline; when the client has gone, runJobs returns
// its context's error and the caller writes nothing.
func (s *Server) runJobs(ctx context.Context, jobs []Job, each func(i int, r Result)) error {
	ctx, cancel := s.withDeadline(ctx)
	defer cancel()
	k := 0
	next := func() (Job, bool, error) {
		if k == len(jobs) {
			return Job{}, false, nil
		}
		j := jobs[k]
		j.Index = k
		k++
		return j, true, nil
	}
	done := 0
	err := s.cfg.Engine.Run(ctx, next, func(r Result) error {
		if r.Index != done {
			return fmt.Errorf("engine answered job %d, want %d", r.Index, done)
		}
		each(done, r)
		done++
		return nil
	})
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		for ; done < len(jobs); done++ {
			each(done, Result{Index: done, Err: errDeadline})
		}
		return nil
	}
	if err == nil && done < len(jobs) {
		err = fmt.Errorf("engine answered %d of %d jobs", done, len(jobs))
	}
	return err
}

// engineFailed answers a request whose run failed, unless the client has
// gone (then nobody is listening).
func (s *Server) engineFailed(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(context.Cause(r.Context()), ErrShutdown) {
		s.reject(w, http.StatusServiceUnavailable, "shutdown", "the server shut down before this request was done; retry on another")
		return
	}
	if r.Context().Err() != nil {
		s.log.Info("client gone", "path", r.URL.Path, "err", err)
		w.WriteHeader(499) // logged and counted; the client sees nothing
		return
	}
	s.log.Error("engine failed", "path", r.URL.Path, "err", err)
	writeError(w, &apiError{Status: http.StatusServiceUnavailable, Code: "engine_failed", Message: err.Error()})
}
