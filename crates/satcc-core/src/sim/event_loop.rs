//! The event loop: what each event does to links, flows and router schemes.

use crate::engine::{from_secs, to_secs, EventQueue, Time};
use crate::metrics::series::{DropRow, FeedbackRow, FlowRow, PacketRow, PingRow, QueueRow};
use crate::net::error_module::Entry;
use crate::net::link::{At, Offer, Pass};
use crate::net::queue::Verdict;
use crate::net::{FlowId, LinkId, NodeId, Packet, PacketKind};
use crate::feedback::LinkView;
use crate::tcp::sender::GREEDY;
use crate::traffic::Begin;
use super::{Armed, DoubleTimer, DropCause, Ev, RunOutput, Simulation, NONE, PROGRESS_EVERY, ROUTING_FLOW};

/// The TTL of a UDP flow's datagrams: ns-2's Agent ttl_ default.
const UDP_TTL: u8 = 32;

impl Simulation {
    /// The event being handled, as a point in the order of events.
    #[inline]
    fn at(&self) -> At {
        At { now: self.now, shadow: self.shadow }
    }

    /// Offer a packet to `link`; schedule the link's head event if it was empty.
    #[inline(always)]
    fn enqueue(&mut self, pkt: &Packet, pass: Pass, link: LinkId) {
        if self.links[link as usize].has_entry_hook() {
            return self.enqueue_past_entry(pkt, pass, link);
        }
        self.offer_to(pkt, pass, link, false);
    }

    /// `enqueue` at a link whose entry acts on packets (error modules, or outages).
    #[cold]
    #[inline(never)]
    fn enqueue_past_entry(&mut self, pkt: &Packet, pass: Pass, link: LinkId) {
        let l = &mut self.links[link as usize];
        match l.at_entry(pkt, self.shadow) {
            Entry::On { mark: false } => {
                let before = l.admitted();
                self.offer_to(pkt, pass, link, false);
                self.file_overtaking_head(link, before);
            }
            Entry::Lost => {
                // refused by a link that is down, or lost to an error model at its
                // entry, before its queue
                let cause = if l.is_down() { DropCause::LinkDown } else { DropCause::Error };
                self.count_drop(pkt, link, cause);
            }
            got => self.after_entry(*pkt, pass, link, got, false),
        }
    }

    /// A packet an entry error module marked or held (`got`); `held`: its arrival at
    /// the link is counted (it was held before).
    fn after_entry(&mut self, mut pkt: Packet, pass: Pass, link: LinkId, got: Entry, held: bool) {
        let mark = match got {
            Entry::On { mark } | Entry::Held { mark, .. } => mark,
            Entry::Lost => unreachable!("handled by the caller"),
        };
        if mark && pkt.is_data() && pkt.flow != ROUTING_FLOW && self.flows[pkt.flow as usize].ecn {
            // an ECN flow's data segment carries the mark (the others' packets, whose
            // receivers read none, and ACKs go on as they are: ns-2 sets CE in any
            // packet, which only an ECN receiver reads)
            pkt.aux |= crate::net::packet::CE;
        }
        match got {
            Entry::Held { secs, next, .. } => {
                let slot = match self.held_free.pop() {
                    Some(i) => {
                        self.held[i as usize] = Some((link, next as u32, pkt, pass));
                        i
                    }
                    None => {
                        self.held.push(Some((link, next as u32, pkt, pass)));
                        (self.held.len() - 1) as u32
                    }
                };
                // due at the event's double time plus the delay, as ns-2's
                // Scheduler::schedule(target_, p, delay_)
                let sh = self.shadow + secs;
                self.events.push(from_secs(sh), sh, Ev::EntryDelay(slot));
            }
            _ => {
                let before = self.links[link as usize].admitted();
                self.offer_to(&pkt, pass, link, held);
                self.file_overtaking_head(link, before);
            }
        }
    }

    /// After a packet was offered to a link whose packets may overtake (its entry is
    /// hooked, `Link::enable_overtaking`): one admitted that will arrive before every
    /// other in the pipe gets its head-arrival event (the one filed before goes stale).
    #[cold]
    #[inline(never)]
    fn file_overtaking_head(&mut self, link: LinkId, admitted_before: u64) {
        let l = &self.links[link as usize];
        if l.admitted() > admitted_before && l.last_overtakes_all() {
            let (t, sh, origin) = l.head_arrival().expect("a head");
            self.events.push_at(t, sh, origin, Ev::LinkHead(link));
        }
    }

    /// A packet an entry error module held goes on to the next module, or to its
    /// link's queue.
    #[cold]
    #[inline(never)]
    fn on_entry_delay(&mut self, slot: u32) {
        let (link, next, pkt, pass) = self.held[slot as usize].take().expect("a held packet");
        self.held_free.push(slot);
        let l = &mut self.links[link as usize];
        if l.is_down() {
            // ns-2's module hands it to a link that is down (its queue was reset): lost
            // there, as what a link down refuses
            l.stats.arrivals_pkts -= 1;
            l.stats.refused_down += 1;
            self.count_drop(&pkt, link, DropCause::LinkDown);
            return;
        }
        match l.at_entry_from(next as usize, &pkt, self.shadow) {
            Entry::Lost => self.count_drop(&pkt, link, DropCause::Error),
            got => self.after_entry(pkt, pass, link, got, true),
        }
    }

    /// Offer a packet past the link's entry to its queue (`held`: one the entry held,
    /// whose arrival is already counted).
    #[inline(always)]
    fn offer_to(&mut self, pkt: &Packet, pass: Pass, link: LinkId, held: bool) {
        let at = self.at();
        let l = &mut self.links[link as usize];
        let mut offer = if held {
            l.offer_delayed(pkt, pass, at, &mut self.events.order)
        } else {
            l.offer_passed(pkt, pass, at, &mut self.events.order)
        };
        if let Offer::Markable = offer {
            // RED with ECN marks an ECN-capable packet (ns-2's ect_: every data segment
            // of an ECN flow but the first, and the ACK answering the setup with
            // ecn_syn_) where it would drop it early
            let ect = (pkt.is_data() && pkt.seq > 0 && pkt.flow != ROUTING_FLOW && self.flows[pkt.flow as usize].ecn)
                || (pkt.kind == PacketKind::Ack && pkt.aux & crate::net::packet::ACK_ECT != 0);
            offer = self.links[link as usize].resolve_mark(pkt, pass, at, ect, &mut self.events.order);
        }
        let l = &mut self.links[link as usize];
        match offer {
            Offer::Admitted { was_empty } => {
                if was_empty {
                    // (an empty pipe has no lanes: it is in arrival order)
                    let (t, sh, origin) = l.fifo_head_arrival().expect("admitted packet in pipe");
                    self.events.push_at(t, sh, origin, Ev::LinkHead(link));
                }
            }
            Offer::Dropped(v) => {
                let cause = if v == Verdict::DropEarly { DropCause::Early } else { DropCause::Overflow };
                self.count_drop(pkt, link, cause)
            }
            Offer::Scheduled { was_empty } => self.after_scheduling_offer(link, was_empty),
            Offer::Markable => unreachable!("resolved above"),
        }
    }

    /// After a scheduling queue (SFQ, DRR) took a packet: the link's head-arrival event
    /// if its pipe was empty, its departure event if it needs one, and the packets its
    /// buffer dropped.
    #[cold]
    #[inline(never)]
    fn after_scheduling_offer(&mut self, link: LinkId, was_empty: bool) {
        self.schedule_link_events(link, was_empty);
        for p in self.links[link as usize].take_pushed_out() {
            self.count_drop(&p, link, DropCause::Overflow);
        }
    }

    fn schedule_link_events(&mut self, link: LinkId, was_empty: bool) {
        if was_empty {
            if let Some((t, sh, origin)) = self.links[link as usize].head_arrival() {
                self.events.push_at(t, sh, origin, Ev::LinkHead(link));
            }
        }
        if let Some((t, sh, origin)) = self.links[link as usize].take_departure() {
            self.events.push_at(t, sh, origin, Ev::LinkDeparture(link));
        }
        // a Delayer's timers set in this event
        for (spike, t, sh, origin) in self.links[link as usize].take_delayer_timers() {
            self.events.push_at(t, sh, origin, if spike { Ev::Spike(link) } else { Ev::Alloc(link) });
        }
    }

    /// A queue's own timer (PI's samples); the next is scheduled from this expiry.
    #[cold]
    #[inline(never)]
    fn on_queue_timer(&mut self, link: LinkId) {
        let at = self.at();
        if let Some((t, sh, origin)) = self.links[link as usize].queue_timer(at, &mut self.events.order) {
            self.events.push_at(t, sh, origin, Ev::QueueTimer(link));
        }
    }

    /// A Delayer's block or unblock (`delayer.blocks`): unblocked, it sends what it
    /// holds if its transmitter is free.
    #[cold]
    #[inline(never)]
    fn on_block(&mut self, k: u32) {
        let (link, blocked) = self.blocks[k as usize];
        let at = self.at();
        let was_empty = self.links[link as usize].set_blocked(blocked, at, &mut self.events.order);
        self.schedule_link_events(link, was_empty);
    }

    /// A Delayer's spike or allocation timer (`delayer.spikes`, `delayer.alloc`).
    #[cold]
    #[inline(never)]
    fn on_delayer_timer(&mut self, link: LinkId, spike: bool) {
        let at = self.at();
        if let Some(was_empty) = self.links[link as usize].delayer_timer(spike, at, &mut self.events.order) {
            self.schedule_link_events(link, was_empty);
        }
    }

    /// A scheduling queue's departure event: the next waiting packet starts.
    #[cold]
    #[inline(never)]
    fn on_link_departure(&mut self, link: LinkId) {
        let at = self.at();
        if let Some(was_empty) = self.links[link as usize].depart(at, &mut self.events.order) {
            self.schedule_link_events(link, was_empty);
        }
    }

    fn count_drop(&mut self, pkt: &Packet, link: LinkId, cause: DropCause) {
        if pkt.flow == ROUTING_FLOW {
            self.routing_message_lost(pkt, link, cause);
            return;
        }
        let mut seqno = pkt.seq;
        let syn = pkt.kind == PacketKind::Data && self.is_syn(pkt);
        let real = self.real.is_some() && self.is_real(pkt.flow);
        if self.real.is_some() {
            if self.drop_trace {
                seqno = self.real_seqno(pkt).unwrap_or(pkt.seq);
            }
            self.free_real(pkt);
        }
        let f = &mut self.flows[pkt.flow as usize];
        match pkt.kind {
            PacketKind::Data => {
                f.data_dropped += 1;
                if f.timestamps && !real {
                    f.sender.forget_send_time(pkt);
                }
                if syn {
                    f.syn_dropped += 1;
                }
            }
            PacketKind::Ack => {
                f.ack_dropped += 1;
                // what its receiver kept beside it (SACK blocks, an echoed time) goes (a
                // ping's reply has none)
                if !pkt.is_datagram() {
                    f.sink.forget_ack(pkt.sack_id());
                }
            }
        }
        if cause == DropCause::Ttl {
            self.links[link as usize].stats.drops_ttl += 1;
        }
        if self.drop_trace {
            self.series.drops.push(DropRow {
                time_s: to_secs(self.now),
                link,
                flow: pkt.flow,
                seqno,
                ack: !pkt.is_data(),
                cause: cause as u8,
            });
        }
    }

    /// What a flow's timer or app made it send goes out; its timers follow its new state.
    #[inline(always)]
    fn send_and_rearm(&mut self, fid: FlowId, out: Vec<Packet>) {
        let s = &self.flows[fid as usize].sender;
        if s.rtx_timer_s.is_some() && !out.is_empty() {
            // the retransmission timer set during this event goes before the packet the
            // sender output after setting it (ns-2 schedules it there, engine::order):
            // most often before them all (a new ACK's newtimer, then its sends)
            let before = (s.outputs - s.rtx_set_outputs) as usize;
            if before >= out.len() {
                self.rtx_origin = Some(self.events.order.call());
            } else if before > 0 {
                let at = out.len() - before;
                return self.flush_outbox_timer_at(fid, out, at);
            }
        }
        self.flush_outbox(out);
        self.sync_timers(fid);
    }

    /// `send_and_rearm` with the retransmission timer set after packet `timer_at - 1`
    /// and before packet `timer_at` of the event's sends (`rtx_origin`, which
    /// `sync_timers` files it by).
    #[cold]
    #[inline(never)]
    fn flush_outbox_timer_at(&mut self, fid: FlowId, out: Vec<Packet>, timer_at: usize) {
        self.flush_split(out, timer_at);
        self.sync_timers(fid);
    }

    fn flush_split(&mut self, mut out: Vec<Packet>, timer_at: usize) {
        for (i, p) in out.drain(..).enumerate() {
            if i == timer_at {
                self.rtx_origin = Some(self.events.order.call());
            }
            self.send_one(p);
        }
        self.outbox = out;
    }

    /// Record a packet crossing a captured link direction (the packets table).
    fn capture(&mut self, link: LinkId, pkt: &Packet) {
        let f = &self.flows[pkt.flow as usize];
        let ack = !pkt.is_data();
        // a data packet's payload: its size less the header it carries (none for the
        // SYN, sent before any data; a real packet's own header says); a SACK flow's ACKs
        // use the TOS bits as a tag
        let real = self.real_tcp(pkt);
        let payload = match (ack, &real, pkt.seq) {
            (true, _, _) => 0,
            (false, Some(t), _) => t.payload as u32,
            // a UDP datagram: its whole size (the pcap writer puts IP and UDP headers in it)
            (false, None, _) if f.udp => pkt.size_bytes as u32,
            (false, None, 0) if f.syn => 0, // the SYN
            (false, None, 0) => f.payload_bytes, // sent without a header (TcpSender::output)
            _ => (pkt.size_bytes as u32).saturating_sub(f.wire_header_bytes).min(f.payload_bytes),
        };
        let seqno = if self.real.is_some() { self.real_seqno(pkt).unwrap_or(pkt.seq) } else { pkt.seq };
        let tcp_flags = match real {
            Some(t) => t.flags,
            None if f.udp => 0,
            None => capture_flags(ack, pkt, f.syn) | if f.ecn { ecn_flags(ack, pkt) } else { 0 },
        };
        self.series.packets.push(PacketRow {
            time_s: to_secs(self.now),
            link,
            flow: pkt.flow,
            ack,
            seqno,
            payload_bytes: payload,
            // a data packet's window field is empty (a datagram's marker, a timestamp's
            // slot), and a ping's reply has none
            rwnd_pkts: if pkt.is_data() || pkt.is_datagram() { 0 } else { pkt.rwnd_pkts },
            ttl: pkt.ttl,
            tos: match (ack, f.sack, f.ecn) {
                (true, true, _) => 0,
                // an ECN flow's data: the IP ECN field in the TOS byte's low two bits
                // (RFC 3168: ECT(0) 10, CE 11; the first segment is not ECN-capable)
                (false, _, true) if pkt.seq > 0 => {
                    (pkt.tos & !0b11) | if pkt.aux & crate::net::packet::CE != 0 { 0b11 } else { 0b10 }
                }
                _ => pkt.tos,
            },
            tcp_flags,
        });
    }

    /// Send the packets an agent put in the outbox.
    #[inline]
    fn flush_outbox(&mut self, mut out: Vec<Packet>) {
        for p in out.drain(..) {
            self.send_one(p);
        }
        self.outbox = out;
    }

    /// A packet of a real host enters the network at its node.
    pub(super) fn send_real(&mut self, p: Packet) {
        self.send_one(p);
    }

    /// One packet from its sender's node onto its first link.
    fn send_one(&mut self, p: Packet) {
        {
            let syn = p.kind == PacketKind::Data && self.is_syn(&p);
            let f = &mut self.flows[p.flow as usize];
            // an agent taken off its host sends into ns-2's null agent: nothing leaves
            // (a SYN still counts among those its sender sent, as ns-2's ndatapack_)
            if if p.is_data() { f.src_detached } else { f.dst_detached } {
                f.syn_injected += syn as u64;
                return;
            }
            let r = match p.kind {
                PacketKind::Data => {
                    f.data_injected += 1;
                    if syn {
                        f.syn_injected += 1;
                    }
                    f.fwd
                }
                PacketKind::Ack => {
                    f.ack_injected += 1;
                    f.rev
                }
            };
            let first = if !self.hop_by_hop {
                self.routes[r.0 as usize]
            } else {
                let (from, to) = if p.is_data() { (f.src, f.dst) } else { (f.dst, f.src) };
                match self.next_hop(from, to) {
                    Some(l) => l,
                    None => {
                        // the sender's station sees no satellite, or has no route
                        self.drop_no_route(&p, None);
                        return;
                    }
                }
            };
            if p.is_data() && self.scheme_of_link[first as usize] != NONE {
                self.scheme_sees_data(first, &p);
            }
            self.enqueue(&p, Pass::AsIs, first);
        }
    }

    /// A data packet is offered to a guarded link (TTL as it arrived at the node).
    fn scheme_sees_data(&mut self, link: LinkId, pkt: &Packet) {
        if self.real.is_some() && self.passes_through(pkt) {
            return;
        }
        if pkt.is_datagram() {
            // the papers class UDP apart by port number: their schemes see TCP only
            return;
        }
        let s = self.scheme_of_link[link as usize];
        if let Some(t) = self.schemes[s as usize].on_data(pkt, self.now) {
            self.events.push(t, to_secs(t), Ev::SchemeUpdate(s));
        }
    }

    fn on_scheme_update(&mut self, s: u32) {
        let lid = self.scheme_link[s as usize];
        let at = self.at();
        let l = &mut self.links[lid as usize];
        l.advance(at, &self.events.order);
        let (limit_pkts, limit_bytes) = l.limits();
        let view = LinkView { rate_bps: l.rate_bps, limit_pkts, limit_bytes, queue_pkts: l.queue_pkts() };
        let next = self.schemes[s as usize].update(self.now, &view);
        let u = self.schemes[s as usize].last_update();
        self.series.feedback.push(FeedbackRow {
            time_s: to_secs(self.now),
            link: lid,
            aggregate_pkts: u.aggregate_pkts,
            rtt_avg_s: u.rtt_avg_s,
            active_flows: u.active_flows,
            queue_pkts: u.queue_pkts,
        });
        if let Some(t) = next {
            self.events.push(t, to_secs(t), Ev::SchemeUpdate(s));
        }
    }

    fn sync_timers(&mut self, fid: FlowId) {
        let f = &mut self.flows[fid as usize];
        if let Some(d) = f.sender.take_delsnd_request() {
            // timed on the double clock from this event, as ns-2 times its timers
            let sh = self.shadow + d;
            self.events.push(from_secs(sh), sh, Ev::DelSnd(fid));
        }
        if let Some(t) = f.sender.pace_request.take() {
            self.events.push(t, to_secs(t), Ev::Pace(fid));
        }
        // timers the agents set during this event run on ns-2's double clock from it
        let (now, shadow) = (self.now, self.shadow);
        let order = &mut self.events.order;
        let mut double = |secs: f64| {
            let sh = shadow + secs;
            DoubleTimer { at: from_secs(sh).max(now), shadow: sh, set_at: order.call() }
        };
        let rtx_origin = self.rtx_origin.take();
        if let Some(rto) = f.sender.rtx_timer_s.take() {
            if f.sender.rtx_deadline.is_some() {
                let t = match rtx_origin {
                    // its place among the event's sends (send_and_rearm)
                    Some(o) => {
                        let sh = shadow + rto;
                        DoubleTimer { at: from_secs(sh).max(now), shadow: sh, set_at: o }
                    }
                    None => double(rto),
                };
                f.sender.rtx_deadline = Some(t.at);
                f.rtx_timer = Some(t);
            }
        }
        if let Some(secs) = f.sink.delack_timer_s.take() {
            if f.sink.delack_deadline.is_some() {
                let t = double(secs);
                f.sink.delack_deadline = Some(t.at);
                f.delack_timer = Some(t);
            }
        }
        arm(&mut self.events, &mut f.rtx_event_at, f.sender.rtx_deadline, f.rtx_timer, Ev::Rtx(fid));
        arm(&mut self.events, &mut f.delack_event_at, f.sink.delack_deadline, f.delack_timer, Ev::DelAck(fid));
    }

    /// The head packet of `link` reaches the far end. The caller already took the
    /// packet off the link and rescheduled the link's next head.
    fn on_link_head(&mut self, link: LinkId, mut pkt: Packet, ok: bool) {
        self.transmissions += 1;
        if !ok {
            self.count_drop(&pkt, link, DropCause::Error);
            return;
        }
        let fid = pkt.flow;
        if pkt.ttl <= 1 {
            // its TTL runs out at this link's end (ns-2's TTLChecker, the last element of
            // every link: at its destination too), counted among the link's drops
            self.count_drop(&pkt, link, DropCause::Ttl);
            return;
        }
        if self.hop_by_hop {
            self.forward_hop_by_hop(link, pkt);
            return;
        }
        if !pkt.is_data() && !self.flow_schemes[fid as usize].is_empty() && !(self.real.is_some() && self.passes_through(&pkt)) {
            // an ACK passes a node whose scheme guards its flow: lower its window
            let node = self.links[link as usize].to;
            for k in 0..self.flow_schemes[fid as usize].len() {
                let (n, s) = self.flow_schemes[fid as usize][k];
                if n == node {
                    self.schemes[s as usize].on_ack(&mut pkt, self.now);
                }
            }
        }
        if self.captured[link as usize] {
            self.capture(link, &pkt);
        }
        let (off, len) = self.route_of[fid as usize][!pkt.is_data() as usize];
        let hop = pkt.hop + 1;
        if hop < len {
            // a router forwards it (one hop further, one TTL less: the link applies it
            // to its copy, see Link::offer_passed)
            let next = self.routes[(off + hop as u32) as usize];
            if pkt.is_data() && self.scheme_of_link[next as usize] != NONE {
                self.scheme_sees_data(next, &pkt);
            }
            self.enqueue(&pkt, Pass::NextHop, next);
            return;
        }
        if self.real.is_some() && self.is_real(fid) {
            self.delivered_real(&pkt);
            return;
        }
        self.deliver(fid, &pkt);
    }

    /// The link a packet at `node` takes toward `dst` by the routes as they are now (a
    /// moving constellation's, made ready for use, or session routing's).
    fn next_hop(&mut self, node: NodeId, dst: NodeId) -> Option<LinkId> {
        match self.mobility.as_mut() {
            Some(m) => {
                let l = m.next_link(node, dst)?;
                m.refresh(l, &mut self.links);
                Some(l)
            }
            None => self.node_routes(node, dst),
        }
    }

    /// A node's route toward `dst` under session or distance-vector routing.
    #[inline]
    fn node_routes(&self, node: NodeId, dst: NodeId) -> Option<LinkId> {
        match &self.dv {
            Some(dv) => dv.next_link(node, dst),
            None => self.session.as_ref().expect("routes by node").next_link(node, dst),
        }
    }

    /// The link the routes as they are now take from `node` toward `dst`, unchanged.
    fn route_now(&self, node: NodeId, dst: NodeId) -> Option<LinkId> {
        match &self.mobility {
            Some(m) => m.next_link(node, dst),
            None => self.node_routes(node, dst),
        }
    }

    /// A packet reaches the far end of `link` where each node routes by its own table
    /// (a moving constellation, or session routing): delivered at its destination, else
    /// forwarded by the routes as they are now.
    fn forward_hop_by_hop(&mut self, link: LinkId, mut pkt: Packet) {
        let fid = pkt.flow;
        if fid == ROUTING_FLOW {
            self.dv_receive(link, &pkt);
            return;
        }
        let node = self.links[link as usize].to;
        let (dst, src) = {
            let f = &self.flows[fid as usize];
            if pkt.is_data() { (f.dst, f.src) } else { (f.src, f.dst) }
        };
        if !pkt.is_data() && !self.schemes.is_empty() && !pkt.is_datagram()
            && !(self.real.is_some() && self.passes_through(&pkt)) {
            // an ACK at a node whose scheme guards the link the flow's data takes from
            // here now (its sender's node included): that scheme may lower its window
            if let Some(l) = self.route_now(node, src) {
                let s = self.scheme_of_link[l as usize];
                if s != NONE {
                    self.schemes[s as usize].on_ack(&mut pkt, self.now);
                }
            }
        }
        // (a constellation's links are made as it moves: none of them is captured)
        if (self.session.is_some() || self.dv.is_some()) && self.captured[link as usize] {
            self.capture(link, &pkt);
        }
        if node != dst {
            let Some(next) = self.next_hop(node, dst) else {
                self.drop_no_route(&pkt, Some(link));
                return;
            };
            if pkt.is_data() && self.scheme_of_link[next as usize] != NONE {
                self.scheme_sees_data(next, &pkt);
            }
            self.enqueue(&pkt, Pass::TtlOnly, next);
            return;
        }
        if self.real.is_some() && self.is_real(fid) {
            self.delivered_real(&pkt);
            return;
        }
        self.deliver(fid, &pkt);
    }

    /// A packet reaches its destination's agent: the sink takes a data segment (the
    /// null agent, if the sink is off its host), the receiving host counts a datagram, a
    /// ping's agent answers a request or takes the reply, the sender takes an ACK (and
    /// the null agent, if the sender is off its host).
    #[inline(always)]
    fn deliver(&mut self, fid: FlowId, pkt: &Packet) {
        let mut out = std::mem::take(&mut self.outbox);
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        match pkt.kind {
            PacketKind::Data => {
                f.data_delivered += 1;
                if f.dst_detached {
                    // its receiving agent is off the host: the null agent takes it
                } else if !pkt.is_datagram() {
                    f.sink_data(pkt, now, &mut out);
                } else {
                    f.udp_delivered_pkts += 1;
                    f.udp_delivered_bytes += pkt.size_bytes as u64;
                    if f.ping.is_some() {
                        self.outbox = out;
                        self.ping_delivered(pkt);
                        return;
                    }
                }
            }
            PacketKind::Ack if pkt.is_datagram() => {
                // a ping's reply
                f.ack_delivered += 1;
                self.outbox = out;
                self.ping_delivered(pkt);
                return;
            }
            PacketKind::Ack if f.src_detached => {
                f.ack_delivered += 1;
                f.sink.forget_ack(pkt.sack_id());
            }
            PacketKind::Ack => {
                f.ack_delivered += 1;
                f.sender.clock_s = self.shadow;
                f.sender_ack(pkt, now, &mut out);
                if let Some(last) = f.file_last_seq {
                    f.note_completion(last, now);
                }
            }
        }
        self.send_and_rearm(fid, out);
    }

    /// A real packet at its destination's node: counted and written to its host.
    fn delivered_real(&mut self, pkt: &Packet) {
        let f = &mut self.flows[pkt.flow as usize];
        match pkt.kind {
            PacketKind::Data => f.data_delivered += 1,
            PacketKind::Ack => f.ack_delivered += 1,
        }
        self.deliver_real(pkt);
    }

    /// A packet with no route where it is (`arrived_on`: the link it came in by; None at
    /// its sender's station, traced with no link).
    fn drop_no_route(&mut self, pkt: &Packet, arrived_on: Option<LinkId>) {
        if let Some(m) = self.mobility.as_mut() {
            m.drops_no_route += 1;
        }
        self.count_drop(pkt, arrived_on.unwrap_or(NONE), DropCause::NoRoute);
    }

    /// A routing instant of the constellation.
    fn on_route(&mut self, t: Time) {
        let m = self.mobility.as_mut().expect("Route events come with a constellation");
        if let Err(e) = m.route(t) {
            // the build's pass already propagated every routing instant; unreachable
            panic!("constellation routing at {} s: {e}", to_secs(t));
        }
        let next = t + m.interval;
        if next <= self.end {
            self.events.push(next, to_secs(next), Ev::Route);
        }
        self.record_paths(t);
    }

    /// Each flow's path from this routing instant on (the paths table).
    pub(super) fn record_paths(&mut self, t: Time) {
        if !self.flow_traces {
            return;
        }
        let m = self.mobility.as_ref().expect("a constellation");
        let time_s = to_secs(t);
        for (i, f) in self.flows.iter().enumerate() {
            let (fwd, rev) = (m.path(f.src, f.dst), m.path(f.dst, f.src));
            let (rtt_ms, hops, fp) = match (fwd, rev) {
                (Some(a), Some(b)) => ((a.0 + b.0) / crate::orbit::SPEED_OF_LIGHT_M_S * 1e3, a.1, a.2),
                (Some(a), None) => (f64::NAN, a.1, a.2),
                _ => (f64::NAN, 0, 0),
            };
            let changed = t > 0 && self.last_path[i] != fp;
            self.last_path[i] = fp;
            self.series.paths.push(crate::metrics::series::PathRow { time_s, flow: i as u32, rtt_ms, hops, changed });
        }
    }

    fn on_rtx(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        if timer_due(now, &mut f.rtx_event_at, f.sender.rtx_deadline, f.rtx_timer, &mut self.events, Ev::Rtx(fid)) {
            let mut out = std::mem::take(&mut self.outbox);
            f.sender.clock_s = self.shadow;
            f.sender.on_timeout(now, &mut out);
            self.send_and_rearm(fid, out);
        }
    }

    fn on_delsnd(&mut self, fid: FlowId) {
        let now = self.now;
        let mut out = std::mem::take(&mut self.outbox);
        self.flows[fid as usize].sender.clock_s = self.shadow;
        self.flows[fid as usize].sender.on_delayed_send(now, &mut out);
        self.send_and_rearm(fid, out);
    }

    fn on_pace(&mut self, fid: FlowId) {
        let now = self.now;
        let mut out = std::mem::take(&mut self.outbox);
        self.flows[fid as usize].sender.on_pace(now, &mut out);
        self.send_and_rearm(fid, out);
    }

    fn on_delack(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        if timer_due(now, &mut f.delack_event_at, f.sink.delack_deadline, f.delack_timer, &mut self.events, Ev::DelAck(fid)) {
            let mut out = std::mem::take(&mut self.outbox);
            f.sink.on_delack_timer(&mut out);
            self.send_and_rearm(fid, out);
        }
    }

    fn on_flow_start(&mut self, fid: FlowId) {
        if self.is_real(fid) {
            return; // a real host's program sends it
        }
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        f.active = true;
        f.sender.draw_tick_phase_at_start(self.shadow);
        if let Some(src) = f.source.as_mut() {
            match src.begin(self.shadow) {
                // an ON/OFF source hands its first packet after an OFF period; the
                // agent, given nothing yet, sends nothing (its SYN goes with the first)
                Begin::At(first_s) => self.file_source_tick(fid, first_s),
                // CBR's first packet goes in the start's own event
                Begin::Now => self.source_packet(fid),
            }
        } else {
            let mut out = std::mem::take(&mut self.outbox);
            f.sender.clock_s = self.shadow;
            match f.file {
                // a transfer: its packets at once (ns-2's `$ftp send size_bytes`)
                Some((_, pkts)) => {
                    f.sender.app_send(pkts, now, &mut out);
                    f.file_last_seq = Some(f.sender.curseq() - 1);
                }
                None => f.sender.app_send(GREEDY, now, &mut out),
            }
            self.flush_outbox(out);
        }
        self.sync_timers(fid);
    }

    /// A transfer's further message (traffic.more): ns-2's `$ftp send` during the run,
    /// the agent's sendmsg (curseq_ grows by its packets, then send_much). The transfer
    /// completes again only once the last packet of all is acknowledged.
    #[cold]
    fn on_app_send(&mut self, k: u32) {
        let (fid, pkts) = self.app_sends[k as usize];
        if self.is_real(fid) {
            return;
        }
        let now = self.now;
        let mut out = std::mem::take(&mut self.outbox);
        let f = &mut self.flows[fid as usize];
        f.sender.clock_s = self.shadow;
        f.sender.app_send(pkts, now, &mut out);
        let last = f.sender.curseq() - 1;
        if f.file_last_seq.is_some_and(|l| last > l) {
            f.completed = None;
        }
        f.file_last_seq = Some(last);
        self.flush_outbox(out);
        self.sync_timers(fid);
    }

    fn on_flow_stop(&mut self, fid: FlowId) {
        self.flows[fid as usize].active = false;
        if self.is_real(fid) {
            return; // a real host's program decides
        }
        if self.flows[fid as usize].source.is_some() {
            // an ON/OFF source stops producing (ns-2's Application/Traffic stop cancels
            // its timer); what it handed the sender is still sent
            return;
        }
        let now = self.now;
        let mut out = std::mem::take(&mut self.outbox);
        self.flows[fid as usize].sender.clock_s = self.shadow;
        self.flows[fid as usize].sender.app_stop(now, &mut out);
        self.send_and_rearm(fid, out);
    }

    /// A link goes down (losing what it holds) or comes back up.
    #[cold]
    #[inline(never)]
    fn on_link_state(&mut self, k: u32) {
        let (l, up, last_of_instant) = self.link_states[k as usize];
        if up {
            self.links[l as usize].go_up();
        } else {
            let at = self.at();
            let lost = self.links[l as usize].go_down(at, &self.events.order);
            for p in &lost {
                self.count_drop(p, l, DropCause::LinkDown);
            }
            // a queue's own timer starts again with its reset (ns-2's PI reschedules it)
            if self.links[l as usize].queue.sampling_interval_s().is_some() {
                let origin = self.events.order.call();
                if let Some((t, sh, o)) = self.links[l as usize].start_queue_timer(at.shadow, origin) {
                    self.events.push_at(t, sh, o, Ev::QueueTimer(l));
                }
            }
        }
        if self.dv.is_some() {
            // each link is a model of its own (its two directions, first end first)
            let (from, to) = (self.links[l as usize].from, self.links[l as usize].to);
            if !self.dv_changed_links.iter().any(|&(a, b)| (a, b) == (from, to) || (a, b) == (to, from)) {
                self.dv_changed_links.push((from, to));
            }
        }
        if last_of_instant {
            if let Some(r) = self.session.as_mut() {
                let links = &self.links;
                r.recompute(&|l| !links[l as usize].is_down());
            }
            // under DV, each node whose links changed looks at them again (ns-2's rtModel
            // notify, after every edge of the instant), and tells its peers what changed:
            // link by link (each a model, in the order they were filed), the two ends in
            // the order Tcl lists the model's array of their ids (a link's first end set
            // first); a node told already has nothing new to say
            let mut nodes: Vec<NodeId> = Vec::new();
            for (a, b) in std::mem::take(&mut self.dv_changed_links) {
                for n in crate::net::dv::tcl_array_order(&[a, b]) {
                    if !nodes.contains(&n) {
                        nodes.push(n);
                    }
                }
            }
            for n in nodes {
                let links = &self.links;
                let sends = self.dv.as_mut().expect("dv").interfaces_changed(n, &|l| !links[l as usize].is_down());
                self.dv_send(&sends);
            }
        }
    }

    /// A routing agent's message lost on `link`: its table is forgotten (the link counted
    /// the drop).
    #[cold]
    #[inline(never)]
    fn routing_message_lost(&mut self, pkt: &Packet, link: LinkId, cause: DropCause) {
        let dv = self.dv.as_mut().expect("routing packets come with routing: dv");
        dv.lost(pkt.seq as u64);
        dv.lost_pkts += 1;
        if cause == DropCause::Ttl {
            self.links[link as usize].stats.drops_ttl += 1;
        }
    }

    /// A node's periodic distance-vector update.
    #[cold]
    #[inline(never)]
    fn on_dv_update(&mut self, u: NodeId) {
        let links = &self.links;
        let (sends, next) = self.dv.as_mut().expect("dv").periodic(u, self.shadow, &|l| !links[l as usize].is_down());
        self.dv_send(&sends);
        if from_secs(next) <= self.end {
            self.events.push(from_secs(next), next, Ev::DvUpdate(u));
        }
    }

    /// Routing agents' messages go out, each onto its link (the route to a neighbour is
    /// the link to it), at the instant they are sent.
    #[cold]
    #[inline(never)]
    fn dv_send(&mut self, sends: &[crate::net::dv::Send]) {
        let size = self.dv.as_ref().expect("dv").message_bytes();
        for s in sends {
            let pkt = Packet::datagram(ROUTING_FLOW, s.id as i64, size, PacketKind::Data, UDP_TTL);
            self.enqueue(&pkt, Pass::AsIs, s.link);
        }
    }

    /// A routing agent's message reaches the neighbour at the far end of `link`.
    #[cold]
    #[inline(never)]
    fn dv_receive(&mut self, link: LinkId, pkt: &Packet) {
        let (from, to) = (self.links[link as usize].from, self.links[link as usize].to);
        let links = &self.links;
        let sends = self.dv.as_mut().expect("dv").receive(to, from, pkt.seq as u64, &|l| !links[l as usize].is_down());
        self.dv_send(&sends);
    }

    /// A ping flow's sender sends its next echo request (ns-2's PingAgent `send`: a
    /// packet of its packetSize_ carrying its number, onto the network at once).
    #[cold]
    #[inline(never)]
    fn on_ping(&mut self, fid: FlowId) {
        let f = &mut self.flows[fid as usize];
        let seq = f.ping.as_mut().expect("a ping flow").send();
        let p = Packet::datagram(fid, seq, f.payload_bytes as u16, PacketKind::Data, UDP_TTL);
        self.send_one(p);
    }

    /// A ping flow's packet reaches the agent at its end: a request (data) is answered at
    /// once, in this event, by a reply of the far agent's size along the ACK path (ns-2's
    /// PingAgent::recv frees the request and sends the echo); a reply (an ACK) gives the
    /// round trip (the pings table).
    #[cold]
    #[inline(never)]
    fn ping_delivered(&mut self, pkt: &Packet) {
        let now_s = self.shadow;
        let f = &mut self.flows[pkt.flow as usize];
        let p = f.ping.as_mut().expect("a ping flow");
        if pkt.is_data() {
            p.request_arrived(pkt.seq, now_s);
            let reply = Packet::datagram(pkt.flow, pkt.seq, p.reply_bytes, PacketKind::Ack, UDP_TTL);
            self.send_one(reply);
        } else {
            let a = p.reply_arrived(pkt.seq, now_s);
            self.series.pings.push(PingRow {
                time_s: to_secs(self.now),
                flow: pkt.flow,
                seqno: a.seq,
                rtt_ms: a.rtt_s * 1e3,
                forward_ms: a.forward_s * 1e3,
                back_ms: a.back_s * 1e3,
            });
        }
    }

    fn on_source_tick(&mut self, fid: FlowId) {
        let f = &self.flows[fid as usize];
        if f.active && f.tick_at == self.now {
            self.source_packet(fid);
        }
    }

    /// A source's packet goes (handed to its TCP sender, or a UDP flow's datagram onto
    /// the network), then the source says when the next goes: ns-2's
    /// TrafficGenerator::timeout sends first and draws after, so a draw the packet's
    /// first queue takes (RED's, from ns-2's shared generator) comes before the source's.
    fn source_packet(&mut self, fid: FlowId) {
        let now = self.now;
        let f = &mut self.flows[fid as usize];
        // a trace's messages each have a size of their own
        let message = f.source.as_ref().and_then(|s| s.message_bytes());
        if f.udp {
            // ns-2's UdpAgent::sendmsg: a message larger than the agent's packetSize_
            // goes as that many full datagrams and one of the rest, back to back (one of
            // 0 bytes: none)
            let size = message.unwrap_or(f.payload_bytes);
            let one = if f.udp_max_datagram > 0 { f.udp_max_datagram.min(size) } else { size };
            let (full, rest) = if one == 0 { (0, 0) } else { (size / one, size % one) };
            for k in 0..full + (rest > 0) as u32 {
                let f = &self.flows[fid as usize];
                let size = if k < full { one } else { rest } as u16;
                let p = Packet::datagram(fid, f.data_injected as i64, size, PacketKind::Data, UDP_TTL);
                self.send_one(p);
            }
        } else {
            let mut out = std::mem::take(&mut self.outbox);
            f.sender.clock_s = self.shadow;
            // (ns-2's TCP sendmsg: ceil(bytes / packetSize_) segments, then send_much)
            let pkts = match message {
                Some(bytes) => bytes.div_ceil(f.sender.config().packet_size_bytes) as i64,
                None => f.source_pkts as i64,
            };
            f.sender.app_send(pkts, now, &mut out);
            self.send_and_rearm(fid, out);
        }
        let shadow = self.shadow;
        if let Some(next_s) = self.flows[fid as usize].source.as_mut().and_then(|s| s.next(shadow)) {
            self.file_source_tick(fid, next_s);
        }
    }

    /// File a source's next tick at `at_s` on the double clock, if within the run.
    fn file_source_tick(&mut self, fid: FlowId, at_s: f64) {
        let next = from_secs(at_s);
        // (beyond the run's end too: a tick a stop left pending is then no longer due)
        self.flows[fid as usize].tick_at = next;
        if next <= self.end {
            self.events.push(next, at_s, Ev::SourceTick(fid));
        }
    }

    fn on_sample(&mut self) {
        let now = self.now;
        let t = to_secs(now);
        let dt = to_secs(self.sample_interval);
        let at = self.at();
        for &lid in &self.monitored {
            let l = &mut self.links[lid as usize];
            l.advance(at, &self.events.order);
            let (sent, cap) = (l.sent_bits(self.shadow), l.capacity_bits(now));
            let (last_sent, last_cap) = self.last_sample[lid as usize];
            let util = if cap > last_cap { (sent - last_sent) / (cap - last_cap) } else { 0.0 };
            // a busy interval comes out at 1 within the doubles' rounding (1 + 2e-14)
            debug_assert!(util <= 1.0 + 1e-9, "utilization {util} of link {lid}");
            let util = util.min(1.0);
            self.last_sample[lid as usize] = (sent, cap);
            self.series.queue.push(QueueRow { time_s: t, link: lid, queue_pkts: l.queue_pkts(), utilization: util });
        }
        if self.flow_traces {
            let real = self.real.as_ref().map(|r| &r.real_flow);
            for (i, f) in self.flows.iter_mut().enumerate() {
                if f.start > now || real.is_some_and(|r| r[i]) {
                    continue; // not started, or a real host's (tcp_info.parquet has it)
                }
                // a UDP flow: datagrams delivered so far, and no TCP state
                let seq = if f.udp { f.data_delivered as i64 } else { f.sink.in_order_data_pkts() };
                let gp = if f.udp {
                    let b = f.udp_delivered_bytes - std::mem::replace(&mut f.udp_last_sample_bytes, f.udp_delivered_bytes);
                    b as f64 * 8.0 / dt / 1e6
                } else {
                    (seq - f.last_sample_seq) as f64 * f.payload_bytes as f64 * 8.0 / dt / 1e6
                };
                f.last_sample_seq = seq;
                if f.udp {
                    self.series.flows.push(FlowRow {
                        time_s: t,
                        flow: i as u32,
                        cwnd_pkts: 0.0,
                        ssthresh_pkts: 0.0,
                        rwnd_pkts: 0.0,
                        seqno: seq,
                        goodput_mbps: gp,
                        srtt_ms: 0.0,
                        pacing_mbps: 0.0,
                        cc_min_rtt_ms: 0.0,
                        ca_state: 0,
                    });
                    continue;
                }
                self.series.flows.push(FlowRow {
                    time_s: t,
                    flow: i as u32,
                    cwnd_pkts: f.sender.w.cwnd,
                    ssthresh_pkts: f.sender.w.ssthresh,
                    rwnd_pkts: f.sender.rwnd_pkts(),
                    seqno: seq,
                    goodput_mbps: gp,
                    srtt_ms: f.sender.srtt_s() * 1e3,
                    pacing_mbps: f.sender.pacing_mbps(),
                    cc_min_rtt_ms: f.sender.cc_min_rtt_ms(),
                    ca_state: f.sender.ca_state(),
                });
            }
        }
        let next = now + self.sample_interval;
        if next <= self.end {
            self.events.push(next, to_secs(next), Ev::Sample);
        }
        self.maybe_flush();
    }

    /// Every PROGRESS_EVERY events: tell the progress hook, hand the series over if
    /// they are due; true if a hook asked to stop.
    #[cold]
    #[inline(never)]
    fn now_and_then(&mut self, t: Time) -> bool {
        if let Some(p) = self.progress.as_mut() {
            if !p(to_secs(t)) {
                return true;
            }
        }
        self.maybe_flush();
        self.stopped
    }

    /// Run to the end of the scenario in real time: each event when the wall clock
    /// reaches it; the summary tells how late events ran (`realtime`) and whether the
    /// p99 stayed within `lateness_bound_ms`. Simulated time 0 is the wall-clock instant
    /// `t0` (waited for if ahead; None: now), where real hosts start their connections.
    pub fn run_realtime(mut self, lateness_bound_ms: f64, t0: Option<std::time::SystemTime>) -> RunOutput {
        if let Some(m) = self.mobility.as_mut() {
            // the constellation's routing instants from a thread ahead of their events
            // (the first, at 0, came with the build)
            m.plan_ahead(m.interval, self.end);
        }
        // no work in one event that the run can do before its clock starts or go
        // without: the tie order's ring grown now rather than by doublings, the
        // calendar's shape kept, and the tables' doublings moved rather than copied
        // (each a stall of the loop's own: Order::grow_to_full, EventQueue::keep_shape,
        // realtime::fix_mmap_threshold)
        self.events.order.grow_to_full();
        self.events.keep_shape();
        super::realtime::fix_mmap_threshold();
        self.pace = Some(Box::new(super::realtime::Pace::new(lateness_bound_ms, t0)));
        self.run()
    }

    /// Run to the end of the scenario.
    pub fn run(mut self) -> RunOutput {
        let mut handled: u64 = 0;
        let mut fds = self.real_fds();
        while let Some((t, shadow, ev)) = self.events.peek() {
            if t > self.end {
                break;
            }
            if let Some(p) = self.pace.as_mut() {
                if !p.wait_until(t, &mut fds) {
                    let wall = p.wall();
                    if wall < t {
                        // a real host sent: its packets enter now (never before the
                        // last event)
                        let at = wall.max(self.now);
                        self.now = at;
                        self.shadow = crate::engine::to_secs(at);
                        self.read_real();
                        continue;
                    }
                    // the wake-up came after the next event was due: that event runs
                    // first and the packets enter after it, at their own time, not
                    // stamped back to the event's (which made a ping's RTT shorter
                    // than its path when the emulation ran late)
                }
                p.ran(t);
                if p.hook_due() && self.now_and_then(t) {
                    break; // the caller's hook asked to stop (a signal, Ctrl-C)
                }
            }
            if shadow >= self.end_s && !matches!(ev, Ev::Sample | Ev::Route) {
                // ns-2 ends the run with an event it scheduled before any other at that
                // instant (`$ns at END "finish"`): what falls due at the end itself does
                // not happen there (a packet arriving then is not counted). satcc's own
                // last sample and routing instant are taken.
                self.events.pop();
                self.kinds[ev.kind()] += 1;
                continue;
            }
            handled += 1;
            if handled & (PROGRESS_EVERY - 1) == 0 && self.now_and_then(t) {
                break;
            }
            self.kinds[ev.kind()] += 1;
            self.now = t;
            self.shadow = shadow;
            if let Ev::LinkHead(l) = ev {
                // take the packet off the link and put the link's next head arrival
                // in this event's place: one heap operation per link traversal
                let link = &mut self.links[l as usize];
                if link.checks_heads() && !link.head_due(t, shadow) {
                    // its packet was lost when the link went down, or one that overtook
                    // it has taken its place (an event of its own)
                    self.events.pop();
                    continue;
                }
                // (the earliest of the lanes' heads where packets overtake: Link::lanes_open)
                let (pkt, ok) = link.pop_head();
                match link.head_arrival() {
                    Some((nt, nsh, origin)) => {
                        self.events.replace_top(nt, nsh, origin, Ev::LinkHead(l))
                    }
                    None => {
                        self.events.pop();
                    }
                }
                self.on_link_head(l, pkt, ok);
                continue;
            }
            self.events.pop();
            match ev {
                Ev::LinkHead(_) => unreachable!("handled above"),
                Ev::LinkDeparture(l) => self.on_link_departure(l),
                Ev::QueueTimer(l) => self.on_queue_timer(l),
                Ev::DvUpdate(u) => self.on_dv_update(u),
                Ev::Rtx(f) => self.on_rtx(f),
                Ev::DelAck(f) => self.on_delack(f),
                Ev::DelSnd(f) => self.on_delsnd(f),
                Ev::Pace(f) => self.on_pace(f),
                Ev::FlowStart(f) => self.on_flow_start(f),
                Ev::FlowStop(f) => self.on_flow_stop(f),
                Ev::SourceTick(f) => self.on_source_tick(f),
                Ev::LinkState(k) => self.on_link_state(k),
                Ev::Detach(k) => {
                    let (fid, sender) = self.detaches[k as usize];
                    let f = &mut self.flows[fid as usize];
                    if sender {
                        f.src_detached = true;
                    } else {
                        f.dst_detached = true;
                    }
                }
                Ev::Ping(f) => self.on_ping(f),
                Ev::EntryDelay(i) => self.on_entry_delay(i),
                Ev::AppSend(k) => self.on_app_send(k),
                Ev::TcpChange(k) => {
                    let (fid, change) = self.tcp_changes[k as usize];
                    self.flows[fid as usize].sender.change_limits(change);
                }
                Ev::LimitChange(k) => {
                    let (l, pkts, bytes) = self.limit_changes[k as usize];
                    self.links[l as usize].queue.set_limits(pkts, bytes);
                }
                Ev::Block(k) => self.on_block(k),
                Ev::Spike(l) => self.on_delayer_timer(l, true),
                Ev::Alloc(l) => self.on_delayer_timer(l, false),
                Ev::RateChange(k) => {
                    let (l, r) = self.rate_changes[k as usize];
                    let at = self.at();
                    self.links[l as usize].set_rate(r, at, &mut self.events.order);
                }
                Ev::DelayChange(k) => {
                    // a step: constant from now on; packets on the wire keep theirs, and
                    // those waiting take it when they start (ns-2's avoidReordering_ keeps
                    // a shorter delay from reordering them; a jittery link, the ramp's rule)
                    let (l, d) = self.delay_changes[k as usize];
                    let at = self.at();
                    let link = &mut self.links[l as usize];
                    if link.has_delay_steps() {
                        link.set_delay_step(d, at, &mut self.events.order);
                    } else if link.overtakes() {
                        if link.set_delay_overtaking(d, at, &mut self.events.order) {
                            let (t, sh, origin) = link.head_arrival().expect("a head");
                            self.events.push_at(t, sh, origin, Ev::LinkHead(l));
                        }
                    } else {
                        link.set_delay_ramp(to_secs(t), d, 0.0);
                    }
                }
                Ev::Sample => {
                    self.on_sample();
                    if self.stopped {
                        break;
                    }
                }
                Ev::SchemeUpdate(s) => self.on_scheme_update(s),
                Ev::Route => self.on_route(t),
            }
        }
        self.now = self.end;
        self.finish()
    }
}

/// File a flow timer's event at deadline `d`: on ns-2's double clock when `timer` is the
/// deadline as ns-2 timed it, else at the deadline as a double.
#[inline]
fn file_timer(events: &mut EventQueue<Ev>, d: Time, timer: Option<DoubleTimer>, ev: Ev) -> Armed {
    let (shadow, origin) = match timer {
        Some(t) if t.at == d => (t.shadow, t.set_at),
        _ => (to_secs(d), events.order.call()),
    };
    events.push_at(d, shadow, origin, ev);
    Armed { at: d, shadow, origin }
}

/// After an event: a flow timer's deadline earlier than the event it waits with (or
/// without one) gets an event of its own, and so does a timer set again to the
/// instant of that event (ns-2's resched: the new setting's double time and place in
/// the order of events due then; the event it waited with is left to lapse).
#[inline]
fn arm(events: &mut EventQueue<Ev>, armed: &mut Option<Armed>, deadline: Option<Time>, timer: Option<DoubleTimer>, ev: Ev) {
    let Some(d) = deadline else { return };
    let file = match armed {
        Some(a) if a.at < d => false, // most often: the event it waits with re-arms it
        Some(a) if a.at == d => {
            timer.is_some_and(|t| t.at == d && (t.shadow.to_bits(), t.set_at) != (a.shadow.to_bits(), a.origin))
        }
        _ => true,
    };
    if file {
        *armed = Some(file_timer(events, d, timer, ev));
    }
}

/// A flow timer's event fired at `now`: true if its deadline is due (the caller fires
/// it). An event the timer no longer waits for (`armed` moved, or filed again for the
/// same instant) is dropped; a deadline pushed later re-arms the event there; a
/// cancelled one disarms it.
#[inline]
fn timer_due(
    now: Time,
    armed: &mut Option<Armed>,
    deadline: Option<Time>,
    timer: Option<DoubleTimer>,
    events: &mut EventQueue<Ev>,
    ev: Ev,
) -> bool {
    match *armed {
        Some(a) if a.at == now && a.origin == events.order.current_origin() => {}
        _ => return false, // superseded
    }
    *armed = None;
    match deadline {
        None => false,
        Some(d) if d > now => {
            *armed = Some(file_timer(events, d, timer, ev));
            false
        }
        Some(_) => true,
    }
}

impl super::Flow {
    /// A data packet reaches the flow's sink. A sink keeping a Linux receiver's window
    /// gets the connection's RTT first (tcp/rcvbuf.rs: the sender's SRTT stands for the
    /// receiver's timestamp-based estimate).
    #[inline]
    fn sink_data(&mut self, pkt: &Packet, now: crate::engine::Time, out: &mut Vec<Packet>) {
        if self.timestamps {
            self.ts_arrival(pkt);
        }
        if self.sink.autotunes() {
            self.sink.rtt_hint_s = self.sender.srtt_s();
            if let Some(e) = self.sender.echo_of_copy(pkt.seq, pkt.copy()) {
                self.sink.on_echo(e, now);
            }
        }
        self.sink.on_data(pkt, now, out);
    }

    /// A transfer completes at the first ACK that covers its last packet.
    #[cold]
    fn note_completion(&mut self, last: i64, now: crate::engine::Time) {
        if self.completed.is_none() && self.sender.highest_ack() >= last {
            self.completed = Some(now);
        }
    }

    /// An ACK reaches the flow's sender, with what its receiver recorded beside it
    /// (SACK flows: its blocks and the copy its timestamp echoes; a Linux receiver's
    /// window: when it left, the timestamp the sender's next segments echo; ns-2's
    /// timestamps: the time it echoes).
    #[inline]
    fn sender_ack(&mut self, pkt: &Packet, now: crate::engine::Time, out: &mut Vec<Packet>) {
        let blocks = if self.sack {
            let blocks = self.sink.sack_blocks(pkt.sack_id());
            self.sender.read_echo(self.sink.read_echo());
            blocks
        } else {
            None
        };
        if self.sink.autotunes() {
            self.sender.read_timestamp(self.sink.read_ack_time());
        }
        if self.timestamps {
            self.ts_ack(pkt);
        }
        self.sender.on_ack_with(pkt, blocks, now, out);
    }

    /// ns-2's timestamps: a data segment's send time to its sink (tcp/timestamp.rs).
    #[cold]
    #[inline(never)]
    fn ts_arrival(&mut self, pkt: &Packet) {
        if let Some(ts) = self.sender.send_time_of(pkt) {
            self.sink.on_send_time(pkt.seq, ts);
        }
    }

    /// ns-2's timestamps: the time an ACK echoes, from its sink's record, to its sender.
    #[cold]
    #[inline(never)]
    fn ts_ack(&mut self, pkt: &Packet) {
        self.sender.read_ts_echo(self.sink.ts_echo_of(pkt.sack_id()));
    }
}

/// The TCP flags a simulated packet would carry on the wire (the packets table's
/// `tcp_flags`): SYN alone on a flow's SYN (segment 0 with `tcp.syn`), SYN and ACK on
/// an ACK of segment 0 there (the receiver's answer to the SYN), ACK on every other
/// packet, and PSH on a data segment its sender marked as a burst's end.
/// An ECN flow's TCP flags (RFC 3168): the first segment asks for ECN (ECE and CWR, an
/// ECN-setup SYN), its ACK answers with ECE, later ACKs echo marks with ECE, and a
/// segment after a window cut carries CWR.
fn ecn_flags(ack: bool, pkt: &Packet) -> u8 {
    use crate::emulate::wire::{CWR, ECE};
    use crate::net::packet as p;
    match (ack, pkt.seq) {
        (false, 0) => ECE | CWR,
        (false, _) if pkt.aux & p::CWR != 0 => CWR,
        (true, _) if pkt.ece() => ECE,
        _ => 0,
    }
}

fn capture_flags(ack: bool, pkt: &Packet, syn: bool) -> u8 {
    use crate::emulate::wire::{ACK, PSH, SYN};
    match (ack, syn && pkt.seq == 0) {
        (false, true) => SYN,
        (true, true) => SYN | ACK,
        (true, false) => ACK,
        (false, false) if pkt.pushed() => ACK | PSH,
        (false, false) => ACK,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Simulation;
    use serde_json::json;

    /// ns-2's run ends with its `finish` event, scheduled before anything else due at
    /// that instant: a packet arriving exactly at the end is not delivered.
    #[test]
    fn what_falls_due_exactly_at_the_end_does_not_happen_as_in_ns2() {
        // the SYN, 40 bytes at 8 Mb/s (40 us) over 10 ms, arrives at 0.01004 s exactly
        let delivered = |duration_s: f64| {
            let sc = json!({
                "duration_s": duration_s,
                "nodes": [{"name": "a"}, {"name": "b"}],
                "links": [{"a": "a", "b": "b", "rate_bps": 8e6, "delay_ms": 10.0}],
                "flows": [{"src": "a", "dst": "b"}],
            });
            let p = Simulation::from_json(&sc.to_string()).unwrap().run().summary.totals.packets;
            (p.data_delivered, p.data_in_flight)
        };
        assert_eq!(delivered(0.01004), (0, 1), "due at the end: still in flight");
        assert_eq!(delivered(0.010041), (1, 0));
    }

    /// A dumbbell a-r-b with a 2 Mb/s, 10-packet bottleneck r->b (guarded by REFWA if
    /// `refwa`), one TCP flow and a UDP flow of `udp_traffic`.
    fn with_udp(udp_traffic: serde_json::Value, refwa: bool, duration_s: f64) -> crate::sim::RunOutput {
        let sc = json!({
            "duration_s": duration_s,
            "nodes": [{"name": "a"}, {"name": "u"}, {"name": "r"}, {"name": "b"}],
            "links": [{"a": "a", "b": "r", "rate_bps": 1e8, "delay_ms": 1.0},
                      {"a": "u", "b": "r", "rate_bps": 1e8, "delay_ms": 1.0},
                      {"a": "r", "b": "b", "rate_bps": 2e6, "delay_ms": 20.0,
                       "queue": {"type": "droptail", "limit_pkts": 10}}],
            "flows": [{"name": "t", "src": "a", "dst": "b"},
                      {"name": "u", "src": "u", "dst": "b", "transport": "udp", "start_s": 1.0,
                       "traffic": udp_traffic}],
            "schemes": if refwa { json!([{"type": "refwa", "links": ["r->b"]}]) } else { json!([]) },
        });
        Simulation::from_json(&sc.to_string()).unwrap().run()
    }

    /// A line a-r-b (10 Mb/s, 5 ms and 1 Mb/s, 20 ms with a queue of `limit` packets)
    /// with a ping flow a->b of `traffic` beside the flows of `others`; `refwa`: REFWA
    /// guards r->b.
    fn with_pings(traffic: serde_json::Value, limit: u32, others: serde_json::Value, refwa: bool) -> crate::sim::RunOutput {
        let mut flows = vec![json!({"name": "p", "src": "a", "dst": "b", "transport": "ping", "traffic": traffic})];
        flows.extend(others.as_array().unwrap().iter().cloned());
        let sc = json!({
            "duration_s": 3.0,
            "nodes": [{"name": "a"}, {"name": "r"}, {"name": "b"}],
            "links": [{"a": "a", "b": "r", "rate_bps": 1e7, "delay_ms": 5.0},
                      {"a": "r", "b": "b", "rate_bps": 1e6, "delay_ms": 20.0,
                       "queue": {"type": "droptail", "limit_pkts": limit}}],
            "flows": flows,
            "schemes": if refwa { json!([{"type": "refwa", "links": ["r->b", "r->a"]}]) } else { json!([]) },
            "monitor": {"drop_trace": true},
        });
        Simulation::from_json(&sc.to_string()).unwrap().run()
    }

    fn ping_rows(out: &crate::sim::RunOutput) -> Vec<(f64, i64, f64, f64, f64)> {
        let cols = out.series.pings.clone().into_columns();
        let f = |k: usize| match &cols[k].values { crate::metrics::series::Values::F64(v) => v.clone(), _ => panic!() };
        let seq = match &cols[2].values { crate::metrics::series::Values::I64(v) => v.clone(), _ => panic!() };
        (0..seq.len()).map(|i| (f(0)[i], seq[i], f(3)[i], f(4)[i], f(5)[i])).collect()
    }

    /// ns-2's Agent/Ping on an idle path: each request crosses, is answered at once by a
    /// reply of the far agent's size, and the round trip is the two ways' propagation and
    /// serialization.
    #[test]
    fn an_echo_request_is_answered_at_once_and_its_round_trip_is_the_paths() {
        let out = with_pings(json!({"type": "pings", "at_s": [0.5, 1.0, 1.0, 2.0], "packet_size_bytes": 100,
                                    "reply_size_bytes": 500}), 10, json!([]), false);
        let f = &out.summary.flows[0];
        assert_eq!((f.transport, f.cc.as_str()), (Some("ping"), "none"));
        let p = f.pings.as_ref().unwrap();
        assert_eq!((p.sent, p.answered, p.requests_dropped, p.replies_dropped), (4, 4, 0, 0));
        assert_eq!((f.data_pkts_sent, f.data_pkts_delivered), (4, 4));
        // there: 100 bytes at 10 and 1 Mb/s, 25 ms; back: 500 bytes, 25 ms
        let forward = 100.0 * 8.0 / 1e7 + 100.0 * 8.0 / 1e6 + 0.025;
        let back = 500.0 * 8.0 / 1e6 + 500.0 * 8.0 / 1e7 + 0.025;
        let rows = ping_rows(&out);
        assert_eq!(rows.iter().map(|r| r.1).collect::<Vec<_>>(), [0, 1, 2, 3]);
        for (k, (t, _, rtt, fw, bk)) in rows.iter().enumerate() {
            assert!((rtt - fw - bk).abs() < 1e-9);
            let sent = [0.5, 1.0, 1.0, 2.0][k];
            assert!((t - sent - rtt / 1e3).abs() < 1e-9, "{k}: {t}");
            if k == 2 {
                // the second of two requests sent together follows the first, one
                // serialization behind it at the slowest link (0.8 ms at 1 Mb/s)
                assert!((fw - (forward + 100.0 * 8.0 / 1e6) * 1e3).abs() < 1e-6, "{fw}");
                continue;
            }
            assert!((fw - forward * 1e3).abs() < 1e-6 && (bk - back * 1e3).abs() < 1e-6, "{k}: {fw} {bk}");
        }
        let (lo, hi) = (p.rtt_min_ms.unwrap(), p.rtt_max_ms.unwrap());
        assert!((lo - (forward + back) * 1e3).abs() < 1e-6 && hi >= lo);
        // every packet of either way crossed each link once
        let link = |n: &str| out.summary.links.iter().find(|l| l.name == n).unwrap().arrivals_pkts;
        assert_eq!((link("a->r"), link("r->b"), link("b->r"), link("r->a")), (4, 4, 4, 4));
    }

    /// Periodic requests beside a TCP flow that fills a small buffer: each request lost
    /// on the way is counted and never answered; those answered show the queue's delay;
    /// REFWA leaves them alone.
    #[test]
    fn pings_beside_a_greedy_flow_see_its_queue_and_lose_what_it_drops() {
        let tcp = json!([{"name": "t", "src": "a", "dst": "b"}]);
        let pings = json!({"type": "pings", "every_s": 0.01});
        let idle = with_pings(pings.clone(), 5, json!([]), false);
        let loaded = with_pings(pings.clone(), 5, tcp.clone(), false);
        let (pi, pl) = (idle.summary.flows[0].pings.clone().unwrap(), loaded.summary.flows[0].pings.clone().unwrap());
        // from 0 to 3 s: 300 requests (0.01 k; the one due at the end itself is not sent,
        // as ns-2's finish at the end comes first)
        assert_eq!(pi.sent, 300);
        assert_eq!(pl.sent, 300);
        // idle: every request answered but the last five, on their way at the end (51 ms)
        assert_eq!((pi.answered, pi.requests_dropped, pi.replies_dropped), (295, 0, 0), "{pi:?}");
        assert!(pl.requests_dropped > 0, "the full buffer drops some requests: {pl:?}");
        let in_flight = pl.sent - pl.answered - pl.requests_dropped - pl.replies_dropped;
        assert!(in_flight <= 7, "the rest are on their way at the end: {pl:?}");
        // a queue of up to 5 segments of 1040 bytes at 1 Mb/s: up to 42 ms more
        assert!(pl.rtt_mean_ms.unwrap() > pi.rtt_mean_ms.unwrap() + 5.0, "queueing delay: {pl:?} {pi:?}");
        assert!(pl.rtt_max_ms.unwrap() > pi.rtt_max_ms.unwrap() + 20.0, "queueing delay: {pl:?} {pi:?}");
        let dropped: Vec<_> = loaded.series.drops.clone().into_columns().into_iter().collect();
        let (flows, seqs) = match (&dropped[2].values, &dropped[3].values) {
            (crate::metrics::series::Values::U32(f), crate::metrics::series::Values::I64(s)) => (f.clone(), s.clone()),
            _ => panic!(),
        };
        let lost: std::collections::BTreeSet<i64> = flows.iter().zip(&seqs).filter(|(f, _)| **f == 0).map(|(_, s)| *s).collect();
        let answered: std::collections::BTreeSet<i64> = ping_rows(&loaded).iter().map(|r| r.1).collect();
        assert!(lost.is_disjoint(&answered), "a dropped request is never answered");
        assert_eq!(answered.len() as u64, pl.answered);
        // REFWA rewrites the TCP flow's ACKs, never a reply: the pings come through it as
        // they are (the TCP flow then runs differently, so only the pings' own rule is checked)
        let guarded = with_pings(pings, 5, tcp, true);
        let pg = guarded.summary.flows[0].pings.clone().unwrap();
        assert_eq!(pg.sent, 300);
        assert!(pg.answered > 250, "{pg:?}");
        assert_eq!(guarded.summary.flows[0].loss_rate,
                   (pg.requests_dropped + pg.replies_dropped) as f64 / pg.sent as f64);
    }

    /// ns-2's TTLChecker ends each link: a packet whose TTL (32) runs out at a link's
    /// end is dropped there, counted among that link's drops, at its destination too.
    #[test]
    fn a_packet_whose_ttl_runs_out_is_dropped_at_the_end_of_the_link_it_ran_out_on() {
        let run = |hops: usize| {
            let nodes: Vec<_> = (0..=hops).map(|i| json!({"name": format!("n{i}")})).collect();
            let links: Vec<_> = (0..hops)
                .map(|i| json!({"a": format!("n{i}"), "b": format!("n{}", i + 1), "rate_bps": 1e7, "delay_ms": 0.1}))
                .collect();
            let sc = json!({"duration_s": 1.0, "nodes": nodes, "links": links,
                "flows": [{"name": "u", "src": "n0", "dst": format!("n{hops}"), "transport": "udp",
                           "traffic": {"type": "cbr", "rate_bps": 8e4, "packet_size_bytes": 100}}]});
            Simulation::from_json(&sc.to_string()).unwrap().run()
        };
        // 31 hops: delivered; 32: every packet dropped at the end of the last link
        let ok = run(31);
        assert!(ok.summary.flows[0].data_pkts_delivered > 90);
        assert!(ok.summary.links.iter().all(|l| l.drops_ttl == 0));
        let out = run(32);
        assert_eq!(out.summary.flows[0].data_pkts_delivered, 0);
        let last = out.summary.links.iter().find(|l| l.name == "n31->n32").unwrap();
        assert!(last.drops_ttl > 90 && last.drops_ttl == last.arrivals_pkts, "{} {}", last.drops_ttl, last.arrivals_pkts);
        assert_eq!(out.summary.links.iter().map(|l| l.drops_ttl).sum::<u64>(), last.drops_ttl);
    }

    /// ns-2's UdpAgent::sendmsg: a source packet larger than the agent's packetSize_
    /// (max_datagram_bytes) goes as full datagrams and one of the rest, back to back;
    /// the bytes are the same, the packets more, and the goodput counts their bytes.
    #[test]
    fn a_udp_source_packet_larger_than_the_largest_datagram_goes_as_several() {
        let run = |max: Option<u32>| {
            let sc = json!({
                "duration_s": 3.0,
                "nodes": [{"name": "u"}, {"name": "b"}],
                "links": [{"a": "u", "b": "b", "rate_bps": 1e7, "delay_ms": 5.0}],
                "flows": [{"name": "u", "src": "u", "dst": "b", "transport": "udp", "max_datagram_bytes": max,
                           "traffic": {"type": "cbr", "rate_bps": 1.2e6, "packet_size_bytes": 1500}}],
                "monitor": {"flow_traces": true},
                "sample_interval_s": 0.5,
            });
            Simulation::from_json(&sc.to_string()).unwrap().run()
        };
        let (one, two, three) = (run(None), run(Some(1000)), run(Some(500)));
        let f = |o: &crate::sim::RunOutput| o.summary.flows[0].clone();
        // 100 messages a second from 0 to the end at 3 s, both included: 301, the last in
        // flight at the end
        assert_eq!(f(&one).data_pkts_sent, 301);
        assert_eq!(f(&two).data_pkts_sent, 602, "1000 + 500");
        assert_eq!(f(&three).data_pkts_sent, 903, "three of 500");
        assert_eq!(f(&two).data_pkts_delivered + 2, f(&two).data_pkts_sent);
        for o in [&two, &three] {
            assert!((f(o).goodput_mbps - f(&one).goodput_mbps).abs() < 1e-12, "the same bytes delivered");
        }
        // the link carried the same bytes, in more packets
        assert_eq!(one.summary.links[0].departed_bytes, three.summary.links[0].departed_bytes);
        assert_eq!(two.summary.links[0].departed_pkts, 2 * one.summary.links[0].departed_pkts);
        // the flow trace's goodput counts the bytes of datagrams of both sizes
        let gp = |o: &crate::sim::RunOutput| o.series.flows.goodput_mbps.clone();
        assert_eq!(gp(&one), gp(&two));
    }

    #[test]
    fn a_udp_flows_datagrams_are_sent_at_its_rate_and_each_is_accounted_for() {
        // 1.5 Mb/s of 500-byte datagrams from 1 s to the end at 6 s, into a 2 Mb/s
        // bottleneck shared with a TCP flow: 375 a second, the first at the start
        let out = with_udp(json!({"type": "cbr", "rate_bps": 1.5e6, "packet_size_bytes": 500}), false, 6.0);
        let u = &out.summary.flows[1];
        assert_eq!((u.transport, u.cc.as_str()), (Some("udp"), "none"));
        assert_eq!(u.data_pkts_sent, 5 * 375 + 1);
        assert!(u.data_pkts_dropped > 0, "the bottleneck overflows");
        let p = &out.summary.totals.packets;
        assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
        assert_eq!((u.data_pkts_acked, u.retransmits, u.rto_count), (0, 0, 0));
        // its share is counted in the totals, not in the TCP flows' fairness
        assert!((out.summary.totals.throughput_mbps - out.summary.flows.iter().map(|f| f.throughput_mbps).sum::<f64>()).abs() < 1e-12);
        assert_eq!(out.summary.totals.jain_fairness, 1.0);
        // no UDP packet comes back: the reverse direction carries the TCP flow's ACKs only
        let back: u64 = out.summary.links.iter().filter(|l| l.name == "r->u").map(|l| l.arrivals_pkts).sum();
        assert_eq!(back, 0);
    }

    /// A TCP flow of two hosts over one 1 Mb/s link, one agent taken off its host at
    /// 2 s (ns-2's `$ns detach-agent`), or none.
    fn detached(src: Option<f64>, dst: Option<f64>) -> crate::sim::RunOutput {
        let sc = json!({
            "duration_s": 12.0,
            "nodes": [{"name": "a"}, {"name": "b"}],
            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 50.0}],
            "flows": [{"name": "t", "src": "a", "dst": "b", "src_detach_s": src, "dst_detach_s": dst,
                       "tcp": {"rwnd_pkts": 8}}],
        });
        Simulation::from_json(&sc.to_string()).unwrap().run()
    }

    #[test]
    fn an_agent_taken_off_its_host_sends_nothing_more_and_what_reaches_it_is_discarded() {
        let (none, src, dst) = (detached(None, None), detached(Some(2.0), None), detached(None, Some(2.0)));
        let arrivals = |o: &crate::sim::RunOutput, l: &str| o.summary.links.iter().find(|k| k.name == l).unwrap().arrivals_pkts;
        let injected = |o: &crate::sim::RunOutput| o.summary.totals.packets.data_injected;
        // 8 packets of 1000 bytes a 108-ms round trip: some 74 a second once going
        assert!(injected(&none) > 800);
        // the sender detached: what it had sent by 2 s still crosses and is acknowledged
        // (the ACKs reach its host and are discarded there); nothing leaves after it,
        // though its own timers still fire (its counters are the agent's own)
        let n = injected(&src);
        assert!((120..=150).contains(&n), "{n}");
        assert_eq!(arrivals(&src, "a->b"), n);
        assert_eq!(arrivals(&src, "b->a"), n, "each packet's ACK still comes back");
        assert_eq!(src.summary.totals.packets.data_delivered, n);
        assert!(src.summary.flows[0].rto_count >= 3, "no ACK reaches the agent");
        // the receiver detached: no ACK from 2 s on, and the sender, still attached,
        // times out and retransmits into the network, backing off, to the end
        let d = &dst.summary.flows[0];
        assert!(arrivals(&dst, "b->a") + 3 <= arrivals(&dst, "a->b"));
        assert!(d.rto_count >= 3 && d.retransmits >= 3, "{} {}", d.rto_count, d.retransmits);
        assert!(injected(&dst) >= n + 3 && injected(&dst) < n + 20);
        assert!(d.data_pkts_delivered < injected(&dst) - 3, "what reached the host after 2 s was discarded");
        for o in [&src, &dst] {
            let p = &o.summary.totals.packets;
            assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
        }
        // never (a time past the end) is the same as none
        assert_eq!(injected(&detached(Some(12.5), Some(12.5))), injected(&none));
        let bad = json!({"duration_s": 1.0, "nodes": [{"name": "a"}, {"name": "b"}],
                         "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0}],
                         "flows": [{"src": "a", "dst": "b", "dst_detach_s": -1.0}]});
        let err = Simulation::from_json(&bad.to_string()).err().unwrap();
        assert!(err.contains("flows[0].dst_detach_s"), "{err}");
    }

    /// Outages of every length on a TCP flow's link, the shortest within one packet's
    /// transmission (so that head-arrival events go stale while new packets go): every
    /// packet is accounted for, and a link never up again carries nothing more.
    #[test]
    fn outages_lose_what_the_link_holds_and_every_packet_is_accounted_for() {
        let run = |outages: serde_json::Value| {
            let sc = json!({
                "duration_s": 10.0,
                "nodes": [{"name": "a"}, {"name": "b"}],
                "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 20.0, "outages": outages,
                           "queue": {"type": "red", "min_th_pkts": 5, "max_th_pkts": 15, "limit_pkts": 30}}],
                "flows": [{"name": "t", "src": "a", "dst": "b", "tcp": {"rwnd_pkts": 40}},
                          {"name": "u", "src": "a", "dst": "b", "transport": "udp", "start_s": 0.5,
                           "traffic": {"type": "cbr", "rate_bps": 3e5, "packet_size_bytes": 500}}],
            });
            Simulation::from_json(&sc.to_string()).unwrap().run()
        };
        let none = run(json!([]));
        let flaky = run(json!([{"down_s": 1.0, "up_s": 1.0001}, {"down_s": 2.0, "up_s": 2.004},
                               {"down_s": 3.0, "up_s": 4.5}, {"down_s": 6.0, "up_s": 6.2}]));
        let dies = run(json!([{"down_s": 5.0}]));
        for o in [&none, &flaky, &dies] {
            let p = &o.summary.totals.packets;
            assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
            assert_eq!(p.ack_injected, p.ack_delivered + p.ack_dropped + p.ack_in_flight);
        }
        let ab = |o: &crate::sim::RunOutput| o.summary.links.iter().find(|l| l.name == "a->b").unwrap().clone();
        let (f, d) = (ab(&flaky), ab(&dies));
        assert_eq!((ab(&none).drops_link_down, ab(&none).refused_down_pkts), (0, 0));
        assert!(f.drops_link_down > 20 && f.refused_down_pkts > 50, "{} {}", f.drops_link_down, f.refused_down_pkts);
        assert!(f.drops >= f.drops_link_down, "what a link loses going down is among its drops");
        // down from 5 s: the UDP source's 75 datagrams a second are refused to the end
        assert!(d.refused_down_pkts >= 5 * 75 && d.refused_down_pkts <= 5 * 75 + 40, "{}", d.refused_down_pkts);
        assert!(d.departed_pkts < ab(&none).departed_pkts * 6 / 10);
        assert!(dies.summary.flows[0].rto_count >= 3, "the TCP sender times out, backing off");
        // an outage the validator refuses, by field
        for (outages, field) in [(json!([{"down_s": 2.0, "up_s": 1.0}]), "links[0].outages[0].up_s"),
                                 (json!([{"down_s": 2.0}, {"down_s": 3.0, "up_s": 4.0}]), "links[0].outages[0].up_s"),
                                 (json!([{"down_s": 2.0, "up_s": 3.0}, {"down_s": 2.5, "up_s": 4.0}]), "links[0].outages[1].down_s")] {
            let sc = json!({"duration_s": 5.0, "nodes": [{"name": "a"}, {"name": "b"}],
                            "links": [{"a": "a", "b": "b", "rate_bps": 1e6, "delay_ms": 1.0, "outages": outages}],
                            "flows": [{"src": "a", "dst": "b"}]});
            let err = Simulation::from_json(&sc.to_string()).err().unwrap();
            assert!(err.contains(field), "{err}");
        }
    }

    /// Session routing on a ring a-r1-r2-b with a detour r1-r3-r4-r2: while r1-r2 is down
    /// the flows go round by r3 and r4 (the static routes lose what goes to the failed
    /// link), and come back when it is up; routes are computed once per instant, every
    /// packet is accounted for, and a pinned path or a constellation is refused by field.
    #[test]
    fn session_routes_go_around_a_failed_link_and_come_back() {
        let sc = |routing: &str, outages: serde_json::Value| {
            let l = |a: &str, b: &str| json!({"a": a, "b": b, "rate_bps": 2e6, "delay_ms": 5.0});
            json!({
                "duration_s": 10.0,
                "routing": routing,
                "nodes": [{"name": "a"}, {"name": "r1"}, {"name": "r2"}, {"name": "b"}, {"name": "r3"}, {"name": "r4"}],
                "links": [l("a", "r1"), {"a": "r1", "b": "r2", "rate_bps": 2e6, "delay_ms": 5.0, "outages": outages},
                          l("r2", "b"), l("r1", "r3"), l("r3", "r4"), l("r4", "r2")],
                "flows": [{"name": "t", "src": "a", "dst": "b", "tcp": {"rwnd_pkts": 30}},
                          {"name": "u", "src": "b", "dst": "a", "transport": "udp", "start_s": 0.5,
                           "traffic": {"type": "cbr", "rate_bps": 2e5, "packet_size_bytes": 500}}],
                "monitor": {"capture": ["r3->r4"]},
            })
        };
        let run = |v: serde_json::Value| Simulation::from_json(&v.to_string()).unwrap().run();
        let outage = json!([{"down_s": 2.0, "up_s": 6.0}]);
        let (st, se, none) = (run(sc("static", outage.clone())), run(sc("session", outage)), run(sc("session", json!([]))));
        let link = |o: &crate::sim::RunOutput, n: &str| o.summary.links.iter().find(|l| l.name == n).unwrap().clone();
        for o in [&st, &se, &none] {
            let p = &o.summary.totals.packets;
            assert_eq!(p.data_injected, p.data_delivered + p.data_dropped + p.data_in_flight);
            assert_eq!(p.ack_injected, p.ack_delivered + p.ack_dropped + p.ack_in_flight);
        }
        // without outages the detour carries nothing, and routes are never recomputed
        assert_eq!((link(&none, "r3->r4").arrivals_pkts, none.summary.totals.routes_recomputed), (0, 0));
        // statically, the 4 s of the UDP flow's 50 datagrams a second are refused at r2->r1
        let refused = link(&st, "r2->r1").refused_down_pkts;
        assert!((190..=210).contains(&refused), "{refused}");
        assert_eq!(link(&st, "r3->r4").arrivals_pkts, 0);
        // by session: two instants, and the detour carries the TCP flow's data both ways
        // of the outage; nothing is refused, and the flow delivers far more
        assert_eq!(se.summary.totals.routes_recomputed, 2);
        assert_eq!(link(&se, "r2->r1").refused_down_pkts + link(&se, "r1->r2").refused_down_pkts, 0);
        let detour = link(&se, "r3->r4").arrivals_pkts;
        assert!(detour > 500, "{detour}");
        assert_eq!(se.series.packets.len() as u64, detour, "the captured detour");
        assert!(link(&se, "r4->r3").arrivals_pkts > 150, "the UDP flow and the ACKs go back round");
        let (t_st, t_se) = (st.summary.flows[0].throughput_mbps, se.summary.flows[0].throughput_mbps);
        assert!(t_se > 1.3 * t_st, "{t_se} {t_st}");
        // after 6 s the ring is whole again: the direct link carries the flow
        let direct_after = se.series.packets.time_s.iter().filter(|&&t| t > 6.5).count();
        assert_eq!(direct_after, 0, "the detour is left once r1-r2 is up");
        // refused by field
        let mut pinned = sc("session", json!([]));
        pinned["flows"][0]["path"] = json!(["a", "r1", "r2", "b"]);
        let e = Simulation::from_json(&pinned.to_string()).err().unwrap();
        assert!(e.starts_with("flows[0].path: a pinned path cannot follow routing: session"), "{e}");
        let mut bad = sc("session", json!([]));
        bad["routing"] = json!("ls");
        let e = Simulation::from_json(&bad.to_string()).err().unwrap();
        assert!(e.contains("`ls`, expected one of `static`, `session`, `dv`"), "{e}");
    }

    #[test]
    fn a_cbr_source_stops_after_max_pkts_and_at_its_stop() {
        let out = with_udp(json!({"type": "cbr", "rate_bps": 1e5, "packet_size_bytes": 100, "max_pkts": 7}), false, 3.0);
        let u = &out.summary.flows[1];
        // (the TCP flow's 20-packet window keeps the 10-packet queue full: they are lost)
        assert_eq!((u.data_pkts_sent, u.data_pkts_delivered + u.data_pkts_dropped), (7, 7));
    }

    #[test]
    fn router_schemes_leave_udp_flows_alone() {
        // REFWA counts the flows whose data it sees: the TCP flow, not the UDP one
        let out = with_udp(json!({"type": "cbr", "rate_bps": 5e5, "packet_size_bytes": 500}), true, 4.0);
        let active = &out.series.feedback.active_flows;
        assert!(!active.is_empty());
        assert!(active.iter().all(|&n| n <= 1), "{active:?}");
        assert!(active.contains(&1));
    }

    /// The packets table's flags of a simulated packet: a TCP's on the wire.
    #[test]
    fn a_simulated_packets_flags_are_those_its_tcp_would_send() {
        use super::capture_flags;
        use crate::emulate::wire::{ACK, PSH, SYN};
        use crate::net::packet::PUSH;
        use crate::net::{Packet, PacketKind};
        let p = |kind, seq, aux| Packet { flow: 0, kind, seq, size_bytes: 40, ttl: 32, tos: 0, rwnd_pkts: 0, hop: 0, aux };
        assert_eq!(capture_flags(false, &p(PacketKind::Data, 0, 0), true), SYN);
        assert_eq!(capture_flags(true, &p(PacketKind::Ack, 0, 0), true), SYN | ACK);
        // without the handshake, segment 0 is data and its ACK a plain one
        assert_eq!(capture_flags(false, &p(PacketKind::Data, 0, 0), false), ACK);
        assert_eq!(capture_flags(true, &p(PacketKind::Ack, 0, 0), false), ACK);
        assert_eq!(capture_flags(false, &p(PacketKind::Data, 5, 3), true), ACK);
        assert_eq!(capture_flags(false, &p(PacketKind::Data, 5, PUSH | 3), true), ACK | PSH);
        // an ACK's aux is a SACK-block number, not a flag
        assert_eq!(capture_flags(true, &p(PacketKind::Ack, 5, PUSH), true), ACK);
    }

    /// The events popped from `q` in order, and for each timer event whether the timer
    /// fired then (`timer_due`); the timer's latest setting is `timer`.
    fn pops(q: &mut crate::engine::EventQueue<super::Ev>, armed: &mut Option<super::Armed>, timer: super::DoubleTimer) -> Vec<String> {
        let mut seen = Vec::new();
        while let Some((t, _, ev)) = q.pop() {
            match ev {
                super::Ev::Rtx(0) => {
                    let fired = super::timer_due(t, armed, Some(timer.at), Some(timer), q, ev);
                    seen.push(if fired { "timer".into() } else { "lapsed".into() });
                }
                other => seen.push(format!("{other:?}")),
            }
        }
        seen
    }

    /// ns-2's resched gives a timer set again its new double time and a place after
    /// whatever was scheduled before it was set again, also when it lands on the
    /// nanosecond it already waited for (ns2exact network 57052: an RTO of 4 ms set again
    /// by an ACK 4 ms on, one ulp earlier in doubles, tied with the next ACK).
    #[test]
    fn a_timer_set_again_to_its_instant_is_due_as_set_again() {
        use super::{arm, DoubleTimer, Ev};
        let d: crate::engine::Time = 4_019_122_499;
        let (hi, lo) = (4.019122498717463, 4.019122498717462); // one ulp apart
        assert_eq!(crate::engine::from_secs(hi), crate::engine::from_secs(lo));

        // set at `hi`, set again at `lo`; an ACK due at `lo` scheduled after both
        let mut q = crate::engine::EventQueue::<Ev>::new();
        let mut armed = None;
        let first = DoubleTimer { at: d, shadow: hi, set_at: q.order.call() };
        arm(&mut q, &mut armed, Some(d), Some(first), Ev::Rtx(0));
        let again = DoubleTimer { at: d, shadow: lo, set_at: q.order.call() };
        arm(&mut q, &mut armed, Some(d), Some(again), Ev::Rtx(0));
        q.push(d, lo, Ev::DelAck(7));
        assert_eq!(pops(&mut q, &mut armed, again), ["timer", "DelAck(7)", "lapsed"]);

        // set again at the same double time: after an event scheduled in between
        let mut q = crate::engine::EventQueue::<Ev>::new();
        let mut armed = None;
        let first = DoubleTimer { at: d, shadow: lo, set_at: q.order.call() };
        arm(&mut q, &mut armed, Some(d), Some(first), Ev::Rtx(0));
        q.push(d, lo, Ev::DelAck(7));
        let again = DoubleTimer { at: d, shadow: lo, set_at: q.order.call() };
        arm(&mut q, &mut armed, Some(d), Some(again), Ev::Rtx(0));
        assert_eq!(pops(&mut q, &mut armed, again), ["lapsed", "DelAck(7)", "timer"]);

        // not set again (the same setting seen after a later event): one event
        let mut q = crate::engine::EventQueue::<Ev>::new();
        let mut armed = None;
        let only = DoubleTimer { at: d, shadow: lo, set_at: q.order.call() };
        arm(&mut q, &mut armed, Some(d), Some(only), Ev::Rtx(0));
        arm(&mut q, &mut armed, Some(d), Some(only), Ev::Rtx(0));
        assert_eq!(pops(&mut q, &mut armed, only), ["timer"]);
    }
}
