package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncBatches says that one syncFileSystem makes every file written before
// it durable, so that --proof syncs once per batch, not once per file.
const syncBatches = true

// syncFileSystem makes the data of every file on dir's file system durable
// (syncfs).
func syncFileSystem(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return unix.Syncfs(int(d.Fd()))
}
