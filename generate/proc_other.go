//go:build !linux

package generate

import "os/exec"

func setProcAttr(cmd *exec.Cmd) {}
