package worker

// The quick lane. All runs share the pool's processes, each taking the
// next batch when it is free; a job that takes seconds (a hard 16x16
// variant) holds its process that long. With two processes, two such jobs
// made a request of one classic puzzle wait 13 s. A fair queue would not
// help there, since a batch cannot be taken back from a busy process; what
// helps is a process that slow jobs never get. So with
// Config.QuickLane the pool keeps one more process, whose driver reads only
// the batches of quick jobs: a quick batch goes to whichever process is
// free first, a general one or the lane's, and a slow batch only to a
// general one. Slow jobs keep every general process, as before; quick
// jobs wait at most for the quick jobs ahead of them. Quick is what light
// says: a classic grid of at most 9x9 (verify, rate, generate), whose
// jobs take microseconds to milliseconds, and little memory.

// laneFor returns the channel of the quick lane for batch b, or nil (no
// lane) when the pool has none or b holds a job that may be slow.
func (p *Pool) laneFor(b *batch) chan *batch {
	if !p.cfg.QuickLane || b.ready {
		return nil
	}
	for _, j := range b.jobs {
		if !light(j) {
			return nil
		}
	}
	return p.quick
}
