// Package atomicfile writes files whole or not at all: the data goes to a
// temporary file in the same folder, is synced to disk, and is renamed over
// the file's name, whose folder is then synced, so that a reader (or the
// next run, after a crash, a full disk or SIGKILL) sees either the old file
// or the complete new one, never a truncated one. Every file puzzlesat
// writes goes through here (render -o, generate --out, bench --plot).
//
// A temporary file is named ".NAME.tmp-HOST-PID-RANDOM", hidden, beside
// NAME; one left behind by a process that was killed before its rename is
// removed by Clean, which a command that writes many files into one folder
// (generate --out) calls when it starts, or by CleanFor, for one file
// (render -o).
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// tmpMark separates a temporary file's target name from its owner.
const tmpMark = ".tmp-"

// WriteFile writes data to path as a whole: path keeps its old content
// (or stays absent) unless every byte is written and synced. perm is the
// new file's mode before the umask, as for os.WriteFile.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write is WriteFile for content written by write: when write (or the
// sync, the close or the rename) fails, the temporary file is removed,
// path is untouched, and the error is returned.
func Write(path string, perm os.FileMode, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, tmp, err := create(dir, filepath.Base(path), perm)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	// The rename is durable once the folder is: a sync error here is
	// reported, though the file is already whole under its name.
	return syncDir(dir)
}

// create makes the temporary file for base in dir, with perm (less the
// umask): a fresh name, never one that exists.
func create(dir, base string, perm os.FileMode) (*os.File, string, error) {
	prefix := "." + base + tmpMark + owner() + "-"
	for range 100 {
		tmp := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64()%1e12, 10))
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		return f, tmp, nil
	}
	return nil, "", fmt.Errorf("atomicfile: no free temporary name for %s in %s", base, dir)
}

// syncDir syncs a folder, so that a rename in it survives a crash. File
// systems that cannot sync a folder say so with EINVAL; that is no error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !isUnsupported(err) {
		return err
	}
	return nil
}

// host is this machine's name, as temporary names carry it ("-" taken
// out, since it separates the name's parts): asked on first use, not at
// every start of puzzlesat.
var host = sync.OnceValue(func() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "unknown"
	}
	return strings.ReplaceAll(h, "-", "_")
})

// owner is HOST-PID of the temporary files this process makes.
func owner() string { return host() + "-" + strconv.Itoa(os.Getpid()) }

// StaleAfter is how old a temporary file of another machine (a folder
// shared over the network by the shards of one job) must be before Clean
// removes it: its owner cannot be asked whether it still runs, and no
// write of puzzlesat takes this long.
const StaleAfter = 10 * time.Minute

// Clean removes the temporary files an earlier run left in dir: those of
// this machine whose process has ended, and those of any machine older
// than StaleAfter. A temporary file of a process still running (a shard
// writing into the same folder) is left alone. It returns the names
// removed.
func Clean(dir string) ([]string, error) {
	return clean(dir, "")
}

// CleanFor is Clean for the temporary files of path alone, for a command
// that writes one file into a folder that is not its own (render -o): the
// temporary files a killed run left beside path are removed, and nothing
// else in the folder is looked at twice.
func CleanFor(path string) ([]string, error) {
	return clean(filepath.Dir(path), "."+filepath.Base(path)+tmpMark)
}

// clean removes the stale temporary files of dir whose names start with
// prefix.
func clean(dir, prefix string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	now := time.Now()
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !IsTemp(name) || !strings.HasPrefix(name, prefix) {
			continue
		}
		if !stale(name, e, now) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, name)
	}
	return removed, errors.Join(errs...)
}

// IsTemp reports whether name is one of this package's temporary names.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tmpMark)
}

// stale reports whether the temporary file name is left over: its owner
// on this machine has ended, or it is older than StaleAfter.
func stale(name string, e os.DirEntry, now time.Time) bool {
	owner := name[strings.LastIndex(name, tmpMark)+len(tmpMark):]
	// HOST-PID-RANDOM; generate's older names were ".NAME.tmp-RANDOM".
	if parts := strings.Split(owner, "-"); len(parts) == 3 && parts[0] == host() {
		pid, err := strconv.Atoi(parts[1])
		if err == nil && pid > 0 {
			return pid != os.Getpid() && !alive(pid)
		}
	}
	info, err := e.Info()
	return err == nil && now.Sub(info.ModTime()) > StaleAfter
}
