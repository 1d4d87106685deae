package main

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// packageMap is the file whose table says which packages of the module may
// import which: one row a package.
const packageMap = "../../docs/packages.md"

// A row of the package map: a package of the module (its path inside the
// module) and what its code may import, as paths inside the module or as
// paths of outside modules.
type mapRow struct {
	pkg     string
	line    int
	imports []string
}

// readPackageMap reads the table of docs/packages.md: the rows whose first
// cell is a package in backquotes, and in the third cell the imports allowed,
// each in backquotes.
func readPackageMap(path string) ([]mapRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []mapRow
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 cells (package, owns, may import), have %d", path, n, len(cells))
		}
		pkg := quoted(cells[0])
		if len(pkg) != 1 {
			return nil, fmt.Errorf("%s:%d: the first cell names %d packages, want 1", path, n, len(pkg))
		}
		rows = append(rows, mapRow{pkg: pkg[0], line: n, imports: quoted(cells[2])})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no rows", path)
	}
	return rows, nil
}

// quoted returns the texts in backquotes in s.
func quoted(s string) []string {
	var out []string
	parts := strings.Split(s, "`")
	for i := 1; i < len(parts); i += 2 {
		out = append(out, parts[i])
	}
	return out
}

// allowed says whether a row lets its package import imp, a path inside the
// module (module packages) or a full import path (everything else). The
// standard library is always allowed.
func (r mapRow) allowed(imp string, inModule bool) bool {
	if inModule {
		return slices.Contains(r.imports, imp)
	}
	first, _, _ := strings.Cut(imp, "/")
	if !strings.Contains(first, ".") {
		return true
	}
	for _, a := range r.imports {
		if imp == a || strings.HasPrefix(imp, a+"/") {
			return true
		}
	}
	return false
}

// The package map of docs/packages.md holds: every package of the module has
// a row, every row names a package, and the code of each package imports only
// what its row allows (go list's Imports: the non-test files).
func TestPackageMap(t *testing.T) {
	rows, err := readPackageMap(packageMap)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(mod))
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s/...: %v", module, err)
	}
	pkgs := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			pkgs[f[0]] = f[1:]
		}
	}
	checkPackageMap(t, "docs/packages.md", module, rows, pkgs)
}

// checkPackageMap reports every way in which pkgs (import path to the
// import paths of its code) breaks the map's rows.
func checkPackageMap(t testing.TB, where, module string, rows []mapRow, pkgs map[string][]string) {
	t.Helper()
	byPkg := map[string]mapRow{}
	for _, r := range rows {
		if prev, ok := byPkg[r.pkg]; ok {
			t.Errorf("%s:%d: package %s has a row already, at line %d", where, r.line, r.pkg, prev.line)
			continue
		}
		byPkg[r.pkg] = r
		if _, ok := pkgs[module+"/"+r.pkg]; !ok {
			t.Errorf("%s:%d: package %s is not in the module: remove its row", where, r.line, r.pkg)
		}
	}
	for _, path := range slices.Sorted(maps.Keys(pkgs)) {
		name := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		r, ok := byPkg[name]
		if !ok {
			t.Errorf("%s: package %s has no row: add one saying what it owns and what it may import", where, name)
			continue
		}
		for _, imp := range pkgs[path] {
			own := imp == module || strings.HasPrefix(imp, module+"/")
			rel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if !own {
				rel = imp
			}
			if !r.allowed(rel, own) {
				list := strings.Join(r.imports, ", ")
				if list == "" {
					list = "the standard library only"
				}
				t.Errorf("%s:%d: package %s imports %s, which its row does not allow (it allows %s)",
					where, r.line, name, rel, list)
			}
		}
	}
}

// The check fails, naming the place and the import, for each kind of
// breach: an import the row does not allow (inside the module and outside),
// a package without a row, a row without a package, a row twice.
func TestPackageMapBreaches(t *testing.T) {
	const module = "example.org/m"
	rows := []mapRow{
		{pkg: "grid", line: 3},
		{pkg: "sat", line: 4, imports: []string{"grid", "github.com/crillab/gophersat"}},
		{pkg: "gone", line: 5},
		{pkg: "sat", line: 6},
	}
	pkgs := map[string][]string{
		module + "/grid":  {"fmt", module + "/sat"},
		module + "/sat":   {module + "/grid", "github.com/crillab/gophersat/solver", "github.com/spf13/cobra"},
		module + "/extra": {"strings"},
	}
	rec := &recorder{}
	checkPackageMap(rec, "map.md", module, rows, pkgs)
	want := []string{
		"map.md:5: package gone is not in the module: remove its row",
		"map.md:6: package sat has a row already, at line 4",
		"map.md: package extra has no row: add one saying what it owns and what it may import",
		"map.md:3: package grid imports sat, which its row does not allow (it allows the standard library only)",
		"map.md:4: package sat imports github.com/spf13/cobra, which its row does not allow (it allows grid, github.com/crillab/gophersat)",
	}
	if !slices.Equal(rec.errs, want) {
		t.Errorf("checkPackageMap reported\n%s\nwant\n%s", strings.Join(rec.errs, "\n"), strings.Join(want, "\n"))
	}
}

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
