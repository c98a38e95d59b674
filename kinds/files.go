package kinds

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Files walks the folder root (in lexical order) for the files some kind
// reads (only's, when only is set), for commands that take folders of
// puzzles. Hidden entries are skipped, and so is an Arrows reference
// folder's solution.txt (the answer beside puzzle.txt, not a puzzle of its
// own). skipped counts the regular files no kind reads.
func Files(root string, only *Kind) (files []string, skipped int, err error) {
	return FilesUpTo(root, only, 0)
}

// FilesUpTo is Files reading no file larger than limit bytes (0: no
// limit) to tell its kind: such a file is listed unread, for the loader
// to refuse by the same cap.
func FilesUpTo(root string, only *Kind, limit int64) (files []string, skipped int, err error) {
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		if d.Name() == "solution.txt" && IsArrowsFolder(filepath.Dir(path)) {
			return nil
		}
		if limit > 0 {
			if info, err := d.Info(); err == nil && info.Size() > limit {
				files = append(files, path)
				return nil
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		ok := false
		if only != nil {
			ok = only.Detect(path, data)
		} else {
			_, derr := Detect(path, data)
			ok = derr == nil
		}
		if ok {
			files = append(files, path)
		} else {
			skipped++
		}
		return nil
	})
	return files, skipped, err
}

// IsArrowsFolder reports whether dir is a reference Arrows folder: it
// holds puzzle.txt (with solution.txt and metadata.yaml beside).
func IsArrowsFolder(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, "puzzle.txt"))
	return err == nil && !st.IsDir()
}
