package serve

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	// the kinds of variant rules, which the requests' puzzles may have
	_ "github.com/sudokugen/sudokugen/rules"
)

// Config sets the service's engine and limits. Zero limits take the
// defaults named below.
type Config struct {
	Engine Engine
	Logger *slog.Logger // nil: discard

	MaxBody        int64         // request body bytes (DefaultMaxBody)
	MaxPuzzles     int           // puzzles in one request (DefaultMaxPuzzles)
	MaxGenerate    int           // puzzles one generate request may ask for (DefaultMaxGenerate)
	MaxCountLimit  int           // highest count_limit (DefaultMaxCountLimit)
	Timeout        time.Duration // per puzzle, when the request names none (DefaultTimeout)
	MaxTimeout     time.Duration // highest per-puzzle timeout a request may ask for (DefaultMaxTimeout)
	RequestTimeout time.Duration // deadline of a whole request (DefaultRequestTimeout)
	MaxQueue       int           // puzzles admitted and not yet answered, over all requests (DefaultMaxQueue)
	MaxRequests    int           // requests being worked on at once (DefaultMaxRequests); bodies in memory are at most MaxRequests*MaxBody
	RetryAfter     time.Duration // told to clients turned away (DefaultRetryAfter)

	BodyIdle    time.Duration // longest pause while a request body arrives (DefaultBodyIdle); past it, 408
	BodyTimeout time.Duration // longest time a whole request body may take to arrive (DefaultBodyTimeout)
	MaxDrain    int64         // bytes of a body past MaxBody read to throw away before the 413, so that every client hears it (DefaultMaxDrain)
}

// The default limits.
const (
	DefaultMaxBody        = 4 << 20
	DefaultMaxPuzzles     = 10_000
	DefaultMaxGenerate    = 100
	DefaultMaxCountLimit  = 1000
	DefaultTimeout        = 10 * time.Second
	DefaultMaxTimeout     = 60 * time.Second
	DefaultRequestTimeout = 60 * time.Second
	DefaultMaxQueue       = 50_000
	DefaultMaxRequests    = 64
	DefaultRetryAfter     = time.Second
	DefaultBodyIdle       = 10 * time.Second
	DefaultBodyTimeout    = time.Minute
	DefaultMaxDrain       = 64 << 20
)

func (c *Config) defaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	def(&c.MaxPuzzles, DefaultMaxPuzzles)
	def(&c.MaxGenerate, DefaultMaxGenerate)
	def(&c.MaxCountLimit, DefaultMaxCountLimit)
	def(&c.MaxQueue, DefaultMaxQueue)
	def(&c.MaxRequests, DefaultMaxRequests)
	defDur(&c.Timeout, DefaultTimeout)
	defDur(&c.MaxTimeout, DefaultMaxTimeout)
	defDur(&c.RequestTimeout, DefaultRequestTimeout)
	defDur(&c.RetryAfter, DefaultRetryAfter)
	defDur(&c.BodyIdle, DefaultBodyIdle)
	defDur(&c.BodyTimeout, DefaultBodyTimeout)
	if c.MaxDrain <= 0 {
		c.MaxDrain = DefaultMaxDrain
	}
	c.MaxDrain = max(c.MaxDrain, c.MaxBody+1)
	if c.MaxTimeout < c.Timeout {
		c.MaxTimeout = c.Timeout
	}
	if c.MaxQueue < c.MaxPuzzles {
		c.MaxQueue = c.MaxPuzzles
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// ErrNoEngine is the error of New without an Engine.
var ErrNoEngine = errors.New("serve: no engine")

//go:embed web
var webFiles embed.FS

//go:embed openapi.json
var openAPI []byte

// Server is the HTTP service: the JSON API under /v1/, health and
// metrics, and the web page at /. It holds no state between requests
// beyond its counters, so any number of copies can run side by side.
type Server struct {
	cfg      Config
	log      *slog.Logger
	mux      *http.ServeMux
	unknown  http.Handler // answers requests under /v1/ that no route takes
	metrics  *metrics
	queue    admission
	bodies   budget            // bytes of request bodies in memory
	wants    map[string]string // what each request field takes, for errors
	ready    atomic.Bool
	draining atomic.Bool
}

// route is one handler of the API, listed once for the mux and the tests
// that hold the OpenAPI document against it.
type route struct {
	method, path string
	name         string // label in metrics and logs
	h            http.HandlerFunc
}

func (s *Server) routes() []route {
	return []route{
		{"POST", "/v1/verify", "verify", s.handleVerify},
		{"POST", "/v1/solve", "solve", s.handleSolve},
		{"POST", "/v1/rate", "rate", s.handleRate},
		{"POST", "/v1/generate", "generate", s.handleGenerate},
		{"POST", "/v1/book", "book", s.handleBook},
		{"POST", "/v1/draw", "draw", s.handleDraw},
		{"POST", "/v1/candidates", "candidates", s.handleCandidates},
		{"POST", "/v1/givens", "givens", s.handleGivens},
		{"GET", "/v1/openapi.json", "openapi", s.handleOpenAPI},
		{"GET", "/healthz", "healthz", s.handleHealth},
		{"GET", "/readyz", "readyz", s.handleReady},
		{"GET", "/metrics", "metrics", nil}, // set in New
	}
}

// New returns a Server on cfg.Engine. It is ready (for /readyz) once
// Warm has started the workers, or at once after SetReady(true).
func New(cfg Config) (*Server, error) {
	if cfg.Engine == nil {
		return nil, ErrNoEngine
	}
	cfg.defaults()
	s := &Server{cfg: cfg, log: cfg.Logger, mux: http.NewServeMux()}
	s.queue.puzzles.max = int64(cfg.MaxQueue)
	s.queue.maxRequests = cfg.MaxRequests
	s.bodies.max = int64(cfg.MaxRequests) * cfg.MaxBody
	s.wants = cfg.fieldWants()
	s.metrics = newMetrics(s)
	for _, rt := range s.routes() {
		h := rt.h
		if rt.name == "metrics" {
			h = s.metrics.handler().ServeHTTP
		}
		s.mux.Handle(rt.method+" "+rt.path, s.instrument(rt.name, h))
	}
	static, err := fs.Sub(webFiles, "web")
	if err != nil {
		return nil, fmt.Errorf("serve: web files: %w", err)
	}
	page := securityHeaders(http.FileServerFS(static))
	s.mux.Handle("GET /", s.instrument("page", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/") {
			s.noRoute(w, r)
			return
		}
		page.ServeHTTP(w, r)
	})))
	s.unknown = s.instrument("unknown", http.HandlerFunc(s.noRoute))
	s.mux.Handle("POST /v1/", s.unknown)
	return s, nil
}

// noRoute answers a request under /v1/ that no route takes.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	for _, rt := range s.routes() {
		if rt.path == r.URL.Path {
			w.Header().Set("Allow", rt.method)
			writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Code: "method_not_allowed",
				Message: fmt.Sprintf("%s takes %s, not %s", rt.path, rt.method, r.Method)})
			return
		}
	}
	writeError(w, &apiError{Status: http.StatusNotFound, Code: "not_found", Message: fmt.Sprintf("no route %s %s", r.Method, r.URL.Path)})
}

// ServeHTTP serves the API and the page. A request under /v1/ with a
// method no route takes (PUT, DELETE...) gets the JSON error, 405 with
// Allow, as any other error of the API; the mux alone would answer it in
// plain text.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/v1/") && r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodPost {
		s.unknown.ServeHTTP(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Registry returns the Prometheus registry of the server's metrics.
func (s *Server) Registry() *prometheus.Registry { return s.metrics.reg }

// SetReady sets what /readyz says while the server is not draining.
func (s *Server) SetReady(ok bool) { s.ready.Store(ok) }

// Drain makes /readyz fail and turns new API requests away with 503, so a
// load balancer stops sending work while the requests in flight finish.
func (s *Server) Drain() { s.draining.Store(true) }

// Warm starts the engine's workers by running one small job per worker,
// and marks the server ready when they answer.
func (s *Server) Warm(ctx context.Context, workers int) error {
	g := warmGrid()
	n := max(workers, 1)
	i := 0
	next := func() (Job, bool, error) {
		if i == n {
			return Job{}, false, nil
		}
		i++
		// A timeout sends the jobs to worker processes even when they
		// are few enough to run in this process.
		return Job{Index: i - 1, Kind: KindVerify, Grid: g, CountLimit: 2, Timeout: s.cfg.MaxTimeout}, true, nil
	}
	var failed error
	err := s.cfg.Engine.Run(ctx, next, func(r Result) error {
		if r.Err != nil && failed == nil {
			failed = r.Err
		}
		return nil
	})
	if err == nil {
		err = failed
	}
	if err != nil {
		return fmt.Errorf("serve: start workers: %w", err)
	}
	s.SetReady(true)
	return nil
}

// instrument counts and times a route and logs it.
func (s *Server) instrument(name string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		el := time.Since(start)
		code := strconv.Itoa(sw.status)
		s.metrics.requests.WithLabelValues(name, code).Inc()
		s.metrics.latency.WithLabelValues(name).Observe(el.Seconds())
		level := slog.LevelInfo
		if name == "healthz" || name == "readyz" || name == "metrics" || name == "page" {
			level = slog.LevelDebug
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", sw.status),
			slog.Duration("elapsed", el), slog.String("remote", r.RemoteAddr))
	})
}

// statusWriter remembers the status code written.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// securityHeaders sets the headers of the page: it loads nothing from
// elsewhere.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	st := s.cfg.Engine.Stats()
	body := map[string]any{"workers": st.Workers, "busy": st.Busy, "queued": st.Queued, "puzzles_in_flight": s.queue.inFlight()}
	switch {
	case s.draining.Load():
		body["status"] = "draining"
		writeJSON(w, http.StatusServiceUnavailable, body)
	case !s.ready.Load():
		body["status"] = "starting"
		writeJSON(w, http.StatusServiceUnavailable, body)
	default:
		body["status"] = "ready"
		writeJSON(w, http.StatusOK, body)
	}
}

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(openAPI)
}

// admission bounds the work the server takes on: requests being worked on
// and puzzles admitted but not yet answered. Past either bound a request is
// turned away at once with Retry-After, so no backlog builds up.
type admission struct {
	mu          sync.Mutex
	requests    int
	maxRequests int
	puzzles     budget
}

// enter admits one request, or reports false when too many are in flight.
func (a *admission) enter() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.requests >= a.maxRequests {
		return false
	}
	a.requests++
	return true
}

func (a *admission) leave() {
	a.mu.Lock()
	a.requests--
	a.mu.Unlock()
}

// take admits n puzzles, or reports false when they do not fit.
func (a *admission) take(n int) bool { return a.puzzles.take(int64(n)) }

func (a *admission) give(n int) { a.puzzles.give(int64(n)) }

func (a *admission) inFlight() int { return int(a.puzzles.inUse()) }

// budget is an amount that many requests draw on at once, up to max:
// puzzles in the queue, bytes of request bodies in memory.
type budget struct {
	mu   sync.Mutex
	used int64
	max  int64
}

// take draws n, or reports false when n does not fit.
func (b *budget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max {
		return false
	}
	b.used += n
	return true
}

func (b *budget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

func (b *budget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
