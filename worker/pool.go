package worker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// Config sets up a Pool.
type Config struct {
	// Workers is the number of worker processes. With 0 (or no Command),
	// jobs run in this process, one at a time, and a run still returns as
	// soon as its context is done.
	Workers int
	// Timeout bounds each job; 0 means no bound. Job.Timeout overrides it.
	Timeout time.Duration
	// Command returns a new, unstarted worker command: a process that runs
	// Serve on its stdin and stdout.
	Command func() *exec.Cmd
	// MaxMemory bounds the resident memory of each worker process, in
	// bytes; 0 means no bound. A job whose process goes past it ends with
	// ErrMemory, as one past its timeout does, and the process is
	// replaced. The pool reads a busy process's memory every few
	// milliseconds (on Linux; elsewhere only the Go runtime's soft limit,
	// GOMEMLIMIT, holds), and jobs that may need much memory (variants,
	// grids above 9x9) never run in this process while it is set.
	MaxMemory int64
	// QuickLane adds one more worker process that takes only quick jobs
	// (classic grids of at most 9x9; see lane.go), so that a quick job
	// never waits behind slow ones that hold every other process: the
	// service's many short requests beside a few hard variants.
	QuickLane bool
	// KeepUp replaces a process killed on its job (past its timeout or
	// memory bound, or abandoned) as soon as the job's result is out, so
	// that the next job does not wait for a process to start: a second or
	// more on a loaded machine, which a service's next request would pay.
	// Without it a process starts when the next job needs one, which suits
	// a command whose last job may be the one killed.
	KeepUp bool
}

// Stats describe a pool at one moment.
type Stats struct {
	Workers  int // worker processes running
	Busy     int // processes working on a batch of jobs
	Queued   int // jobs waiting for a process
	Restarts int // processes replaced after they died or ran out of time
}

// Pool runs jobs on worker processes and hands back their results in input
// order. It is safe for concurrent use: the jobs of every Run share its
// processes.
type Pool struct {
	cfg    Config
	queue  chan *batch
	quick  chan *batch     // batches of quick jobs, for the quick lane's process (QuickLane)
	ctx    context.Context // done once the pool is closed
	cancel context.CancelFunc
	start  sync.Once // starts the goroutines that drive the processes
	// drivers holds the goroutines that drive the processes, one each,
	// from the first Run that needs them until Close.
	drivers errgroup.Group

	running, busy, queued, restarts atomic.Int64

	wrap wrapper // for tests: faults around the jobs run in this process
}

// New returns a pool. It starts nothing yet: processes start when jobs
// first need them, and are kept until Close.
func New(cfg Config) *Pool {
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{cfg: cfg, queue: make(chan *batch), quick: make(chan *batch), ctx: ctx, cancel: cancel}
}

// Close stops every worker process and waits for them to exit. Runs still
// going return ErrClosed.
func (p *Pool) Close() error {
	p.cancel()
	p.start.Do(func() {})
	return p.drivers.Wait()
}

// Stats returns the pool's figures now.
func (p *Pool) Stats() Stats {
	return Stats{
		Workers:  int(p.running.Load()),
		Busy:     int(p.busy.Load()),
		Queued:   int(p.queued.Load()),
		Restarts: int(p.restarts.Load()),
	}
}

// Run reads jobs from next until it reports false, runs them, and calls
// emit with each result in the order the jobs came. It stops at the first
// error from next or emit, or when ctx is done; jobs read before an error
// from next still run and are emitted first. Stopping abandons the work of
// this run only: a process busy with it is killed and replaced later, and
// the other runs go on.
//
// next and emit are called from one goroutine each (not the same one). If
// next blocks (reading a pipe, say) after ctx is done, Run returns without
// waiting for it.
//
// A handful of jobs without a timeout run in this process while the pool
// has no process running yet, since starting processes would cost more
// than it saves; their results are the same.
func (p *Pool) Run(ctx context.Context, next func() (Job, bool, error), emit func(Result) error) error {
	if p.ctx.Err() != nil {
		return ErrClosed
	}
	if p.cfg.Workers < 1 || p.cfg.Command == nil {
		return p.runLocal(ctx, nil, next, emit)
	}
	head, more, err := p.lookAhead(next)
	if !more {
		if p.small(head) {
			if lerr := p.runLocal(ctx, head, nil, emit); lerr != nil {
				return lerr
			}
			return err
		}
		next = exhausted(err)
	}
	return p.runProcs(ctx, head, next, emit)
}

// lookAhead reads the first jobs, up to one more than a small run has.
func (p *Pool) lookAhead(next func() (Job, bool, error)) (head []Job, more bool, err error) {
	limit := smallRun
	for len(head) <= limit {
		j, ok, err := next()
		if err != nil || !ok {
			return head, false, err
		}
		if len(head) == 0 && j.Kind == Generate {
			limit = smallGenerate
		}
		head = append(head, j)
	}
	return head, true, nil
}

// Runs of up to smallRun jobs (smallGenerate for generation, whose jobs take
// longer) stay in this process.
const (
	smallRun      = 8
	smallGenerate = 2
)

func (p *Pool) small(head []Job) bool {
	if p.running.Load() > 0 {
		return false
	}
	for _, j := range head {
		if j.timeout(p.cfg.Timeout) > 0 || p.cfg.MaxMemory > 0 && !light(j) {
			return false
		}
	}
	return true
}

// exhausted returns a next function for input that has ended, with err.
func exhausted(err error) func() (Job, bool, error) {
	return func() (Job, bool, error) { return Job{}, false, err }
}

// A batch is jobs of one run sent to a process together.
type batch struct {
	run       *runState
	seq       int
	jobs      []Job
	results   []Result
	partial   Result // the last progress reported by the job in progress
	ready     bool   // decided here: no process needed
	abandoned bool   // the run or the pool stopped before it was done
}

// runState is one Run on worker processes.
type runState struct {
	ctx  context.Context
	done chan *batch // batches done, in any order
	est  int64       // average nanoseconds per job; read and written by the feeder and collector under mu
	mu   sync.Mutex
}

// Batch sizes: enough jobs to keep a process busy for about batchTarget, so
// that round trips cost little, and at most maxBatch. Until the first
// results tell how long jobs take, jobs go one at a time, which also
// spreads a short run of slow jobs over every process. A process waits
// for its next batch while the pool takes in the last results of one:
// verifying royle17 (some 20 us a puzzle) with two workers took 1.17 s
// with batches of at most 64, 0.76 s with 256 and 0.86 s with 1,024 (best
// of five, one run, on the shared machine).
const (
	batchTarget = 20 * time.Millisecond
	maxBatch    = 256
)

func (rs *runState) batchSize() int {
	rs.mu.Lock()
	est := rs.est
	rs.mu.Unlock()
	if est <= 0 {
		return 1
	}
	return min(max(int(int64(batchTarget)/est), 1), maxBatch)
}

// observe folds the times of a finished batch into the estimate. It counts
// processor time where the worker measured it: elapsed time grows with the
// load of the machine, and batches sized by it would shrink just when round
// trips cost most.
//
// A worker measures the processor time of each batch it is sent and
// reports it with the batch's last result.
func (rs *runState) observe(b *batch) {
	var cpu, elapsed time.Duration
	for _, r := range b.results {
		cpu += r.cpu
		elapsed += r.Elapsed
	}
	total := elapsed
	if cpu > 0 {
		total = cpu
	}
	avg := int64(total)/int64(len(b.results)) + 1
	rs.mu.Lock()
	if rs.est == 0 {
		rs.est = avg
	} else {
		rs.est = (3*rs.est + avg) / 4
	}
	rs.mu.Unlock()
}

// endOfInput says, once the feeder stops, how many batches it made and why
// it stopped, if for an error.
type endOfInput struct {
	batches int
	err     error
}

func (p *Pool) runProcs(ctx context.Context, head []Job, next func() (Job, bool, error), emit func(Result) error) error {
	p.start.Do(func() {
		for range p.cfg.Workers {
			p.drivers.Go(func() error {
				p.drive(p.queue)
				return nil
			})
		}
		if p.cfg.QuickLane {
			p.drivers.Go(func() error {
				p.drive(p.quick)
				return nil
			})
		}
	})
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rs := &runState{ctx: ctx, done: make(chan *batch)}
	// slots bounds the batches between the feeder and the collector, so
	// memory stays flat however long the input.
	slots := make(chan struct{}, 4*p.cfg.Workers)
	end := make(chan endOfInput, 1)
	// The feeder is not waited for: next may block on input that never
	// comes after ctx is done.
	go p.feed(rs, head, next, slots, end)
	return p.collect(rs, emit, slots, end)
}

// feed reads the jobs of a run and queues them in batches.
func (p *Pool) feed(rs *runState, head []Job, next func() (Job, bool, error), slots chan struct{}, end chan<- endOfInput) {
	seq := 0
	var pending []Job
	send := func(b *batch) bool {
		select {
		case slots <- struct{}{}:
		case <-rs.ctx.Done():
			return false
		}
		b.run, b.seq = rs, seq
		seq++
		to, lane := p.queue, p.laneFor(b)
		if b.ready {
			to = rs.done
		} else {
			p.queued.Add(int64(len(b.jobs)))
		}
		select {
		case to <- b:
			return true
		case lane <- b:
			return true
		case <-rs.ctx.Done():
			if !b.ready {
				p.queued.Add(-int64(len(b.jobs)))
			}
			return false
		}
	}
	flush := func() bool {
		if len(pending) == 0 {
			return true
		}
		b := &batch{jobs: pending}
		pending = nil
		return send(b)
	}
	take := func(j Job) bool {
		if res, ok := decided(j); ok {
			return flush() && send(&batch{jobs: []Job{j}, results: []Result{res}, ready: true})
		}
		if pending == nil {
			pending = make([]Job, 0, rs.batchSize())
		}
		pending = append(pending, j)
		return len(pending) < rs.batchSize() || flush()
	}
	for _, j := range head {
		if !take(j) {
			return
		}
	}
	for {
		j, ok, err := next()
		if err != nil || !ok {
			// The jobs read before an input error still run.
			if flush() {
				end <- endOfInput{seq, err}
			}
			return
		}
		if !take(j) {
			return
		}
	}
}

// collect puts the batches of a run back in order and emits their results.
func (p *Pool) collect(rs *runState, emit func(Result) error, slots chan struct{}, end <-chan endOfInput) error {
	waiting := make(map[int]*batch)
	nextSeq, want := 0, -1
	var inputErr error
	for want < 0 || nextSeq < want {
		select {
		case b := <-rs.done:
			waiting[b.seq] = b
		case e := <-end:
			want, inputErr = e.batches, e.err
			continue
		case <-rs.ctx.Done():
			return rs.ctx.Err()
		case <-p.ctx.Done():
			return ErrClosed
		}
		for b := waiting[nextSeq]; b != nil; b = waiting[nextSeq] {
			delete(waiting, nextSeq)
			if !b.ready {
				rs.observe(b)
			}
			for _, r := range b.results {
				if err := emit(r); err != nil {
					return err
				}
			}
			nextSeq++
			<-slots
		}
	}
	return inputErr
}

// drive runs batches from queue on one worker process, starting and
// replacing the process as needed, until the pool closes.
func (p *Pool) drive(queue <-chan *batch) {
	var pr *proc
	defer func() { p.stop(pr, false) }()
	for {
		select {
		case b := <-queue:
			p.queued.Add(-int64(len(b.jobs)))
			p.busy.Add(1)
			restarts := p.restarts.Load()
			pr = p.runBatch(pr, b)
			p.busy.Add(-1)
			if !b.abandoned {
				select {
				case b.run.done <- b:
				case <-b.run.ctx.Done():
				case <-p.ctx.Done():
				}
			}
			if p.cfg.KeepUp && pr == nil && (b.abandoned || p.restarts.Load() != restarts) {
				pr = p.replace()
			}
		case <-p.ctx.Done():
			return
		}
	}
}

// replace starts a process in place of one killed on its job, once the
// job's result is out (Config.KeepUp). It returns nil when none starts;
// the next batch tries again.
func (p *Pool) replace() *proc {
	if p.ctx.Err() != nil {
		return nil
	}
	pr, err := p.startProc(p.ctx)
	if err != nil {
		return nil
	}
	return pr
}

// Reasons an exchange with a process stops early, besides its failure.
var (
	errTimedOut   = errors.New("timed out")
	errOverMemory = errors.New("over the memory bound")
	errAbandoned  = errors.New("abandoned")
)

// runBatch runs b on pr, starting or replacing the process as needed, and
// returns the process to use next (nil when none is running).
func (p *Pool) runBatch(pr *proc, b *batch) *proc {
	b.results = make([]Result, len(b.jobs))
	i, retried := 0, false
	for i < len(b.jobs) {
		if b.run.ctx.Err() != nil || p.ctx.Err() != nil {
			b.abandoned = true
			return pr
		}
		if pr == nil {
			var err error
			if pr, err = p.startProc(b.run.ctx); err != nil {
				// No process would start, after several tries: the jobs
				// left in the batch fail with the reason, at once.
				for ; i < len(b.jobs); i++ {
					b.results[i] = Result{Index: b.jobs[i].Index, Err: fmt.Errorf("%w: %v", ErrWorkerFailed, err)}
				}
				return nil
			}
		}
		// After a failure the job is retried alone: a worker that dies
		// loses the results still in its buffer, so only a batch of one
		// pins the failure on the right job.
		end := len(b.jobs)
		if retried {
			end = i + 1
		}
		done, failure := p.exchange(pr, b, i, end)
		if done > i {
			retried = false
		}
		i = done
		switch {
		case failure == nil:
		case failure == errAbandoned:
			p.stop(pr, true)
			b.abandoned = true
			return nil
		case failure == errOverMemory:
			p.stop(pr, true)
			p.restarts.Add(1)
			pr = nil
			b.results[i] = b.stopped(i, memoryError(p.cfg.MaxMemory), 0)
			i, retried = i+1, false
		case failure == errTimedOut:
			p.stop(pr, true)
			p.restarts.Add(1)
			pr = nil
			d := b.jobs[i].timeout(p.cfg.Timeout)
			b.results[i] = b.stopped(i, fmt.Errorf("%w after %v", ErrTimeout, d), d)
			i, retried = i+1, false
		default:
			// The worker died or garbled its answer: replace it, and give
			// the job it was on one more chance.
			msg := pr.describe(failure)
			p.stop(pr, true)
			p.restarts.Add(1)
			pr = nil
			if retried {
				b.results[i] = Result{Index: b.jobs[i].Index, Err: fmt.Errorf("%w twice on this puzzle: %s", ErrWorkerFailed, msg)}
				i, retried = i+1, false
			} else {
				retried = true
			}
		}
	}
	return pr
}

// stopped is the result of job i of b, stopped for err after elapsed:
// what it reported it had decided, if anything, marked partial.
func (b *batch) stopped(i int, err error, elapsed time.Duration) Result {
	res := Result{Index: b.jobs[i].Index}
	if p := b.partial; p.Partial && p.Index == res.Index {
		res = p
	}
	b.partial = Result{}
	res.Err, res.Elapsed = err, elapsed
	return res
}

// exchange sends jobs [i, end) of b to pr and collects their results. It
// returns the index of the first job left without a result and why the
// exchange stopped before end: the process failed, the job ran out of time
// (errTimedOut), or the run or the pool stopped (errAbandoned).
func (p *Pool) exchange(pr *proc, b *batch, i, end int) (int, error) {
	if err := pr.send(b.jobs[i:end]); err != nil {
		return i, err
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	// Each job is timed from the result before it: the process works on
	// the jobs of a batch one after the other.
	arm := func() <-chan time.Time {
		d := b.jobs[i].timeout(p.cfg.Timeout)
		if d <= 0 {
			return nil
		}
		timer.Reset(d)
		return timer.C
	}
	timeout := arm()
	var poll <-chan time.Time
	if p.cfg.MaxMemory > 0 {
		t := time.NewTicker(memoryPoll)
		defer t.Stop()
		poll = t.C
	}
	for i < end {
		select {
		case <-poll:
			if rss, ok := resident(pr.cmd.Process.Pid); ok && rss > p.cfg.MaxMemory {
				return i, errOverMemory
			}
		case w, ok := <-pr.outs:
			if !ok {
				return i, pr.readErr()
			}
			if w.Index != b.jobs[i].Index {
				return i, fmt.Errorf("worker answered job %d, want %d", w.Index, b.jobs[i].Index)
			}
			if w.Partial {
				b.partial = w.result()
				continue
			}
			b.partial = Result{}
			b.results[i] = w.result()
			i++
			if i < end {
				timer.Stop()
				timeout = arm()
			}
		case <-timeout:
			return i, errTimedOut
		case <-b.run.ctx.Done():
			return i, errAbandoned
		case <-p.ctx.Done():
			return i, errAbandoned
		}
	}
	return i, nil
}

// Start-up failures (a process killed before its hello, or a fork that
// fails for lack of resources) are retried this many times, after a pause
// that grows each time, before the job counts as failed.
const (
	startAttempts = 4
	startPause    = 20 * time.Millisecond
)

// startProc starts a worker process, retrying failed starts.
func (p *Pool) startProc(ctx context.Context) (*proc, error) {
	var err error
	for attempt := range startAttempts {
		if attempt > 0 {
			t := time.NewTimer(startPause << attempt)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return nil, ctx.Err()
			case <-p.ctx.Done():
				t.Stop()
				return nil, ErrClosed
			}
		}
		var pr *proc
		cmd := p.cfg.Command()
		if p.cfg.MaxMemory > 0 {
			if cmd.Env == nil {
				cmd.Env = os.Environ()
			}
			cmd.Env = append(cmd.Env, memoryEnv(p.cfg.MaxMemory))
		}
		if pr, err = startProc(ctx, cmd); err == nil {
			p.running.Add(1)
			return pr, nil
		}
	}
	return nil, err
}

// stop ends a process: at once with kill, else gently.
func (p *Pool) stop(pr *proc, kill bool) {
	if pr == nil {
		return
	}
	if kill {
		pr.kill()
	} else {
		pr.close()
	}
	p.running.Add(-1)
}
