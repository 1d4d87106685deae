// Package worker runs the long jobs of sudokugen (verifying, counting,
// solving, generating and rating puzzles) on a pool of worker processes, and
// hands back their results in the order the jobs came.
//
// gophersat cannot run in two goroutines of one process at once: its
// solvers share a package-level buffer and silently give wrong answers. So
// parallel work runs in separate processes, copies of the program started by
// Config.Command, each serving Serve on its stdin and stdout. One goroutine
// per process feeds it batches of jobs. A process that dies is replaced and
// its job tried once more, then reported as ErrWorkerFailed; a job that runs
// past its timeout has its process killed and is reported as ErrTimeout; the
// other jobs go on either way. On Linux the kernel kills every worker when
// its parent dies, however the parent dies.
//
// A Pool is long-lived: it starts its processes when first needed and keeps
// them, and any number of Run calls may share it at once, each getting its
// own results in its own order. The pool chooses how many jobs to send at a
// time from how long they take: fast jobs go in batches, slow ones one at a
// time, so a run of a few slow jobs still spreads over every process.
//
// Errors cross the pipe as codes that map back to the sentinel values of
// the packages that made them, so errors.Is answers the same whether a job
// ran in this process (Config.Workers 0) or in a worker.
package worker
