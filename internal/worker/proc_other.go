//go:build !linux

package worker

import "os/exec"

func setProcAttr(cmd *exec.Cmd) {}
