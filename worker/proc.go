package worker

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// proc is one running worker process.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	bw     *bufio.Writer
	enc    *encoder
	outs   chan wireResult
	err    error // why outs was closed; read after outs is closed
	stderr *tailBuffer
	exited chan struct{}
}

// startTimeout bounds the time a worker process may take to say hello.
const startTimeout = 30 * time.Second

// startProc starts cmd and waits for its hello, at most until ctx is
// done. A process that fails to start, or dies before its hello, is an
// error here; the pool retries it like any other worker death.
func startProc(ctx context.Context, cmd *exec.Cmd) (*proc, error) {
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
	pr := &proc{cmd: cmd, stdin: stdin, bw: bw, enc: newEncoder(bw), outs: make(chan wireResult, 256), stderr: tail, exited: make(chan struct{})}
	go pr.read(stdout)
	go func() {
		cmd.Wait()
		close(pr.exited)
	}()
	timer := time.NewTimer(startTimeout)
	defer timer.Stop()
	select {
	case w, ok := <-pr.outs:
		if ok && w.Index == helloIndex {
			return pr, nil
		}
		err = pr.readErr()
	case <-timer.C:
		err = fmt.Errorf("no answer within %v", startTimeout)
	case <-ctx.Done():
		err = ctx.Err()
	}
	msg := pr.describe(err)
	pr.kill()
	return nil, fmt.Errorf("start worker process: %s", msg)
}

// read decodes the results the process writes until its stdout ends.
func (pr *proc) read(stdout io.Reader) {
	dec := newDecoder(bufio.NewReaderSize(stdout, 64<<10))
	for {
		w, err := dec.result()
		if err != nil {
			pr.err = err
			close(pr.outs)
			return
		}
		pr.outs <- w
	}
}

func (pr *proc) send(jobs []Job) error {
	if err := pr.enc.jobs(jobs); err != nil {
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
	t := time.NewTimer(500 * time.Millisecond)
	defer t.Stop()
	msg := failure.Error()
	select {
	case <-pr.exited:
		// ProcessState is set once the process has been waited for.
		msg = pr.cmd.ProcessState.String()
	case <-t.C:
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
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case <-pr.exited:
	case <-t.C:
		pr.kill()
	}
}
