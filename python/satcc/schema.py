"""JSON Schema of a satcc scenario.

The schema checks structure and ranges (unknown fields are errors); the Rust core then
checks what needs the whole picture (that nodes exist, that flows have a route).
Field meanings and defaults are documented in docs/scenario.md.
"""

from __future__ import annotations

from . import registry

NUM = {"type": "number"}
POS = {"type": "number", "exclusiveMinimum": 0}
NONNEG = {"type": "number", "minimum": 0}
PROB = {"type": "number", "minimum": 0, "maximum": 1}
POSINT = {"type": "integer", "minimum": 1}
BOOL = {"type": "boolean"}
NAME = {"type": "string", "minLength": 1}

TCP_FIELDS = {
    "packet_size_bytes": {"type": "integer", "minimum": 1, "maximum": 65000},
    "header_bytes": {"type": "integer", "minimum": 1, "maximum": 535},
    "use_headers": BOOL,
    "syn": BOOL,
    "initial_window_pkts": {"type": "integer", "minimum": 1, "maximum": 4294967295},
    "rwnd_pkts": {"type": "integer", "minimum": 1, "maximum": 4294967295},
    "initial_ssthresh_pkts": {"type": ["number", "null"], "exclusiveMinimum": 0},
    "dupack_threshold": {"type": "integer", "minimum": 1, "maximum": 4294967295},
    "limited_transmit": BOOL,
    "sack": BOOL,
    "window_scale": BOOL,
    "abe_filter": {"enum": ["tustin", "per_rtt"]},
    "fusion_alpha": {"enum": ["delay", "fixed"]},
    "fusion_d_min_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "fusion_alpha_pkts": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000},
    "fusion_w_inc_d_min_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "tick_s": POS,
    "min_rto_s": POS,
    "max_rto_s": POS,
    "initial_rto_s": POS,
    "send_overhead_s": {"type": "number", "minimum": 0, "maximum": 10},
    "delayed_ack": BOOL,
    "delayed_ack_interval_s": POS,
    "ack_size_bytes": {"type": "integer", "minimum": 1, "maximum": 65535},
    "initial_ttl": {"type": "integer", "minimum": 1, "maximum": 255},
    "tos": {"type": "integer", "minimum": 0, "maximum": 255},
    "refwa_plus_tolerance": {"type": "number", "minimum": 0, "maximum": 10},
    "rtt_code_k": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
    "trefwa_plus_r": PROB,
    "trefwa_plus_k": {"type": "number", "minimum": 0, "maximum": 100},
}

TCP = {"type": "object", "additionalProperties": False, "properties": TCP_FIELDS}

QUEUE = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type"],
            "properties": {
                "type": {"const": "droptail"},
                "limit_pkts": {"type": "integer", "minimum": 1, "maximum": 4294967295},
                "limit_bytes": {"type": "integer", "minimum": 1},
            },
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type", "limit_pkts"],
            "properties": {
                "type": {"const": "red"},
                "limit_pkts": {"type": "integer", "minimum": 1, "maximum": 4294967295},
                "min_th_pkts": NONNEG,
                "max_th_pkts": POS,
                "w_q": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                "max_p": PROB,
                "gentle": BOOL,
                "wait": BOOL,
                "mean_pkt_bytes": {"type": "integer", "minimum": 1, "maximum": 4294967295},
            },
        },
    ]
}

ERROR = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type", "per"],
            "properties": {"type": {"const": "per"}, "per": PROB},
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type", "ber"],
            "properties": {"type": {"const": "ber"}, "ber": {"type": "number", "minimum": 0, "exclusiveMaximum": 1}},
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type", "p_good_to_bad", "p_bad_to_good"],
            "properties": {
                "type": {"const": "gilbert_elliott"},
                "p_good_to_bad": PROB,
                "p_bad_to_good": PROB,
                "per_good": PROB,
                "per_bad": PROB,
            },
        },
    ]
}

RATE = {"type": "number", "minimum": 1}
DELAY = {"type": "number", "minimum": 0, "maximum": 1e7}

RATE_CHANGES = {
    "type": "array",
    "items": {
        "type": "object",
        "additionalProperties": False,
        "required": ["at_s", "rate_bps"],
        "properties": {"at_s": NONNEG, "rate_bps": RATE},
    },
}

DIRECTION = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "rate_bps": RATE,
        "delay_ms": DELAY,
        "queue": QUEUE,
        "error": ERROR,
        "rate_changes": RATE_CHANGES,
    },
}

LINK = {
    "type": "object",
    "additionalProperties": False,
    "required": ["a", "b", "rate_bps", "delay_ms"],
    "properties": {
        "a": NAME,
        "b": NAME,
        "rate_bps": RATE,
        "delay_ms": DELAY,
        "queue": QUEUE,
        "error": {"oneOf": [{"type": "null"}, ERROR]},
        "rate_changes": RATE_CHANGES,
        "a_to_b": DIRECTION,
        "b_to_a": DIRECTION,
    },
}

TRAFFIC = {
    "oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["type"], "properties": {"type": {"const": "bulk"}}},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["type", "shape", "mean_on_s", "mean_off_s", "rate_bps"],
            "properties": {
                "type": {"const": "pareto"},
                "shape": {"type": "number", "exclusiveMinimum": 1, "maximum": 100},
                "mean_on_s": POS,
                "mean_off_s": POS,
                "rate_bps": POS,
            },
        },
    ]
}

CONTROLLERS = registry.controller_names()

FLOW = {
    "type": "object",
    "additionalProperties": False,
    "required": ["src", "dst"],
    "properties": {
        "name": {"type": ["string", "null"], "minLength": 1, "pattern": "^[^#]+$"},
        "src": NAME,
        "dst": NAME,
        "cc": {"enum": CONTROLLERS},
        "start_s": NONNEG,
        "stop_s": {"type": ["number", "null"], "minimum": 0},
        "count": {"type": "integer", "minimum": 1, "maximum": 100000},
        "start_jitter_s": NONNEG,
        "path": {"type": ["array", "null"], "items": NAME, "minItems": 2},
        "ack_path": {"type": ["array", "null"], "items": NAME, "minItems": 2},
        "group": {"type": ["string", "null"]},
        "tcp": {"oneOf": [{"type": "null"}, TCP]},
        "traffic": TRAFFIC,
    },
}

# the fields REFWA and T-REFWA share (their FeedbackCore)
FEEDBACK_FIELDS = {
    "links": {"type": "array", "minItems": 1, "items": {"type": "string"}},
    "alpha": {"type": "number", "minimum": 0, "maximum": 10},
    "phi": {"type": "number", "minimum": 0, "maximum": 10},
    "psi": {"type": "number", "minimum": 0, "maximum": 10},
    "rtt_avg_gain": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "activity": {"enum": ["rtt_avg", "flow_rtt"]},
}


def _scheme(name: str, **own) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["type", "links"],
            "properties": {"type": {"const": name}, **FEEDBACK_FIELDS, **own}}


SCHEME = {
    "oneOf": [
        _scheme("refwa", isl_delay_ms=POS,
                rtt_error_sigma={"type": "number", "minimum": 0, "exclusiveMaximum": 1}),
        _scheme("trefwa", k={"type": "number", "exclusiveMinimum": 0, "maximum": 100}),
        {"type": "object", "additionalProperties": False, "required": ["type", "links"],
         "properties": {"type": {"const": "xfwa"}, "links": FEEDBACK_FIELDS["links"], "isl_delay_ms": POS,
                        "buffer_share": PROB, "activity": FEEDBACK_FIELDS["activity"]}},
    ]
}

SCENARIO = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "satcc scenario",
    "type": "object",
    "additionalProperties": False,
    "required": ["duration_s", "nodes", "links", "flows"],
    "properties": {
        "name": {"type": "string"},
        "duration_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 1e6},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        "sample_interval_s": {"type": "number", "minimum": 1e-4},
        "tcp": {"oneOf": [{"type": "null"}, TCP]},
        "nodes": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name"],
                "properties": {"name": {"type": "string", "minLength": 1, "pattern": "^((?!->).)*$"}},
            },
        },
        "links": {"type": "array", "items": LINK},
        "flows": {"type": "array", "minItems": 1, "items": FLOW},
        "schemes": {"type": "array", "items": SCHEME},
        "monitor": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "links": {"type": ["array", "null"], "items": {"type": "string"}},
                "bottleneck": {"type": ["string", "null"]},
                "flow_traces": BOOL,
                "drop_trace": BOOL,
            },
        },
    },
}
