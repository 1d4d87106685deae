package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokugen/sudokugen/serve"
	"github.com/sudokugen/sudokugen/worker"
)

type serveOptions struct {
	listen         string
	pool           poolFlags
	maxTimeout     time.Duration
	requestTimeout time.Duration
	grace          time.Duration
	maxBody        int64
	maxDrain       int64
	bodyIdle       time.Duration
	bodyTimeout    time.Duration
	maxPuzzles     int
	maxGenerate    int
	maxCountLimit  int
	maxQueue       int
	maxRequests    int
	logFormat      string
	verbose        bool
	ready          func(addr string) // tests: called with the address once listening
}

func newServeCmd(s *streams) *cobra.Command {
	var opts serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the JSON API and the web page for checking puzzles",
		Long: `Serve answers HTTP requests: the JSON API under /v1/ (verify, solve, rate,
generate, book, draw; described at /v1/openapi.json), /healthz, /readyz,
/metrics in the Prometheus format, and a web page at / to check, rate and make
puzzles. All requests share one pool of worker processes. Variant puzzles
(killer, jigsaw, X...) come as f-puzzles JSON or links, or JSON with rules,
and their answers give their rules, their f-puzzles form and links that open
them in f-puzzles and SudokuPad; the page draws them.

Requests past the limits are turned away at once: 413 for a body or a batch
too large, 429 with Retry-After when the queue of puzzles is full, 503 when
too many requests are in progress. On SIGTERM or Ctrl-C the server stops
accepting, lets requests in flight finish for --grace, then stops its
workers.`,
		Example: `  sudokugen serve --listen 127.0.0.1:8080
  curl -s --data-binary @puzzles.txt 'http://127.0.0.1:8080/v1/verify?count_limit=100'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServe(cmd.Context(), s, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.listen, "listen", "127.0.0.1:8080", "address to listen on, host:port")
	fl.IntVarP(&opts.pool.workers, "workers", "w", runtime.NumCPU(), "number of worker processes (0: run in this process)")
	fl.DurationVar(&opts.pool.timeout, "timeout", serve.DefaultTimeout, "time limit per puzzle when a request names none")
	registerMaxMemory(fl, &opts.pool.maxMemory)
	fl.DurationVar(&opts.maxTimeout, "max-timeout", serve.DefaultMaxTimeout, "highest time limit per puzzle a request may ask for")
	fl.DurationVar(&opts.requestTimeout, "request-timeout", serve.DefaultRequestTimeout, "deadline of a whole request")
	fl.DurationVar(&opts.grace, "grace", 30*time.Second, "on SIGTERM, time the requests in flight get to finish")
	fl.Int64Var(&opts.maxBody, "max-body", serve.DefaultMaxBody, "largest request body in bytes")
	fl.Int64Var(&opts.maxDrain, "max-drain", serve.DefaultMaxDrain, "bytes of a body past --max-body read and thrown away so that the client hears the 413")
	fl.DurationVar(&opts.bodyIdle, "body-idle", serve.DefaultBodyIdle, "longest pause while a request body arrives; past it the client gets 408")
	fl.DurationVar(&opts.bodyTimeout, "body-timeout", serve.DefaultBodyTimeout, "longest time a whole request body may take to arrive")
	fl.IntVar(&opts.maxPuzzles, "max-puzzles", serve.DefaultMaxPuzzles, "most puzzles in one request")
	fl.IntVar(&opts.maxGenerate, "max-generate", serve.DefaultMaxGenerate, "most puzzles one generate request may ask for")
	fl.IntVar(&opts.maxCountLimit, "max-count-limit", serve.DefaultMaxCountLimit, "highest count_limit a request may ask for")
	fl.IntVar(&opts.maxQueue, "max-queue", serve.DefaultMaxQueue, "most puzzles admitted and not yet answered; past it requests get 429")
	fl.IntVar(&opts.maxRequests, "max-requests", serve.DefaultMaxRequests, "most requests worked on at once; past it requests get 503")
	fl.StringVar(&opts.logFormat, "log-format", "text", "log format on standard error: text or json")
	fl.BoolVarP(&opts.verbose, "verbose", "v", false, "log every request, health checks included")
	return cmd
}

func (o *serveOptions) validate() error {
	if err := o.pool.validate(); err != nil {
		return err
	}
	if o.pool.timeout <= 0 || o.maxTimeout <= 0 || o.requestTimeout <= 0 || o.bodyIdle <= 0 || o.bodyTimeout <= 0 || o.grace < 0 {
		return usageError("--timeout, --max-timeout, --request-timeout, --body-idle and --body-timeout must be positive, --grace not negative")
	}
	if o.maxDrain < o.maxBody {
		return usageError("--max-drain %d must be at least --max-body %d", o.maxDrain, o.maxBody)
	}
	if o.maxBody < 1 || o.maxPuzzles < 1 || o.maxGenerate < 1 || o.maxQueue < 1 || o.maxRequests < 1 {
		return usageError("--max-body, --max-puzzles, --max-generate, --max-queue and --max-requests must be at least 1")
	}
	if o.maxCountLimit < 2 {
		return usageError("--max-count-limit must be at least 2, not %d", o.maxCountLimit)
	}
	if o.logFormat != "text" && o.logFormat != "json" {
		return usageError("--log-format %q: want text or json", o.logFormat)
	}
	return nil
}

func (o *serveOptions) logger(s *streams) *slog.Logger {
	level := slog.LevelInfo
	if o.verbose {
		level = slog.LevelDebug
	}
	ho := &slog.HandlerOptions{Level: level}
	if o.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(s.Err, ho))
	}
	return slog.New(slog.NewTextHandler(s.Err, ho))
}

func runServe(ctx context.Context, s *streams, opts serveOptions) error {
	if err := opts.validate(); err != nil {
		return err
	}
	log := opts.logger(s)
	pool, err := newServePool(opts.pool)
	if err != nil {
		return err
	}
	defer pool.Close()
	srv, err := serve.New(serve.Config{
		Engine: pool, Logger: log,
		MaxBody: opts.maxBody, MaxPuzzles: opts.maxPuzzles, MaxGenerate: opts.maxGenerate, MaxCountLimit: opts.maxCountLimit,
		Timeout: opts.pool.timeout, MaxTimeout: opts.maxTimeout, RequestTimeout: opts.requestTimeout,
		MaxQueue: opts.maxQueue, MaxRequests: opts.maxRequests,
		BodyIdle: opts.bodyIdle, BodyTimeout: opts.bodyTimeout, MaxDrain: opts.maxDrain,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.listen)
	if err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("--listen: %w", err)}
	}
	// Requests live in base, not in ctx: a signal starts a graceful
	// shutdown, and only when the grace period is over are the requests
	// still running cancelled, with serve.ErrShutdown as the cause.
	base, cancelBase := context.WithCancelCause(context.Background())
	defer cancelBase(nil)
	hs := &http.Server{
		Handler:           srv,
		BaseContext:       func(net.Listener) context.Context { return base },
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "workers", opts.pool.workers, "pid", os.Getpid())
	if opts.ready != nil {
		opts.ready(ln.Addr().String())
	}
	go func() {
		if err := srv.Warm(ctx, opts.pool.workers); err != nil && ctx.Err() == nil {
			log.Error("workers did not start; /readyz stays 503", "err", err)
			return
		}
		log.Info("workers ready", "workers", pool.Stats().Workers)
	}()

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	return shutdown(log, srv, hs, cancelBase, pool, opts.grace)
}

// shutdown stops the server gracefully: no new connections, new requests
// on open ones turned away, the requests in flight given the grace period;
// then the requests still running are cancelled (they answer 503), and the
// workers are stopped.
func shutdown(log *slog.Logger, srv *serve.Server, hs *http.Server, cancelBase context.CancelCauseFunc, pool interface{ Close() error }, grace time.Duration) error {
	log.Info("shutting down", "grace", grace)
	srv.Drain()
	// A second signal ends the grace period at once.
	again := make(chan os.Signal, 1)
	signal.Notify(again, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(again)
	go func() {
		if _, ok := <-again; ok {
			log.Warn("second signal; cancelling the requests still running")
			cancelBase(serve.ErrShutdown)
		}
	}()
	gctx, cancel := context.WithTimeout(context.Background(), grace)
	err := hs.Shutdown(gctx)
	cancel()
	if err != nil {
		log.Warn("grace period over; cancelling the requests still running")
		cancelBase(serve.ErrShutdown)
		// The cancelled requests answer within moments; then close.
		gctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := hs.Shutdown(gctx); err != nil {
			hs.Close()
		}
		cancel()
	}
	if err := pool.Close(); err != nil {
		log.Warn("stopping workers", "err", err)
	}
	log.Info("stopped")
	return nil
}

// newServePool returns the service's pool. Every job of the service
// carries its own timeout, so the pool needs none. Its many requests share
// the workers, so quick jobs get a lane of their own (worker.Config's
// QuickLane): a classic puzzle is not kept waiting behind slow variants;
// and a worker killed on a puzzle is replaced at once (KeepUp), so the
// next request does not wait for one to start.
func newServePool(f poolFlags) (*worker.Pool, error) {
	f.timeout = 0
	f.quickLane = f.workers > 0
	f.keepUp = true
	return newPool(f)
}
