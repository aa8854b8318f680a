//! TCP: ns-2-style one-way TCP (windows in packets, fixed data size, cumulative ACKs
//! carrying the advertised window). The sender's loss-recovery machinery (Reno or
//! NewReno fast recovery, retransmission timer) lives in [`sender`]; how the window
//! grows and shrinks lives in a [`congestion::CongestionControl`] it calls on ACK, on
//! loss and on timeout; whether a loss is congestion at all (or a link error, for REFWA
//! Plus and T-REFWA Plus) is a [`loss::LossClassifier`]'s answer. Neither sees the
//! event queue.

pub mod config;
pub mod congestion;
pub mod loss;
pub mod prr;
pub mod rack;
pub mod rcvbuf;
pub mod rate;
pub mod rtt;
pub mod sack;
pub mod sender;
pub mod sink;

pub use config::{ReceiveWindow, Recovery, RtoStyle, TcpConfig};
pub use loss::LossPolicy;
pub use sender::TcpSender;
pub use sink::TcpSink;
