"""A process's own peak memory.

`getrusage(RUSAGE_SELF).ru_maxrss` is not it for a child: Linux carries the resident
size of the process it was forked from into a child's maxrss when the child execs
(exec_mmap records the old memory map's high-water mark), so a child of a 1.5 GB parent
reports 1.5 GB even if it allocates nothing (measured: `python -c pass` under a parent
holding 1.5 GB reports 1444 MB, and 13 MB forked from a small Python process).
VmHWM in /proc/self/status is the high-water mark of the process's own memory map,
which exec replaced: what the process itself used. Bench children report it.
"""

from __future__ import annotations

import resource


def own_peak_mb() -> float:
    """This process's peak resident memory since its exec (VmHWM), in MB; where /proc
    is missing, getrusage's (which may include the parent's, above)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
