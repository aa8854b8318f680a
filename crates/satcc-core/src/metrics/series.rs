//! Time series as named tables (queue, flows, drops, feedback, packets, paths, pings), one
//! Parquet table each.
//!
//! Each table is declared once, by [`table!`]: a column's name, its Rust type and what
//! its values mean (a plain number, or an index into the run's link names, flow names
//! or drop causes). The declaration gives the table's row type, its `push` and its
//! conversion to named columns; the Python front (`satcc.run`) builds its Arrow tables
//! from those columns without naming any. A new column is one line here and a value at
//! the place that pushes the row.

/// What a column's values mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number.
    Plain,
    /// An index into the run's link names (dictionary-encoded in Arrow).
    Link,
    /// An index into the run's flow names.
    Flow,
    /// An index into [`crate::sim::DROP_CAUSES`].
    DropCause,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Link => "link",
            Kind::Flow => "flow",
            Kind::DropCause => "drop_cause",
        }
    }
}

/// A column's values (types as stored; Arrow widens nothing but u32 -> int32 and
/// indexes -> int32 dictionary keys).
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    F64(Vec<f64>),
    U32(Vec<u32>),
    I64(Vec<i64>),
    Bool(Vec<bool>),
    U8(Vec<u8>),
}

impl Values {
    /// The stored type's name ("f64", "u32", "i64", "bool", "u8").
    pub fn dtype(&self) -> &'static str {
        match self {
            Values::F64(_) => "f64",
            Values::U32(_) => "u32",
            Values::I64(_) => "i64",
            Values::Bool(_) => "bool",
            Values::U8(_) => "u8",
        }
    }
}

/// One named column of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
    pub values: Values,
}

/// Vectors that turn into [`Values`].
pub trait IntoValues {
    fn into_values(self) -> Values;
}

macro_rules! into_values {
    ($($t:ty => $v:ident),*) => {$(
        impl IntoValues for Vec<$t> {
            fn into_values(self) -> Values {
                Values::$v(self)
            }
        }
    )*};
}
into_values!(f64 => F64, u32 => U32, i64 => I64, bool => Bool, u8 => U8);

/// Declare a table: `table!(Name, Row, "name", { column: type = Kind, ... })`.
macro_rules! table {
    ($(#[$doc:meta])* $table:ident, $row:ident, $name:literal, { $($(#[$cdoc:meta])* $col:ident: $t:ty = $kind:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $table {
            $($(#[$cdoc])* pub $col: Vec<$t>,)*
        }

        /// One row of the table of the same name.
        #[derive(Clone, Copy, Debug)]
        pub struct $row {
            $(pub $col: $t,)*
        }

        impl $table {
            pub const NAME: &'static str = $name;
            #[inline]
            pub fn push(&mut self, row: $row) {
                $(self.$col.push(row.$col);)*
            }
            pub fn len(&self) -> usize {
                [$(self.$col.len()),*][0]
            }
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }
            /// The table as named columns, in declaration order.
            pub fn into_columns(self) -> Vec<Column> {
                vec![$(Column { name: stringify!($col), kind: Kind::$kind, values: self.$col.into_values() }),*]
            }
        }
    };
}

table!(
    /// Per monitored link direction and sample interval.
    QueueTable, QueueRow, "queue", {
        time_s: f64 = Plain,
        link: u32 = Link,
        queue_pkts: u32 = Plain,
        /// Utilization over the last interval.
        utilization: f64 = Plain,
    }
);

table!(
    /// Per flow and sample interval (when monitor.flow_traces).
    FlowTable, FlowRow, "flows", {
        time_s: f64 = Plain,
        flow: u32 = Flow,
        cwnd_pkts: f64 = Plain,
        /// Slow-start threshold (the advertised window until a loss, unless set).
        ssthresh_pkts: f64 = Plain,
        rwnd_pkts: f64 = Plain,
        /// Highest in-order sequence number.
        seqno: i64 = Plain,
        /// Goodput over the last interval.
        goodput_mbps: f64 = Plain,
        /// The sender's smoothed RTT (its measured RTT, on its tick clock; 0 before
        /// the first sample).
        srtt_ms: f64 = Plain,
        /// The pacing rate the controller sets (0: not paced): segments per second x
        /// packet_size_bytes, as a Linux sender's tcpi_pacing_rate counts it.
        pacing_mbps: f64 = Plain,
        /// The controller's own minimum RTT (BBR's min-RTT filter, whose expiry starts
        /// PROBE_RTT; Linux's TCP_CC_INFO bbr_min_rtt), 0 for controllers without one.
        cc_min_rtt_ms: f64 = Plain,
        /// The sender's loss-recovery state, numbered as Linux's tcpi_ca_state: 0 Open,
        /// 3 Recovery (fast recovery), 4 Loss (after a timeout, until what was sent
        /// before it is acknowledged; senders with Linux's SACK recovery only).
        ca_state: u8 = Plain,
    }
);

table!(
    /// Every dropped packet (when monitor.drop_trace).
    DropTable, DropRow, "drops", {
        time_s: f64 = Plain,
        link: u32 = Link,
        flow: u32 = Flow,
        seqno: i64 = Plain,
        /// Whether the packet was an ACK.
        ack: bool = Plain,
        cause: u8 = DropCause,
    }
);

table!(
    /// Every update of a router scheme.
    FeedbackTable, FeedbackRow, "feedback", {
        time_s: f64 = Plain,
        link: u32 = Link,
        /// Aggregate window Y, packets.
        aggregate_pkts: f64 = Plain,
        rtt_avg_s: f64 = Plain,
        active_flows: u32 = Plain,
        /// Queue read at the update, packets.
        queue_pkts: u32 = Plain,
    }
);

table!(
    /// Every packet that arrives intact at the far end of a captured link direction
    /// (monitor.capture), after the far node's router scheme has acted on it: what a
    /// capture on that node's receiving interface would see (`satcc run --pcap`).
    PacketTable, PacketRow, "packets", {
        time_s: f64 = Plain,
        link: u32 = Link,
        flow: u32 = Flow,
        /// Whether the packet is an ACK.
        ack: bool = Plain,
        /// Data: the segment number; ACK: the highest segment received in order.
        seqno: i64 = Plain,
        /// Data bytes the packet carries (0 for ACKs and the SYN).
        payload_bytes: u32 = Plain,
        /// The advertised window it carries, packets (ACKs: after any router's rewrite).
        rwnd_pkts: u32 = Plain,
        ttl: u8 = Plain,
        tos: u8 = Plain,
        /// TCP's flags (FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10): a real
        /// packet's own (`satcc emulate`); a simulated one's as its TCP would set them:
        /// SYN alone on the SYN, SYN and ACK on the ACK of segment 0 of a flow with
        /// `tcp.syn`, ACK on every other, and PSH where the sender marked the end of a
        /// burst (`tcp.push_ack`, docs/cubic-bbr.md).
        tcp_flags: u8 = Plain,
    }
);

table!(
    /// Per flow and routing instant of a moving constellation (when
    /// monitor.flow_traces): the path its data and ACKs take from then on.
    PathTable, PathRow, "paths", {
        time_s: f64 = Plain,
        flow: u32 = Flow,
        /// Propagation RTT of the data path and the ACK path at that instant (NaN: no
        /// route either way).
        rtt_ms: f64 = Plain,
        /// Links of the data path (0: no route).
        hops: u32 = Plain,
        /// The data path's satellites differ from the flow's previous instant.
        changed: bool = Plain,
    }
);

table!(
    /// Every answered echo request of a ping flow (transport: ping), as its reply
    /// arrives: what ns-2 hands an Agent/Ping's `recv` (its `oneway` form).
    PingTable, PingRow, "pings", {
        time_s: f64 = Plain,
        flow: u32 = Flow,
        /// The request's number (from 0, in the order they were sent).
        seqno: i64 = Plain,
        /// The reply's arrival less the request's send time.
        rtt_ms: f64 = Plain,
        /// The request's way there (its arrival at the far agent less its send time)
        /// and the reply's way back: together the round trip.
        forward_ms: f64 = Plain,
        back_ms: f64 = Plain,
    }
);

/// Every time series of a run.
#[derive(Clone, Debug, Default)]
pub struct Series {
    pub queue: QueueTable,
    pub flows: FlowTable,
    pub drops: DropTable,
    pub feedback: FeedbackTable,
    pub packets: PacketTable,
    pub paths: PathTable,
    pub pings: PingTable,
}

impl Series {
    /// Rows held, all tables together.
    pub fn rows(&self) -> usize {
        self.queue.len() + self.flows.len() + self.drops.len() + self.feedback.len() + self.packets.len()
            + self.paths.len() + self.pings.len()
    }

    /// Every table as (name, columns), in a fixed order.
    pub fn into_tables(self) -> Vec<(&'static str, Vec<Column>)> {
        vec![
            (QueueTable::NAME, self.queue.into_columns()),
            (FlowTable::NAME, self.flows.into_columns()),
            (DropTable::NAME, self.drops.into_columns()),
            (FeedbackTable::NAME, self.feedback.into_columns()),
            (PacketTable::NAME, self.packets.into_columns()),
            (PathTable::NAME, self.paths.into_columns()),
            (PingTable::NAME, self.pings.into_columns()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_pushes_rows_and_turns_into_named_columns_in_order() {
        let mut q = QueueTable::default();
        q.push(QueueRow { time_s: 0.1, link: 2, queue_pkts: 7, utilization: 0.5 });
        q.push(QueueRow { time_s: 0.2, link: 3, queue_pkts: 8, utilization: 0.25 });
        assert_eq!(q.len(), 2);
        let cols = q.into_columns();
        let names: Vec<_> = cols.iter().map(|c| c.name).collect();
        assert_eq!(names, ["time_s", "link", "queue_pkts", "utilization"]);
        assert_eq!(cols[1].kind, Kind::Link);
        assert_eq!(cols[2].values, Values::U32(vec![7, 8]));
    }

    #[test]
    fn every_table_has_a_time_column_first_and_unique_names() {
        for (name, cols) in Series::default().into_tables() {
            assert_eq!(cols[0].name, "time_s", "{name}");
            let mut n: Vec<_> = cols.iter().map(|c| c.name).collect();
            n.sort();
            n.dedup();
            assert_eq!(n.len(), cols.len(), "{name}");
        }
    }
}
