package worker

import (
	"os/exec"
	"syscall"
)

// setProcAttr makes the kernel kill a worker when its parent dies, however
// the parent dies, so no worker outlives the run.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
