package output

import (
	"fmt"
	"os"
	"path/filepath"
)

// File is a file written whole or not at all: its data goes to a temporary
// file in the same folder, which Commit syncs and renames over the final
// path, and Abort removes. Until Commit, a file already at the path is
// left as it was; a reader never sees a partial file there.
type File struct {
	*os.File
	path string
	done bool
}

// Create starts a File that Commit will place at path.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &File{File: f, path: path}, nil
}

// Commit makes the data durable and puts the file in place. On failure the
// temporary file is removed and the path is left as it was.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("write %s: already committed or aborted", f.path)
	}
	f.done = true
	err := f.Chmod(0o644)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	// Make the rename itself durable where the system allows it; a
	// failure here does not undo a complete file.
	if d, derr := os.Open(filepath.Dir(f.path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Abort removes the temporary file, leaving the path as it was. It does
// nothing after Commit, so it can be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.Close()
	os.Remove(f.Name())
}
