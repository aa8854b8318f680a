//! Network: packets, nodes, one-direction links with their output queues (FIFO, with
//! DropTail, RED, PI or REM, or ns-2's fair schedulers SFQ and DRR, or a DropTail that
//! drops from the front, or a RED whose forced drops take a waiting packet) and error
//! models, and routes: static per flow, or per node and computed again as links fail
//! (session routing), or learnt from the neighbours' distance vectors (dv).

pub mod delayer;
pub mod drop_front;
pub mod drr;
pub mod dv;
pub mod error_model;
pub mod fq;
pub mod error_module;
pub mod leo;
pub mod link;
pub mod packet;
pub mod pi;
pub mod rem;
pub mod queue;
pub mod red_victim;
pub mod round;
pub mod routing;
pub mod rtt_code;
pub mod sfq;

pub use error_model::ErrorModel;
pub use link::Link;
pub use packet::{Packet, PacketKind};
pub use queue::QueueDiscipline;

pub type NodeId = u32;
pub type LinkId = u32;
pub type FlowId = u32;
