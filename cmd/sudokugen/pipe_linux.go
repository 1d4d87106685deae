package main

import (
	"io"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// watchReader calls gone as soon as the reader of w goes away, when w is a
// pipe: a run with nothing to write for a while (a large puzzle being
// made, a book being laid out) stops then, not at its next write. The
// kernel reports a pipe whose readers are all gone as an error condition
// (POLLERR) to poll on its write end. stop ends the watch.
func watchReader(w io.Writer, gone func()) (stop func()) {
	f, ok := w.(*os.File)
	if !ok {
		return func() {}
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return func() {}
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return func() {}
	}
	fd := -1
	rc.Control(func(u uintptr) { fd = int(u) })
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		// Wake now and then to see whether the run is over: a poll
		// cannot be cancelled.
		const tick = 100 * time.Millisecond
		for {
			select {
			case <-done:
				return
			default:
			}
			fds := []unix.PollFd{{Fd: int32(fd)}}
			n, err := unix.Poll(fds, int(tick/time.Millisecond))
			if err == unix.EINTR {
				continue
			}
			if err != nil {
				return
			}
			if n > 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
				gone()
				return
			}
		}
	}()
	return func() { close(done); <-ended }
}
