"""A test experiment whose runs take a noticeable time (for kill/resume tests)."""

from satcc.experiments import Experiment, Param, register
from satcc.topology import rtt_groups


def build(rate_mbps=155.0, duration_s=12.0):
    return rtt_groups(n_groups=4, flows_per_group=4, rtt_step_ms=40.0, bottleneck_rate_bps=rate_mbps * 1e6,
                      buffer_pkts=190, duration_s=duration_s, rwnd_pkts=5000, name="slow").to_dict()


register(Experiment(id="test.slow", title="slow runs for kill/resume tests", source="tests",
                    build=build, grid={"rate_mbps": Param((155.0,), min=1, max=1000)}, seeds=24))

# Runs five times longer (about 0.5 s each), for the Ctrl-C test: it interrupts after two
# runs are stored and needs the other 22 still to come when the signal lands, also on a
# loaded machine (with 12 s runs the sweep once finished first, in 2 s, and exited 0).
register(Experiment(id="test.slower", title="slower runs for the Ctrl-C test", source="tests",
                    build=lambda rate_mbps: build(rate_mbps, duration_s=60.0),
                    grid={"rate_mbps": Param((155.0,), min=1, max=1000)}, seeds=24))
