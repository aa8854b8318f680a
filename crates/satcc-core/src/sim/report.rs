//! The end of a run: packets still in flight accounted, the summary and time series.

use crate::engine::to_secs;
use crate::metrics::{
    jain_index, FlowSummary, GroupSummary, LinkSummary, PacketAccount, PingSummary, RunTotals, Summary,
};
use crate::net::link::At;
use crate::net::PacketKind;
use std::collections::BTreeMap;
use super::{RunOutput, Simulation};

impl Simulation {
    pub(super) fn finish(mut self) -> RunOutput {
        debug_assert!(self.stopped || self.kinds.iter().sum::<u64>() == self.events.popped(), "every event popped is counted by kind");
        let end = self.end;
        let mut data_in_flight = vec![0u64; self.flows.len()];
        let mut ack_in_flight = vec![0u64; self.flows.len()];
        for l in &self.links {
            l.for_each_in_pipe(|p| match p.kind {
                // (a routing agent's message is no flow's)
                _ if p.flow == super::ROUTING_FLOW => {}
                PacketKind::Data => data_in_flight[p.flow as usize] += 1,
                PacketKind::Ack => ack_in_flight[p.flow as usize] += 1,
            });
        }
        let mut acct = PacketAccount::default();
        let mut flows = Vec::with_capacity(self.flows.len());
        for (i, f) in self.flows.iter().enumerate() {
            acct.data_injected += f.data_injected;
            acct.data_delivered += f.data_delivered;
            acct.data_dropped += f.data_dropped;
            acct.data_in_flight += data_in_flight[i];
            acct.ack_injected += f.ack_injected;
            acct.ack_delivered += f.ack_delivered;
            acct.ack_dropped += f.ack_dropped;
            acct.ack_in_flight += ack_in_flight[i];
            let active_end = end;
            let active_s = if f.start < active_end { to_secs(active_end - f.start) } else { 0.0 };
            let rate = |bytes: f64| if active_s > 0.0 { bytes * 8.0 / active_s / 1e6 } else { 0.0 };
            if f.udp {
                flows.push(self.udp_summary(f, rate(f.udp_delivered_bytes as f64)));
                continue;
            }
            let sent = f.sender.stats.data_pkts_sent;
            flows.push(FlowSummary {
                name: f.name.clone(),
                group: f.group.clone(),
                src: self.node_names[f.src as usize].clone(),
                dst: self.node_names[f.dst as usize].clone(),
                cc: f.cc.clone(),
                transport: None,
                start_s: to_secs(f.start),
                stop_s: f.stop.map(to_secs),
                throughput_mbps: rate(f.sink.stats.payload_bytes_received as f64),
                goodput_mbps: rate(f.sink.in_order_data_pkts() as f64 * f.payload_bytes as f64),
                data_pkts_sent: sent,
                data_pkts_delivered: f.sink.stats.data_pkts_received,
                data_pkts_acked: f.sender.data_pkts_acked(),
                data_pkts_dropped: f.data_dropped - f.syn_dropped,
                syn_pkts_sent: f.syn_injected,
                syn_pkts_dropped: f.syn_dropped,
                retransmits: f.sender.stats.retransmits,
                fast_retransmits: f.sender.stats.fast_retransmits,
                rto_count: f.sender.stats.timeouts,
                rto_undone: f.sender.stats.spurious_timeouts_undone,
                link_error_losses: f.sender.stats.link_error_losses,
                ecn_responses: f.ecn.then_some(f.sender.stats.ecn_responses),
                size_bytes: f.file.map(|(b, _)| b),
                fct_s: f.file.map(|_| f.completed.map(|t| to_secs(t - f.start))),
                // both counts without the SYN (a flow whose SYN alone was lost sent no data)
                loss_rate: if sent > 0 { (f.data_dropped - f.syn_dropped) as f64 / sent as f64 } else { 0.0 },
                srtt_ms: f.sender.srtt_s() * 1e3,
                cwnd_pkts: f.sender.w.cwnd,
                hops_data: f.fwd.1 as usize,
                trace_past_end: Self::past_end(f),
                pings: None,
            });
        }
        if let Some(m) = self.mobility.as_mut() {
            m.refresh_all(&mut self.links); // the delays as of the last routing instant
        }
        let mut links = Vec::with_capacity(self.links.len());
        for l in self.links.iter_mut() {
            l.advance(At::end_of(end), &self.events.order);
            let departed_bytes = l.departed_bytes();
            let departed_pkts = l.departed_pkts();
            let cap = l.capacity_bits(end);
            let avg_q = l.mean_queue_pkts(end);
            let limit = l.queue.limit_pkts();
            let drops = l.stats.drops_overflow + l.stats.drops_early + l.stats.drops_down;
            links.push(LinkSummary {
                name: l.name.clone(),
                rate_bps: l.rate_bps,
                delay_ms: l.delay as f64 / 1e6,
                utilization: if cap > 0.0 { departed_bytes as f64 * 8.0 / cap } else { 0.0 },
                departed_pkts,
                departed_bytes,
                arrivals_pkts: l.stats.arrivals_pkts,
                drops,
                drops_error: l.stats.drops_error,
                drops_ttl: l.stats.drops_ttl,
                drops_link_down: l.stats.drops_down,
                refused_down_pkts: l.stats.refused_down,
                delayer_held_pkts: l.delayer_holds().map(u64::from),
                ecn_marks: l.queue.marks_ecn().then_some(l.stats.ecn_marks),
                loss_rate: if l.stats.arrivals_pkts > 0 {
                    (drops + l.stats.drops_error) as f64 / l.stats.arrivals_pkts as f64
                } else {
                    0.0
                },
                avg_queue_pkts: avg_q,
                avg_queue_pct: limit.map(|b| 100.0 * avg_q / b as f64),
                max_queue_pkts: l.stats.max_queue_pkts,
                limit_pkts: limit,
            });
        }
        let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, f) in flows.iter().enumerate() {
            if let Some(g) = &f.group {
                groups.entry(g.clone()).or_default().push(i);
            }
        }
        let groups = groups
            .into_iter()
            .map(|(g, ix)| {
                let n = ix.len() as f64;
                let tp: f64 = ix.iter().map(|&i| flows[i].throughput_mbps).sum();
                let gp: f64 = ix.iter().map(|&i| flows[i].goodput_mbps).sum();
                GroupSummary {
                    group: g,
                    flows: ix.len(),
                    mean_throughput_mbps: tp / n,
                    mean_goodput_mbps: gp / n,
                    total_goodput_mbps: gp,
                }
            })
            .collect();
        // fairness among the TCP flows (a UDP flow sends at its source's rate, whatever
        // its share)
        let tps: Vec<f64> = flows.iter().filter(|f| f.transport.is_none()).map(|f| f.throughput_mbps).collect();
        let sent: u64 = flows.iter().map(|f| f.data_pkts_sent).sum();
        let dropped: u64 = flows.iter().map(|f| f.data_pkts_dropped).sum();
        let b = self.bottleneck.map(|b| &links[b as usize]);
        let totals = RunTotals {
            flows: flows.len(),
            throughput_mbps: flows.iter().map(|f| f.throughput_mbps).sum(),
            goodput_mbps: flows.iter().map(|f| f.goodput_mbps).sum(),
            jain_fairness: jain_index(&tps, &vec![1.0; tps.len()]),
            loss_rate: if sent > 0 { dropped as f64 / sent as f64 } else { 0.0 },
            rto_count: flows.iter().map(|f| f.rto_count).sum(),
            bottleneck: b.map(|l| l.name.clone()),
            utilization: b.map(|l| l.utilization),
            avg_queue_pkts: b.map(|l| l.avg_queue_pkts),
            avg_queue_pct: b.and_then(|l| l.avg_queue_pct),
            packets: acct,
            events: self.events.popped(),
            link_transmissions: self.transmissions,
            routes_recomputed: self.session.as_ref().map_or(0, |r| r.recomputed),
            routing_messages: self.dv.as_ref().map_or(0, |d| d.sent),
            routing_messages_lost: self.dv.as_ref().map_or(0, |d| d.lost_pkts),
            routing_ties: self.dv.as_ref().map_or(0, |d| d.ties),
        };
        let constellation = self.mobility.as_ref().map(|m| crate::metrics::ConstellationSummary {
            satellites: m.satellites(),
            ground_stations: m.ground_stations(),
            links: links.len(),
            routing_steps: m.routing_steps,
            handovers: m.handovers(),
            drops_no_route: m.drops_no_route,
        });
        if self.mobility.is_some() {
            links.retain(|l| l.arrivals_pkts > 0);
        }
        let summary = Summary {
            constellation,
            realtime: self.pace.as_mut().map(|p| {
                let mut s = p.summary();
                s.real_packets = self.real.as_ref().map(|r| serde_json::to_value(&r.counters).expect("counters serialize"));
                s
            }),
            satcc_version: crate::VERSION.to_string(),
            scenario: self.scenario_name.clone(),
            seed: self.seed,
            duration_s: to_secs(end),
            totals,
            groups,
            flows,
            links,
        };
        RunOutput {
            summary,
            series: std::mem::take(&mut self.series),
            link_names: self.links.iter().map(|l| l.name.clone()).collect(),
            flow_names: self.flows.iter().map(|f| f.name.clone()).collect(),
            pushes: self.events.pushes(),
            events_by_kind: super::EVENT_KINDS.iter().copied().zip(self.kinds).collect(),
        }
    }

    /// A trace-driven source's starts past its table (0 for the others).
    fn past_end(f: &super::Flow) -> u32 {
        f.source.as_ref().and_then(|s| s.trace_past_end()).unwrap_or(0)
    }

    /// A UDP or ping flow's summary: its datagrams (`rate_mbps`: what arrived, over its
    /// active time), nothing of TCP's; a ping flow's requests and replies.
    fn udp_summary(&self, f: &super::Flow, rate_mbps: f64) -> FlowSummary {
        let pings = f.ping.as_ref().map(|p| {
            let spread = p.rtt_spread_s();
            PingSummary {
                sent: p.sent(),
                answered: p.answered,
                requests_dropped: f.data_dropped,
                replies_dropped: f.ack_dropped,
                rtt_min_ms: spread.map(|s| s.0 * 1e3),
                rtt_mean_ms: spread.map(|s| s.1 * 1e3),
                rtt_max_ms: spread.map(|s| s.2 * 1e3),
            }
        });
        let lost = f.data_dropped + if pings.is_some() { f.ack_dropped } else { 0 };
        FlowSummary {
            name: f.name.clone(),
            group: f.group.clone(),
            src: self.node_names[f.src as usize].clone(),
            dst: self.node_names[f.dst as usize].clone(),
            cc: "none".into(),
            transport: Some(if pings.is_some() { "ping" } else { "udp" }),
            start_s: to_secs(f.start),
            stop_s: f.stop.map(to_secs),
            throughput_mbps: rate_mbps,
            goodput_mbps: rate_mbps,
            data_pkts_sent: f.data_injected,
            data_pkts_delivered: f.udp_delivered_pkts,
            data_pkts_acked: 0,
            data_pkts_dropped: f.data_dropped,
            syn_pkts_sent: 0,
            syn_pkts_dropped: 0,
            retransmits: 0,
            fast_retransmits: 0,
            rto_count: 0,
            rto_undone: 0,
            link_error_losses: 0,
            ecn_responses: None,
            size_bytes: None,
            fct_s: None,
            loss_rate: if f.data_injected > 0 { lost as f64 / f.data_injected as f64 } else { 0.0 },
            srtt_ms: 0.0,
            cwnd_pkts: 0.0,
            hops_data: f.fwd.1 as usize,
            trace_past_end: Self::past_end(f),
            pings,
        }
    }
}
