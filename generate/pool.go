package generate

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/sudokugen/sudokugen/verify"
)

// Pool runs tasks on worker processes and hands back their outcomes in
// input order.
//
// gophersat cannot run in two goroutines of one process at once (it shares
// a package-level buffer between solvers and silently gives wrong answers),
// so parallel work runs in separate processes: copies of the program
// started by Command, each serving ServeWorker on its stdin and stdout. One
// goroutine per process feeds it batches. A worker that dies is replaced
// and its task tried once more, then reported as ErrWorkerFailed; a task
// that runs past Timeout has its worker killed and is reported as
// ErrTimeout; the other tasks go on either way.
type Pool struct {
	// Command returns a new, unstarted worker command. When nil, or when
	// Workers < 1, tasks run in this process, one at a time.
	Command func() *exec.Cmd
	// Workers is the number of worker processes.
	Workers int
	// Batch is the number of tasks sent to a worker at a time (default 1).
	// Larger batches save round trips for tasks of a few microseconds.
	Batch int
	// Timeout bounds each task; 0 means no bound. It needs worker
	// processes: with a timeout the pool never runs tasks in-process.
	Timeout time.Duration
	// Small is the number of tasks up to which a run stays in-process,
	// since starting processes costs more than it saves (default 8).
	Small int
}

// Run reads tasks from next until it reports false, runs them, and calls
// emit with each outcome in the order the tasks came. It stops at the first
// error from next or emit, when the workers cannot be started, or when ctx
// is done, and then stops every worker before it returns.
//
// next is called from one goroutine; if it blocks (reading a pipe, say)
// after ctx is done, Run returns without waiting for it.
func (p *Pool) Run(ctx context.Context, next func() (Task, bool, error), emit func(Outcome) error) error {
	small := p.Small
	if small <= 0 {
		small = 8
	}
	// Look ahead: a handful of tasks need no processes.
	var head []Task
	more := true
	for len(head) <= small {
		t, ok, err := next()
		if err != nil {
			return err
		}
		if !ok {
			more = false
			break
		}
		head = append(head, t)
	}
	if p.Command == nil || p.Workers < 1 || (!more && p.Timeout == 0) {
		return runLocal(ctx, head, more, next, emit)
	}
	return p.runProcs(ctx, head, next, emit)
}

// runLocal runs the tasks in this process.
func runLocal(ctx context.Context, head []Task, more bool, next func() (Task, bool, error), emit func(Outcome) error) error {
	gen, ver := New(), verify.New()
	do := func(t Task) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return emit(run(t, gen, ver))
	}
	for _, t := range head {
		if err := do(t); err != nil {
			return err
		}
	}
	for more {
		t, ok, err := next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if err := do(t); err != nil {
			return err
		}
	}
	return nil
}

type batch struct {
	seq   int
	tasks []Task
	outs  []Outcome
}

func (p *Pool) runProcs(ctx context.Context, head []Task, next func() (Task, bool, error), emit func(Outcome) error) error {
	size := max(p.Batch, 1)
	g, ctx := errgroup.WithContext(ctx)
	todo := make(chan *batch)
	done := make(chan *batch)
	// slots bounds the batches between the reader and the emitter, so
	// memory stays flat however long the input.
	slots := make(chan struct{}, 4*p.Workers)
	// end says, once the reader stops, how many batches it sent and why
	// it stopped early, if it did.
	type endOfInput struct {
		batches int
		err     error
	}
	end := make(chan endOfInput, 1)

	// The reader: not part of the group, since next may block on input
	// that never comes after ctx is done.
	go func() {
		defer close(todo)
		seq := 0
		send := func(tasks []Task) bool {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			select {
			case todo <- &batch{seq: seq, tasks: tasks}:
				seq++
				return true
			case <-ctx.Done():
				return false
			}
		}
		pending := head
		for {
			for len(pending) < size {
				t, ok, err := next()
				if err != nil || !ok {
					// The tasks read before an input error still run.
					if len(pending) > 0 && !send(pending) {
						return
					}
					end <- endOfInput{seq, err}
					return
				}
				pending = append(pending, t)
			}
			if !send(pending[:size:size]) {
				return
			}
			pending = append([]Task(nil), pending[size:]...)
		}
	}()

	for w := 0; w < p.Workers; w++ {
		g.Go(func() error {
			var pr *proc
			defer func() { pr.close() }()
			for {
				var b *batch
				var ok bool
				select {
				case b, ok = <-todo:
				case <-ctx.Done():
					return ctx.Err()
				}
				if !ok {
					return nil
				}
				var err error
				if pr, err = p.runBatch(ctx, pr, b); err != nil {
					return err
				}
				select {
				case done <- b:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		})
	}

	// The emitter puts the batches back in order.
	g.Go(func() error {
		waiting := make(map[int]*batch)
		nextSeq, want := 0, -1
		var inputErr error
		for want < 0 || nextSeq < want {
			select {
			case b := <-done:
				waiting[b.seq] = b
			case e := <-end:
				want, inputErr = e.batches, e.err
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
			for b := waiting[nextSeq]; b != nil; b = waiting[nextSeq] {
				delete(waiting, nextSeq)
				for _, o := range b.outs {
					if err := emit(o); err != nil {
						return err
					}
				}
				nextSeq++
				<-slots
			}
		}
		return inputErr
	})
	return g.Wait()
}

// runBatch runs b on pr, starting or replacing the process as needed, and
// returns the process to use next (nil when none is running).
func (p *Pool) runBatch(ctx context.Context, pr *proc, b *batch) (*proc, error) {
	b.outs = make([]Outcome, len(b.tasks))
	i := 0
	retried := false
	var timer *time.Timer
	var timeout <-chan time.Time
	if p.Timeout > 0 {
		timer = time.NewTimer(p.Timeout)
		defer timer.Stop()
	}
	for i < len(b.tasks) {
		if pr == nil {
			var err error
			if pr, err = startProc(p.Command()); err != nil {
				return nil, err
			}
		}
		// After a failure the task is retried alone: a worker that dies
		// loses the outcomes still in its buffer, so only a batch of one
		// pins the failure on the right task.
		end := len(b.tasks)
		if retried {
			end = i + 1
		}
		failure := pr.send(b.tasks[i:end])
		if timer != nil {
			timer.Reset(p.Timeout)
			timeout = timer.C
		}
		for failure == nil && i < end {
			select {
			case w, ok := <-pr.outs:
				if !ok {
					failure = pr.readErr()
					break
				}
				if w.Index != b.tasks[i].Index {
					failure = fmt.Errorf("worker answered task %d, want %d", w.Index, b.tasks[i].Index)
					break
				}
				b.outs[i] = fromWire(w)
				i++
				retried = false
				if timer != nil {
					timer.Reset(p.Timeout)
				}
			case <-timeout:
				pr.kill()
				pr = nil
				b.outs[i] = Outcome{Index: b.tasks[i].Index, Err: fmt.Errorf("%w after %v", ErrTimeout, p.Timeout)}
				i++
				retried = false
				failure = errTimedOut
			case <-ctx.Done():
				pr.kill()
				return nil, ctx.Err()
			}
		}
		if failure == nil || failure == errTimedOut {
			continue
		}
		// The worker died or garbled its answer: replace it, and give the
		// task it was on one more chance.
		msg := pr.describe(failure)
		pr.kill()
		pr = nil
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if retried {
			b.outs[i] = Outcome{Index: b.tasks[i].Index, Err: fmt.Errorf("%w twice on this puzzle: %s", ErrWorkerFailed, msg)}
			i++
			retried = false
		} else {
			retried = true
		}
	}
	return pr, nil
}

var errTimedOut = errors.New("timed out")

// proc is one running worker process.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	bw     *bufio.Writer
	enc    *gob.Encoder
	outs   chan wireOutcome
	err    error // why outs was closed; read after outs is closed
	stderr *tailBuffer
	exited chan struct{}
}

func startProc(cmd *exec.Cmd) (*proc, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	tail := &tailBuffer{max: 4096}
	cmd.Stderr = tail
	setProcAttr(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start worker process: %w", err)
	}
	bw := bufio.NewWriterSize(stdin, 64<<10)
	pr := &proc{cmd: cmd, stdin: stdin, bw: bw, enc: gob.NewEncoder(bw), outs: make(chan wireOutcome, 256), stderr: tail, exited: make(chan struct{})}
	go func() {
		dec := gob.NewDecoder(bufio.NewReaderSize(stdout, 64<<10))
		for {
			var w wireOutcome
			if err := dec.Decode(&w); err != nil {
				pr.err = err
				close(pr.outs)
				return
			}
			pr.outs <- w
		}
	}()
	go func() {
		cmd.Wait()
		close(pr.exited)
	}()
	// Wait for the worker's hello: task timeouts must not count the time
	// a process takes to start.
	select {
	case w, ok := <-pr.outs:
		if ok && w.Index == helloIndex {
			return pr, nil
		}
		err = pr.readErr()
	case <-time.After(startTimeout):
		err = fmt.Errorf("no answer within %v", startTimeout)
	}
	msg := pr.describe(err)
	pr.kill()
	return nil, fmt.Errorf("start worker process: %s", msg)
}

// startTimeout bounds the time a worker process may take to start.
const startTimeout = 30 * time.Second

func (pr *proc) send(tasks []Task) error {
	if err := pr.enc.Encode(tasks); err != nil {
		return err
	}
	return pr.bw.Flush()
}

func (pr *proc) readErr() error {
	if pr.err == nil || errors.Is(pr.err, io.EOF) {
		return errors.New("worker exited")
	}
	return pr.err
}

// describe says what became of a failed worker, for error messages.
func (pr *proc) describe(failure error) string {
	select {
	case <-pr.exited:
	case <-time.After(500 * time.Millisecond):
	}
	msg := failure.Error()
	if st := pr.cmd.ProcessState; st != nil {
		msg = st.String()
	}
	if line := pr.stderr.lastLine(); line != "" {
		msg += ": " + line
	}
	return msg
}

// kill ends the process at once and waits for it.
func (pr *proc) kill() {
	if pr == nil {
		return
	}
	pr.cmd.Process.Kill()
	<-pr.exited
}

// close ends the process gently: it reads EOF on stdin and exits. A process
// that does not exit within a second is killed.
func (pr *proc) close() {
	if pr == nil {
		return
	}
	pr.stdin.Close()
	select {
	case <-pr.exited:
	case <-time.After(time.Second):
		pr.kill()
	}
}
