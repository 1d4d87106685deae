package serve

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus collectors, on a registry of its own
// so that several servers (in tests) do not share counters.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	verdicts *prometheus.CounterVec
	rejected *prometheus.CounterVec
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudokugen_http_requests_total",
		Help: "HTTP requests by route and status code.",
	}, []string{"route", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "sudokugen_http_request_duration_seconds",
		Help:    "Time to answer a request, by route.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
	}, []string{"route"})
	m.verdicts = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudokugen_verdicts_total",
		Help: "Puzzles answered, by status (unique, multiple, none, invalid, timeout, error; rated for rate).",
	}, []string{"route", "status"})
	m.rejected = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudokugen_rejected_requests_total",
		Help: "Requests turned away before any work, by reason (queue_full, busy, draining).",
	}, []string{"reason"})
	stats := func(f func(Stats) int) func() float64 {
		return func() float64 { return float64(f(s.cfg.Engine.Stats())) }
	}
	m.reg.MustRegister(m.requests, m.latency, m.verdicts, m.rejected,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudokugen_queue_puzzles",
			Help: "Puzzles admitted and not yet answered, over all requests.",
		}, func() float64 { return float64(s.queue.inFlight()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudokugen_worker_queued_jobs",
			Help: "Jobs waiting for a worker process.",
		}, stats(func(st Stats) int { return st.Queued })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudokugen_workers",
			Help: "Worker processes running.",
		}, stats(func(st Stats) int { return st.Workers })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudokugen_workers_busy",
			Help: "Worker processes with a job.",
		}, stats(func(st Stats) int { return st.Busy })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "sudokugen_worker_restarts_total",
			Help: "Worker processes replaced after a crash or a timeout.",
		}, stats(func(st Stats) int { return st.Restarts })),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
