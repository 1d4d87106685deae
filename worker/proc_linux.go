package worker

import (
	"os/exec"
	"syscall"
	"time"
)

// setProcAttr makes the kernel kill a worker when its parent dies, however
// the parent dies, so no worker outlives the run.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// cpuTime returns the processor time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
