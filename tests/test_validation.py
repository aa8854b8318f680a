"""Bad input gives one clear error naming the field and what is allowed."""

import copy
import json

import pytest

import satcc
from satcc import ScenarioError, load, validate

from conftest import chain


def base():
    return chain().to_dict()


def err(d):
    with pytest.raises(ScenarioError) as e:
        validate(d)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def test_valid_base():
    validate(base())


def test_unknown_field_named_with_allowed_ones():
    d = base()
    d["links"][1]["bandwith_bps"] = 5
    m = err(d)
    assert m.startswith("links[1]: unknown field 'bandwith_bps'") and "rate_bps" in m


def test_unknown_top_level_and_tcp_fields():
    d = base()
    d["durration_s"] = 3
    assert "unknown field 'durration_s'" in err(d)
    d = base()
    d["tcp"]["windw"] = 3
    m = err(d)
    assert m.startswith("tcp: unknown field 'windw'") and "rwnd_pkts" in m


def test_packets_that_overtake_need_a_fifo_link_without_jitter():
    # `delay_changes_in_order: false` (ns-2's LinkDelay without avoidReordering_) is
    # refused by validate, naming the field, with jitter or a queue that picks its next
    # packet itself (until 2026-12-06 only the run said so)
    d = base()
    d["links"][1]["delay_changes"] = [{"at_s": 1.0, "delay_ms": 1.0}]
    d["links"][1]["delay_changes_in_order"] = False
    validate(d)
    j = copy.deepcopy(d)
    j["links"][1]["jitter_ms"] = 2.0
    assert err(j).startswith("links[1].delay_changes_in_order: false with jitter_ms is not modelled")
    q = copy.deepcopy(d)
    q["links"][1]["queue"] = {"type": "sfq", "limit_pkts": 20}
    m = err(q)
    assert "a queue that picks the next packet itself is not modelled" in m and "droptail, red, pi" in m


def test_a_delayer_is_checked_by_field():
    # ns-2's Delayer (`delayer`): after a droptail of packets, its blocks in order and
    # apart within the run, without what it is not checked against ns-2 with
    d = base()
    d["links"][1]["queue"] = {"type": "droptail", "limit_pkts": 10}
    d["links"][1]["delayer"] = {"blocks": [{"at_s": 1.0, "until_s": 2.0}, {"at_s": 3.0}]}
    validate(d)
    x = copy.deepcopy(d)
    x["links"][1]["queue"] = {"type": "red", "limit_pkts": 10}
    assert err(x).startswith("links[1].delayer: a delayer after a red queue is not modelled")
    x = copy.deepcopy(d)
    x["links"][1]["b_to_a"] = {"delayer": {}, "queue": {"type": "droptail", "limit_bytes": 10000}}
    assert err(x).startswith("links[1].b_to_a.delayer: a delayer after a droptail queue is not modelled (ns-2's "
                             "Delayer is modelled after a droptail queue of packets")
    x = copy.deepcopy(d)
    x["links"][1]["delayer"]["blocks"] = [{"at_s": 2.0, "until_s": 3.0}, {"at_s": 2.5, "until_s": 4.0}]
    assert err(x).startswith("links[1].delayer.blocks[1].at_s: blocks in time order and apart")
    x["links"][1]["delayer"]["blocks"] = [{"at_s": 2.0, "until_s": 2.0}]
    assert err(x) == "links[1].delayer.blocks[0].until_s: must be after at_s (2 s), got 2"
    x["links"][1]["delayer"]["blocks"] = [{"at_s": 1.0}, {"at_s": 2.0, "until_s": 3.0}]
    assert err(x) == "links[1].delayer.blocks[0].until_s: only the last block may last to the run's end"
    x = copy.deepcopy(d)
    x["links"][1]["outages"] = [{"down_s": 1.0, "up_s": 2.0}]
    assert err(x) == "links[1].delayer: a delayer with outages is not modelled (it is checked against ns-2 without)"
    x = copy.deepcopy(d)
    x["links"][1]["delayer"]["blocks"] = [{"at_s": 1.0, "until_s": 2.0, "length_s": 1}]
    assert "length_s" in err(x)
    # random spikes (not with blocks) and channel allocation, their laws checked
    x = copy.deepcopy(d)
    x["links"][1]["delayer"] = {"spikes": {"interval": {"type": "exponential", "mean": 1.0},
                                           "length": {"type": "uniform", "min": 0.1, "max": 0.2}, "first_at_s": 0.5},
                                "alloc": {"idle": {"type": "constant", "value": 0.2},
                                          "delay": {"type": "uniform", "min": 0.0, "max": 0.1}}}
    validate(x)
    x["links"][1]["delayer"]["blocks"] = [{"at_s": 1.0, "until_s": 2.0}]
    assert err(x).startswith("links[1].delayer: blocks with spikes are not modelled")
    del x["links"][1]["delayer"]["blocks"]
    x["links"][1]["delayer"]["alloc"]["delay"] = {"type": "uniform", "min": 0.3, "max": 0.1}
    assert err(x) == "links[1].delayer.alloc.delay: max (0.1) below min (0.3)"
    del x["links"][1]["delayer"]["spikes"]["first_at_s"]
    assert "first_at_s" in err(x)


def test_negative_delay():
    d = base()
    d["links"][0]["delay_ms"] = -1
    m = err(d)
    assert m == "links[0].delay_ms: must be in [0, 10000000], got -1"


def test_zero_rate():
    d = base()
    d["links"][2]["rate_bps"] = 0
    assert err(d).startswith("links[2].rate_bps")


def test_flow_between_unconnected_nodes():
    d = base()
    d["nodes"].append({"name": "island"})
    d["flows"][0]["dst"] = "island"
    m = err(d)
    assert m.startswith("flows[0]") and "no route" in m and "island" in m


def test_unknown_node():
    d = base()
    d["flows"][0]["src"] = "nowhere"
    m = err(d)
    assert m == "flows[0].src: unknown node 'nowhere' (declare it under nodes)"


def test_unknown_congestion_control_lists_allowed():
    d = base()
    d["flows"][0]["cc"] = "hybla"
    m = err(d)
    assert m.startswith("flows[0].cc") and "newreno" in m and "reno" in m


@pytest.mark.parametrize("cc,tcp,message", [
    # a setting its controller does not follow: `validate` refuses what the run would
    # (until 2026-12-04 only the run did, after validate had passed it)
    ("vegas", {"aimd_increase": 2.0}, r"flows\[0\]\.tcp\.aimd_increase: ns-2's AIMD increase \(increase_num_\) is "
     r"a rule of its opencwnd, not of 'vegas' \(allowed: newreno, reno, tahoe"),
    ("cubic", {"window_increase": "counted"}, r"flows\[0\]\.tcp\.window_increase: ns-2's counted increase "
     r"\(windowOption_ 0\) is a rule of its opencwnd, not of 'cubic'"),
    ("bbr", {"window_increase": "highspeed"}, r"flows\[0\]\.tcp\.window_increase: ns-2's HighSpeed TCP "
     r"\(windowOption_ 8\) is a rule of its opencwnd and slowdown, not of 'bbr' \(allowed: newreno, reno, tahoe"),
    # HighSpeed TCP's settings: only with its window rule, and a high window above the low
    ("newreno", {"highspeed_low_window": 20}, r"flows\[0\]\.tcp\.highspeed_low_window: HighSpeed TCP's setting, "
     r"read only with flows\[0\]\.tcp\.window_increase = 'highspeed' \(allowed: set window_increase to 'highspeed', "
     r"or leave highspeed_low_window out\)"),
    ("newreno", {"highspeed_cwnd_range": 3, "window_increase": "counted"}, r"flows\[0\]\.tcp\.highspeed_cwnd_range: "
     r"HighSpeed TCP's setting, read only with"),
    ("newreno", {"window_increase": "highspeed", "highspeed_low_window": 500, "highspeed_high_window": 400},
     r"flows\[0\]\.tcp\.highspeed_high_window: must be above highspeed_low_window \(500\), got 400"),
    ("newreno", {"window_increase": "highspeed", "highspeed_high_decrease": 0.6},
     r"flows\[0\]\.tcp\.highspeed_high_decrease"),
    ("cubic", {"window_increase": "binomial"}, r"flows\[0\]\.tcp\.window_increase: ns-2's binomial congestion "
     r"control \(windowOption_ 6\) is a rule of its opencwnd and slowdown, not of 'cubic'"),
    ("vegas", {"window_increase": "rtt"}, r"flows\[0\]\.tcp\.window_increase: ns-2's experimental increase "
     r"\(windowOption_ 2 to 5\) is a rule of its opencwnd, not of 'vegas'"),
    # the window rules' settings: each only with its rules
    ("newreno", {"window_constant": 2.0}, r"flows\[0\]\.tcp\.window_constant: read only with "
     r"flows\[0\]\.tcp\.window_increase rtt_squared, average_squared, average or rtt \(allowed: one of those, or "
     r"leave window_constant out\)"),
    ("newreno", {"window_average_gain": 0.1, "window_increase": "rtt"}, r"flows\[0\]\.tcp\.window_average_gain: read "
     r"only with flows\[0\]\.tcp\.window_increase average_squared or average"),
    ("newreno", {"binomial_l": 0.5, "window_increase": "highspeed"}, r"flows\[0\]\.tcp\.binomial_l: read only with "
     r"flows\[0\]\.tcp\.window_increase binomial"),
    ("newreno", {"window_increase": "binomial", "binomial_l": 1.5}, r"flows\[0\]\.tcp\.binomial_l"),
    ("vegas", {"grow_only_window_limited": True}, r"flows\[0\]\.tcp\.grow_only_window_limited: true is ns-2's "
     r"control_increase_ 1, a rule of its Tahoe, Reno, NewReno and Sack1 agents' new ACKs"),
    ("bbr", {"grow_only_window_limited": True}, r"flows\[0\]\.tcp\.grow_only_window_limited: ns-2's control_increase_ "
     r"1, not with 'bbr'"),
    ("newreno", {"syn_immediate_ack": False}, r"flows\[0\]\.tcp\.syn_immediate_ack: false is ns-2's "
     r"SYN_immediate_ack_ false, a rule of its delayed-ACK sink, and this flow's receiver acknowledges every segment at "
     r"once \(allowed: with tcp.delayed_ack = true\)"),
    ("newreno", {"rfc2581_immediate_ack": False, "delayed_ack": True, "stack": "linux"},
     r"flows\[0\]\.tcp\.rfc2581_immediate_ack: false is a rule of ns-2's delayed-ACK sink; flows\[0\]\.tcp\.\w+ is a "
     r"Linux setting \(set by stack: linux\)"),
    ("newreno", {"syn_immediate_ack": False, "delayed_ack": True, "sack": True},
     r"flows\[0\]\.tcp\.syn_immediate_ack: false is a rule of ns-2's delayed-ACK sink, not of satcc's SACK receiver"),
    ("vegas", {"ecn": True}, r"flows\[0\]\.tcp\.ecn: 'vegas' has no ECN response modelled"),
    ("cubic", {"rfc2988": False}, r"flows\[0\]\.tcp\.rfc2988: ns-2's rfc2988_ false, not with 'cubic'"),
    ("bbr", {"delay_growth": False}, r"flows\[0\]\.tcp\.delay_growth: ns-2's delay_growth_ false, not with 'bbr'"),
    ("vegas", {"whole_packet_cuts": True}, r"flows\[0\]\.tcp\.whole_packet_cuts: ns-2's whole-packet cut "
     r"\(precisionReduce_ false\) is a rule of its slowdown, not of 'vegas'"),
    ("newreno", {"sack_blocks": 1}, r"flows\[0\]\.tcp\.sack_blocks: ns-2's maxSackBlocks_, a setting of its Sack1 "
     r"sink, which this flow's receiver is not \(allowed: with sack_agent sack1 or fack, or sink_sack true\)"),
    ("reno", {"ts_reset_rto": True}, r"flows\[0\]\.tcp\.ts_reset_rto: ns-2's ts_resetRTO_ ends the backoff at "
     r"each timestamp echo, and this flow has no timestamps \(allowed: with tcp.timestamps = true\)"),
    ("tahoe", {"exit_fast_retransmit": False}, r"flows\[0\]\.tcp\.exit_fast_retransmit: false is ns-2's "
     r"exitFastRetrans_ false, a rule of its Reno and NewReno agents' duplicate ACKs without SACK, not of 'tahoe'"),
    ("newreno", {"exit_fast_retransmit": False, "sack": True}, r"flows\[0\]\.tcp\.exit_fast_retransmit: .* not of "
     r"'newreno' with tcp.sack"),
    ("newreno", {"one_fast_retransmit_per_window": False, "sack": True}, r"flows\[0\]\.tcp\."
     r"one_fast_retransmit_per_window: false is ns-2's bugFix_ false, a rule of its Tahoe, Reno, NewReno, Sack1 and "
     r"Vegas agents' duplicate ACKs, not of 'newreno' with tcp\.sack \(sack_agent rfc6675\)"),
    ("reno", {"one_fast_retransmit_per_window": False, "sack": True, "sack_agent": "fack"},
     r"flows\[0\]\.tcp\.one_fast_retransmit_per_window: .* not of 'reno' with tcp\.sack \(sack_agent fack\)"),
    ("vegas", {"first_packet_loss_fix": False}, r"flows\[0\]\.tcp\.first_packet_loss_fix: false is ns-2's "
     r"bugfix_ss_ 0, a rule of its Tahoe, Reno, NewReno and Sack1 agents \(Fack's and Vegas's are their own\), not "
     r"of 'vegas'"),
    ("reno", {"first_packet_loss_fix": False, "sack": True, "sack_agent": "fack"},
     r"flows\[0\]\.tcp\.first_packet_loss_fix: .* not of 'reno' with tcp\.sack \(sack_agent fack\)"),
    ("newreno", {"dupack_threshold_cwnd_divisor": 4}, r"flows\[0\]\.tcp\.dupack_threshold_cwnd_divisor: ns-2's "
     r"numdupacksFrac_, read by its Sack1 agent only"),
    ("newreno", {"cwr_on_retransmit": False}, r"flows\[0\]\.tcp\.cwr_on_retransmit: .* \(allowed: false with "
     r"tcp\.ecn true\)"),
    ("reno", {"exit_recovery_at_flight": True}, r"flows\[0\]\.tcp\.exit_recovery_at_flight: ns-2's "
     r"exit_recovery_fix_, a rule of its NewReno agent's exit from fast recovery, not of 'reno' \(allowed: newreno"),
    ("newreno", {"exit_recovery_at_flight": True, "sack": True}, r"flows\[0\]\.tcp\.exit_recovery_at_flight: a "
     r"rule of ns-2's NewReno agent's partial ACKs, not with tcp\.sack"),
    ("newreno", {"sack1_partial_ack": True, "sack": True}, r"flows\[0\]\.tcp\.sack1_partial_ack: ns-2's partial_ack_, "
     r"read by its Sack1 agent only, which this flow is not \(allowed: with tcp\.sack and sack_agent sack1\)"),
    ("reno", {"newreno_less_careful": True}, r"flows\[0\]\.tcp\.newreno_less_careful: ns-2's lessCareful_, a "
     r"rule of its NewReno agent's duplicate ACKs, not of 'reno' \(allowed: newreno.* with sack = false\)"),
    ("newreno", {"newreno_ack_heuristic": True, "sack": True}, r"flows\[0\]\.tcp\.newreno_ack_heuristic: ns-2's "
     r"bugFix_ack_, .* not of 'newreno' with tcp\.sack \(allowed"),
    ("tahoe", {"newreno_timestamp_heuristic": True}, r"flows\[0\]\.tcp\.newreno_timestamp_heuristic: ns-2's "
     r"bugFix_ts_, .* not of 'tahoe'"),
    ("newreno", {"srtt_bits": 2, "rttvar_bits": 3}, r"flows\[0\]\.tcp\.srtt_bits: 2 is below rttvar_bits \(3\): "
     r"ns-2's RTO shifts RTTVAR by their difference \(allowed: rttvar_bits or more\)"),
    ("bbr", {"srtt_bits": 4, "sack": True}, r"flows\[0\]\.tcp\.srtt_bits: ns-2's T_SRTT_BITS, not with 'bbr'"),
    ("cubic", {"initial_srtt_s": 1}, r"flows\[0\]\.tcp\.initial_srtt_s: ns-2's srtt_init_, not with 'cubic'"),
    ("newreno", {"ts_echo_rfc1323": True}, r"flows\[0\]\.tcp\.ts_echo_rfc1323: ns-2's ts_echo_rfc1323_ changes "
     r"the time the receiver echoes, and this flow's sender reads no echo \(allowed: with tcp\.timestamps = true, or "
     r"sack_agent = fack\)"),
    ("cubic", {"one_fast_retransmit_per_window": False}, r"flows\[0\]\.tcp\.one_fast_retransmit_per_window: "
     r"ns-2's bugFix_ false, not with 'cubic'"),
    ("reno", {"fast_retransmit": False}, r"flows\[0\]\.tcp\.fast_retransmit: false is ns-2's noFastRetrans_ true, "
     r"which only its Tahoe agent \(Agent/TCP\) reads, not 'reno' \(allowed: tahoe\)"),
    ("bbr", {"fast_retransmit": False, "sack": True}, r"flows\[0\]\.tcp\.fast_retransmit: .* not 'bbr' "),
    ("reno", {"partial_window_deflation": False}, r"flows\[0\]\.tcp\.partial_window_deflation: a rule of ns-2's "
     r"NewReno agent's partial ACKs, not of 'reno' \(allowed: newreno"),
    ("newreno", {"timer_every_partial_ack": True, "sack": True}, r"flows\[0\]\.tcp\.timer_every_partial_ack: a rule "
     r"of ns-2's NewReno agent's partial ACKs, not with tcp.sack"),
    ("cubic", {"timer_after_sample": False}, r"flows\[0\]\.tcp\.timer_after_sample: ns-2's timerfix_ false, not "
     r"with 'cubic'"),
    ("bbr", {"slow_start_restart": False}, r"flows\[0\]\.tcp\.slow_start_restart: ns-2's slow_start_restart_ "
     r"false, not with 'bbr', which sends, times and grows its window by Linux's rules"),
    ("bbr", {"sack_agent": "sack1", "sack": True}, r"flows\[0\]\.tcp\.sack_agent: 'sack1' is ns-2's Sack1 agent, "
     r"not with 'bbr'"),
])
def test_a_setting_its_controller_does_not_follow_is_refused_by_validate(cc, tcp, message):
    d = base()
    d["flows"][0].update(cc=cc, tcp=tcp)
    with pytest.raises(ScenarioError, match=message):
        validate(d)


def test_queue_type_names_allowed_types():
    d = base()
    d["links"][1]["queue"] = {"type": "codel", "limit_pkts": 5}
    m = err(d)
    assert m.startswith("links[1].queue.type") and "droptail" in m and "red" in m


def test_queue_field_inside_typed_branch():
    d = base()
    d["links"][1]["queue"] = {"type": "droptail", "limit_pkts": 0}
    assert err(d).startswith("links[1].queue.limit_pkts")
    d["links"][1]["queue"] = {"type": "red", "limit_pkts": 10, "min_th_pkts": 9, "max_th_pkts": 5}
    assert err(d).startswith("links[1].queue.max_th_pkts: 5 is below min_th_pkts (9); allowed: min_th_pkts or more")
    # equal thresholds (one K, as datacenter scripts set them) are ns-2's too
    d["links"][1]["queue"] = {"type": "red", "limit_pkts": 10, "min_th_pkts": 5, "max_th_pkts": 5}
    validate(d)


def test_probabilities_and_nan():
    d = base()
    d["links"][1]["error"] = {"type": "per", "per": 1.5}
    assert err(d).startswith("links[1].error")
    d = base()
    d["links"][1]["delay_ms"] = float("nan")
    assert err(d) == "links[1].delay_ms: must be a finite number, got nan"


@pytest.mark.parametrize("error, message", [
    ({"type": "per", "per": 1.5}, "links[1].error.per: must be in [0, 1], got 1.5"),
    ({"type": "per", "per": -0.1}, "links[1].error.per: must be in [0, 1], got -0.1"),
    ({"type": "per"}, "links[1].error: 'per' is a required property"),
    ({"type": "ber", "ber": 2}, "links[1].error.ber: must be in [0, 1), got 2"),
    ({"type": "bursty"}, "links[1].error.type: must be one of per, ber, gilbert_elliott, periodic, list, two_state, "
                         "got 'bursty'"),
    ({"type": "per", "per": 0.1, "x": 1}, "links[1].error: unknown field 'x' (allowed: per, type)"),
    ({"type": "periodic"}, "links[1].error: 'period' is a required property"),
    ({"type": "periodic", "period": 10, "unit": "packets"},
     "links[1].error.unit: must be one of pkt, byte, time, got 'packets'"),
    ({"type": "list", "drops": [4, 9, 4]}, "links[1].error.drops: 4 is listed twice (ns-2's ErrorModel/List refuses it)"),
    ({"type": "list", "drops": [1], "unit": "time"},
     "links[1].error.unit: a list counts packets or bytes, not time (allowed: pkt, byte)"),
    ({"type": "list", "drops": [2e12]}, "links[1].error.drops[0]: must be in [0, 1000000000000], got 2000000000000"),
    ({"type": "list", "drops": [1.5]}, "links[1].error.drops[0]: 1.5 is not of type 'integer'"),
    ({"type": "two_state", "good": {"type": "exponential", "mean": 0}, "bad": {"type": "constant", "value": 1}},
     "links[1].error.good.mean: must be in (0, 1000000000000], got 0"),
    ({"type": "two_state", "good": {"type": "uniform", "min": 5, "max": 2}, "bad": {"type": "constant", "value": 1}},
     "links[1].error.good.max: must not be below min (5)"),
    ({"type": "two_state", "good": {"type": "pareto"}, "bad": {"type": "constant", "value": 1}},
     "links[1].error.good.type: must be one of exponential, uniform, constant, got 'pareto'"),
])
def test_each_error_model_mistake_names_its_field_and_the_allowed_values(error, message):
    d = base()
    d["links"][1]["error"] = error
    assert err(d) == message


def test_a_two_state_model_in_time_is_refused_with_ns2s_draws():
    d = base()
    d["links"][1]["error"] = {"type": "two_state", "unit": "time", "good": {"type": "exponential", "mean": 1.0},
                              "bad": {"type": "constant", "value": 0.1}}
    validate(d)
    d["ns2_rng_seed"] = 3
    assert err(d).startswith("links[1].error.unit: time with ns2_rng_seed: ns-2 draws the states' lengths at its "
                             "timer's events")
    d["links"][1]["error"]["unit"] = "pkt"
    validate(d)


def test_red_cautious_and_feng_are_checked_by_field():
    d = base()
    q = {"type": "red", "limit_pkts": 30, "cautious": "idle", "idle_pkt_bytes": 300,
         "adaptive": {"alpha": 3.0, "beta": 2.0, "variant": "feng"}}
    d["links"][0]["queue"] = q
    validate(d)
    d["links"][0]["queue"] = {**q, "cautious": "skip"}
    assert err(d).startswith("links[0].queue.idle_pkt_bytes: 300 is read with cautious 'idle' only")
    d["links"][0]["queue"] = {**q, "adaptive": {"alpha": 3.0, "beta": 2.0}}
    assert err(d).startswith("links[0].queue.adaptive.alpha: 3 is above 1 (allowed: above 0, at most 1; above 1 "
                             "with variant 'feng'")
    d["links"][0]["queue"] = {**q, "cautious": "always"}
    assert "cautious" in err(d) and "skip" in err(d) and "scale" in err(d)


def test_telnet_gaps_from_tcplib_take_no_interval():
    d = base()
    d["flows"][0]["traffic"] = {"type": "telnet", "gaps": "tcplib"}
    validate(d)
    d["flows"][0]["traffic"]["interval_s"] = 0.5
    assert err(d).startswith("flows[0].traffic.interval_s: 0.5 is not read with gaps 'tcplib'")
    d["flows"][0]["traffic"] = {"type": "telnet", "gaps": "pareto"}
    assert "gaps" in err(d) and "tcplib" in err(d) and "exponential" in err(d)


def test_telnet_interval_steps_are_checked_by_field():
    d = base()
    d["flows"][0]["traffic"] = {"type": "telnet", "interval_s": 0.1,
                                "interval_steps": [{"at_s": 2.0, "interval_s": 0.01}, {"at_s": 3.0, "interval_s": 1}]}
    validate(d)
    d["flows"][0]["traffic"]["interval_steps"][1]["at_s"] = 1.0
    assert err(d).startswith("flows[0].traffic.interval_steps[1].at_s: 1 is not a time from 0 to")
    d["flows"][0]["traffic"]["interval_steps"] = [{"at_s": 1.0, "interval_s": 0}]
    assert "flows[0].traffic.interval_steps[0].interval_s" in err(d)
    d["flows"][0]["traffic"]["interval_steps"] = [{"at_s": 1.0, "rate_bps": 5}]
    assert "interval_steps[0]" in err(d) and "rate_bps" in err(d)


def test_a_flow_must_start_before_the_run_ends():
    d = base()
    d["flows"][0]["start_s"] = d["duration_s"]
    assert err(d).startswith("flows[0].start_s: ") and "duration_s" in err(d)
    d["flows"][0]["start_s"] = d["duration_s"] - 0.5
    validate(d)


def test_a_senders_changes_during_the_run_are_checked_by_field():
    d = base()
    d["flows"][0]["tcp_changes"] = [{"at_s": 0.5, "rwnd_pkts": 4}, {"at_s": 0.6, "ssthresh_pkts": 8, "max_cwnd_pkts": 0}]
    validate(d)
    d["flows"][0]["tcp_changes"][1]["ssthresh_pkts"] = 2.5
    assert err(d) == "flows[0].tcp_changes[1].ssthresh_pkts: 2.5 is not of type 'integer', 'null'"
    d["flows"][0]["tcp_changes"] = [{"at_s": 0.5}]
    assert err(d).startswith("flows[0].tcp_changes[0]: changes nothing (give rwnd_pkts, max_cwnd_pkts")
    d["flows"][0]["tcp_changes"] = [{"at_s": 0.5, "rwnd_pkts": 4}, {"at_s": 0.2, "rwnd_pkts": 4}]
    assert err(d).startswith("flows[0].tcp_changes[1].at_s: 0.2 is not a time")
    d["flows"][0]["tcp_changes"] = [{"at_s": 0.5, "rwnd": 4}]
    m = err(d)
    assert "unknown field 'rwnd'" in m and "rwnd_pkts" in m, m


def test_yaml_reads_numbers_as_yaml_1_2_does(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("duration_s: 2e0\nnodes: [{name: a}, {name: b}]\n"
                 "links: [{a: a, b: b, rate_bps: 1e6, delay_ms: 1E1}]\nflows: [{src: a, dst: b, name: '1e3'}]\n")
    d = load(p).to_dict()
    assert d["links"][0]["rate_bps"] == 1e6 and d["links"][0]["delay_ms"] == 10.0 and d["duration_s"] == 2.0
    assert d["flows"][0]["name"] == "1e3"  # quoted text stays text


def test_yaml_reads_leading_zeros_colons_and_radixes_as_yaml_1_2_does(tmp_path):
    # YAML 1.1 (PyYAML's own reading) took 010 for octal 8 and 1:30 for base 60, 90,
    # without a word; YAML 1.2 reads 010 as 10, and 1:30 as text, which a number field
    # refuses naming the field and why
    p = tmp_path / "s.yaml"
    body = ("duration_s: {dur}\nnodes: [{{name: a}}, {{name: b}}]\n"
            "links: [{{a: a, b: b, rate_bps: 0x1f, delay_ms: 0o17, queue: {{type: droptail, limit_pkts: 010}}}}]\n"
            "flows: [{{src: a, dst: b, start_s: -0, name: 12:00}}]\n")
    p.write_text(body.format(dur="1_0"))
    d = load(p).to_dict()
    assert (d["duration_s"], d["links"][0]["rate_bps"], d["links"][0]["delay_ms"]) == (10, 31, 15)
    assert d["links"][0]["queue"]["limit_pkts"] == 10 and d["flows"][0]["name"] == "12:00"
    for dur in ("1:30", "0:00:05", "0b101"):
        p.write_text(body.format(dur=dur))
        with pytest.raises(ScenarioError, match=rf"^duration_s: '{dur}' is not of type 'number' \(YAML 1.1 read such "
                                                r"text as a number, 1:30 in base 60 as 90; satcc reads YAML 1.2, where "
                                                r"it is text: write the number itself\)$"):
            load(p).validate()
    # a name YAML reads as a boolean (Norway's code, say): the note says to quote it
    p.write_text(body.format(dur="1").replace("{src: a, dst: b,", "{src: a, dst: b, name: no,").replace(
        " name: 12:00}", "}"))
    with pytest.raises(ScenarioError, match=r"^flows\[0\]\.name: False is not of type 'string', 'null' \(written as yes, no, "
                                            r"on or off in YAML, which reads those as true and false, quote it: 'no'\)$"):
        load(p).validate()
    # text in a number field that YAML 1.1 did not take for a number either: no such note
    p.write_text(body.format(dur="'ten'"))
    with pytest.raises(ScenarioError, match=r"^duration_s: 'ten' is not of type 'number'$"):
        load(p).validate()


def test_duplicate_names_and_links():
    d = base()
    d["nodes"].append({"name": "a"})
    assert "duplicate node name 'a'" in err(d)
    d = base()
    d["links"].append({"a": "r1", "b": "a", "rate_bps": 1e6, "delay_ms": 1})
    assert "already declared" in err(d)


def test_stop_before_start_and_bad_path():
    d = base()
    d["flows"][0]["stop_s"] = 0.1
    assert err(d).startswith("flows[0].stop_s")
    d = base()
    d["flows"][0]["path"] = ["a", "r2", "b"]
    assert err(d) == "flows[0].path: no link between 'a' and 'r2'"


def test_monitor_link_names():
    d = base()
    d["monitor"]["bottleneck"] = "r1-r2"
    assert "A->B" in err(d)
    d["monitor"]["bottleneck"] = "a->b"
    assert "no link between 'a' and 'b'" in err(d)


def test_not_a_table():
    for bad in (None, [], "text", 3):
        assert err(bad).startswith("scenario: must be a table")


def test_run_rejects_invalid_without_running():
    d = base()
    d["duration_s"] = 0
    with pytest.raises(ScenarioError, match="duration_s"):
        satcc.run(d)


def test_load_all_formats(tmp_path):
    d = base()
    (tmp_path / "s.json").write_text(json.dumps(d))
    import yaml

    (tmp_path / "s.yaml").write_text(yaml.safe_dump(d))
    assert load(tmp_path / "s.json").to_dict() == d
    assert load(tmp_path / "s.yaml").to_dict() == d


def test_load_errors(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("duration_s: [1, 2\n")
    with pytest.raises(ScenarioError, match="not valid YAML"):
        load(p)
    p = tmp_path / "s.toml"
    p.write_text("duration_s = \n")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load(p)
    with pytest.raises(ScenarioError, match="unknown file type"):
        load(tmp_path / "s.txt")
    with pytest.raises(ScenarioError, match="cannot read"):
        load(tmp_path / "missing.yaml")


def test_shipped_scenario_files_are_valid():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "scenarios"
    files = sorted(root.glob("*.*"))
    assert len(files) >= 2
    for f in files:
        load(f)


def test_core_rejects_what_the_schema_would_miss():
    # the Rust core validates on its own (the Python schema is a first line only)
    from satcc import _core

    d = base()
    d["flows"][0]["cc"] = "hybla"
    with pytest.raises(ValueError, match="cc"):
        _core.validate_json(json.dumps(d))
    with pytest.raises(ValueError, match="unknown field"):
        _core.validate_json(json.dumps({**base(), "extra": 1}))
    with pytest.raises(ValueError):
        _core.run_json("not json")


def test_a_run_is_checked_by_the_core_once(monkeypatch):
    """satcc.run: the JSON Schema, then one core call that validates, plans and builds;
    no separate core validation (which would parse and plan a second time)."""
    import satcc
    from satcc import _core

    calls = []
    real_validate, real_run = _core.validate_json, _core.run_json
    monkeypatch.setattr(_core, "validate_json", lambda t: calls.append("validate_json") or real_validate(t))
    monkeypatch.setattr(_core, "run_json", lambda t, *a: calls.append("run_json") or real_run(t, *a))
    s = chain(n_flows=1, duration_s=0.5)
    satcc.run(s.to_dict())
    assert calls == ["run_json"]
    bad = s.to_dict()
    bad["flows"][0]["path"] = ["a", "b"]
    with pytest.raises(satcc.ScenarioError, match=r"^flows\[0\]\.path: no link between 'a' and 'b'"):
        satcc.run(bad)
    calls.clear()
    s.validate()
    assert calls == ["validate_json"], "validating alone asks the core, which plans without building"


def test_routing_and_costs_are_checked_by_field():
    d = base()
    d["routing"] = "ls"
    assert err(d) == "routing: must be one of static, session, dv, got 'ls'"
    d = base()
    d["links"][1]["cost"] = 0
    assert err(d).startswith("links[1].cost: ")
    d = base()
    d["links"][1]["b_to_a"] = {"cost": 1001}
    assert err(d).startswith("links[1].b_to_a.cost: ")
    # routes belong to the nodes under session routing: a flow cannot pin its path
    d = base()
    d["routing"] = "session"
    validate(d)
    f = d["flows"][0]
    d["flows"][0]["path"] = [f["src"], "r1", "r2", f["dst"]]
    assert err(d).startswith("flows[0].path: a pinned path cannot follow routing: session")
    d["routing"] = "dv"
    assert err(d).startswith("flows[0].path: a pinned path cannot follow routing: dv")


@pytest.mark.parametrize("cc,tcp,message", [
    ("vegas", {"max_ssthresh_pkts": 50},
     "flows[0].tcp.max_ssthresh_pkts: ns-2's limited slow start (max_ssthresh_) is a rule of its opencwnd, not of "
     "'vegas' (allowed: newreno, reno, tahoe, refwa-plus, trefwa, trefwa-plus)"),
    ("cubic", {"max_ssthresh_pkts": 50}, "flows[0].tcp.max_ssthresh_pkts: ns-2's limited slow start"),
    ("bbr", {"initial_window_by_size": True},
     "flows[0].tcp.initial_window_by_size: ns-2's windowInitOption_ 2, not with 'bbr'"),
])
def test_ns2s_window_rules_are_refused_for_controllers_that_grow_otherwise(cc, tcp, message):
    # refused as the run builds its senders (the controller decides)
    from satcc import run

    d = base()
    d["duration_s"] = 1.0
    d["flows"][0]["cc"] = cc
    d["flows"][0]["tcp"] = tcp
    with pytest.raises(ScenarioError) as e:
        run(d)
    assert str(e.value).startswith(message)
    d["flows"][0]["cc"] = "reno"
    run(d)


def test_a_red_queues_forced_drop_names_the_allowed_victims():
    d = base()
    d["links"][0]["queue"] = {"type": "red", "limit_pkts": 10, "forced_drop": "middle"}
    m = err(d)
    assert m.startswith("links[0].queue") and "middle" in m and all(v in m for v in ("tail", "front", "random")), m
    d["links"][0]["queue"]["forced_drop"] = "random"
    validate(d)


def test_error_flows_need_an_entry_error_model_and_name_flows():
    # ns-2's ErrorModule: an error model at the link's entry that sees some flows only
    d = base()
    d["links"][0]["error"] = {"type": "per", "per": 0.01}
    d["links"][0]["error_flows"] = [d["flows"][0].get("name", "f0")]
    assert err(d).startswith("links[0].error_flows: an error model that sees some flows only sits at the link's "
                             "entry, as ns-2's ErrorModule does (allowed: with error_at: entry)")
    d["links"][0]["error_at"] = "entry"
    validate(d)
    d["links"][0]["error_flows"] = ["nobody"]
    assert err(d).startswith("links[0].error_flows: 'nobody' is not a flow of the scenario (flows: ")
    d = base()
    d["links"][1]["a_to_b"] = {"error_flows": ["f0"]}
    assert err(d).startswith("links[1].a_to_b.error_flows: names the flows an error model sees, and this link "
                             "direction has no error model (allowed: with an error)")


def test_an_error_module_names_its_models_flows_and_actions():
    # ns-2's ErrorModule with several models, each dropping, marking or delaying
    d = base()
    f0 = d["flows"][0].get("name", "f0")
    per = {"type": "per", "per": 0.01}
    d["links"][0]["error_module"] = [{"error": per, "flows": [f0], "action": "mark"},
                                     {"error": per, "action": "delay", "delay_ms": 300}]
    assert err(d) == ("links[0].error_module: an error module sits at the link's entry, before its queue, as ns-2's "
                      "ErrorModule does (allowed: with error_at: entry)")
    d["links"][0]["error_at"] = "entry"
    validate(d)
    d["links"][0]["error"] = per
    assert err(d) == ("links[0].error_module: set with links[0].error; a link direction has one or the other "
                      "(allowed: error_module alone, or error)")
    del d["links"][0]["error"]
    d["links"][0]["error_module"][1]["flows"] = [f0]
    assert err(d) == (f"links[0].error_module[1].flows: '{f0}' is named by entry 0 of the same module too; a flow's "
                      "packets go to one model of a module (ns-2's last `bind` of a flow id wins)")
    # in another module (one after the other, as `$link errormodule` given twice) it may
    d["links"][0]["error_module"][1]["module"] = 1
    validate(d)
    d["links"][0]["error_module"][1]["module"] = 16
    assert err(d).startswith("links[0].error_module[1].module")
    del d["links"][0]["error_module"][1]["module"]
    d["links"][0]["error_module"][1]["flows"] = ["nobody"]
    assert err(d).startswith("links[0].error_module[1].flows: 'nobody' is not a flow of the scenario (flows: ")
    d["links"][0]["error_module"][1]["flows"] = []
    assert err(d).startswith("links[0].error_module[1].flows: empty (allowed: one or more flow names")
    d["links"][0]["error_module"][0].pop("flows")
    d["links"][0]["error_module"][1].pop("flows")
    assert err(d).startswith("links[0].error_module[1].flows: unset here and in entry 0 of the same module: one "
                             "model at most sees the flows no other names")
    d["links"][0]["error_module"] = [{"error": per, "action": "delay"}]
    assert err(d) == ("links[0].error_module[0].delay_ms: missing; action delay holds a packet that long (allowed: "
                      "0 to 10000000 ms)")
    d["links"][0]["error_module"] = [{"error": per, "delay_ms": 5}]
    assert err(d) == "links[0].error_module[0].delay_ms: only with action delay (action here: drop)"
    d["links"][0]["error_module"] = [{"error": per, "action": "hold"}]
    m = err(d)
    assert m.startswith("links[0].error_module[0].action") and "drop" in m and "mark" in m and "delay" in m
    d["links"][0]["error_module"] = [{"error": {"type": "per", "per": 2}}]
    assert err(d).startswith("links[0].error_module[0].error.per")
    d["links"][0]["error_module"] = []
    assert err(d) == "links[0].error_module: no error model (allowed: one or more entries)"
    # a direction's own module, instead of the link's error
    d = base()
    d["links"][1]["error"] = per
    d["links"][1]["error_at"] = "entry"
    d["links"][1]["a_to_b"] = {"error_module": [{"error": per, "action": "mark"}]}
    validate(d)
    d["links"][1]["a_to_b"]["error_flows"] = [f0]
    assert err(d) == ("links[1].a_to_b.error_flows: with an error_module, each model names its flows (allowed: "
                      "flows in each error_module entry)")


def test_send_on_old_ack_is_a_rule_of_ns2_s_tahoe_reno_newreno_and_sack1_agents():
    d = base()
    d["tcp"]["send_on_old_ack"] = False
    validate(d)
    d["flows"][0]["cc"] = "vegas"
    m = err(d)
    assert m.startswith("flows[0].tcp.send_on_old_ack: false is ns-2's aggressive_maxburst_ 0, a rule of its Tahoe, "
                        "Reno, NewReno and Sack1 agents' ACKs"), m


def test_window_validation_is_a_rule_of_ns2_s_agents_but_fack_and_vegas():
    d = base()
    d["tcp"]["window_validation"] = True
    validate(d)
    d["flows"][0]["cc"] = "vegas"
    m = err(d)
    assert m.startswith("flows[0].tcp.window_validation: true is ns-2's QOption_ 1, a rule of its Tahoe, Reno, "
                        "NewReno and Sack1 agents' sends and new ACKs"), m
