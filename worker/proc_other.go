//go:build !linux

package worker

import (
	"os/exec"
	"time"
)

func setProcAttr(cmd *exec.Cmd) {}

// cpuTime returns 0: the pool then sizes batches by elapsed time.
func cpuTime() time.Duration { return 0 }
