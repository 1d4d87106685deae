package output

// Which puzzles a book holds, by their verdict, for the book command and
// the service's /v1/book alike.

// Bookable reports whether a puzzle whose verdict is status (the names of
// verify.Status: unique, multiple, none, invalid; or unknown, timeout,
// error for a check that did not end) goes in a book. A unique puzzle
// always does, with its solution. One with several solutions or none does
// only when allowNonunique, without a solution: a setter's draft, say. An
// invalid puzzle never does (malformed, clashing givens, rules that
// cannot hold: there is nothing sound to print), nor one whose check did
// not end.
func Bookable(status string, allowNonunique bool) bool {
	switch status {
	case "unique":
		return true
	case "multiple", "none":
		return allowNonunique
	}
	return false
}
