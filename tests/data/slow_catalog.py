"""A test experiment whose runs take a noticeable time (for kill/resume tests)."""

from satcc.experiments import Experiment, Param, register
from satcc.topology import rtt_groups


def build(rate_mbps=155.0):
    return rtt_groups(n_groups=4, flows_per_group=4, rtt_step_ms=40.0, bottleneck_rate_bps=rate_mbps * 1e6,
                      buffer_pkts=190, duration_s=12.0, rwnd_pkts=5000, name="slow").to_dict()


register(Experiment(id="test.slow", title="slow runs for kill/resume tests", source="tests",
                    build=build, grid={"rate_mbps": Param((155.0,), min=1, max=1000)}, seeds=24))
