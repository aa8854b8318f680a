//! TCP: ns-2-style one-way TCP (windows in packets, fixed data size, cumulative ACKs
//! carrying the advertised window). The sender's loss-recovery machinery (Reno or
//! NewReno fast recovery, retransmission timer) lives in [`sender`]; how the window
//! grows and shrinks lives in a [`congestion::CongestionControl`] it calls on ACK, on
//! loss and on timeout; whether a loss is congestion at all (or a link error, for REFWA
//! Plus and T-REFWA Plus) is a [`loss::LossClassifier`]'s answer. Neither sees the
//! event queue.

pub mod ack_records;
pub mod config;
pub mod congestion;
pub mod fack;
pub mod loss;
pub mod multiple_fast_retransmits;
pub mod prr;
pub mod rack;
pub mod rcvbuf;
pub mod replay;
pub mod rate;
pub mod rtt;
pub mod sack;
pub mod sack1;
pub mod sender;
pub mod sink;
pub mod timestamp;
pub mod window_validation;

pub use config::{ReceiveWindow, Recovery, RtoStyle, SackAgent, SackReport, Stack, TcpConfig};
pub use loss::LossPolicy;
pub use sender::{LimitChange, TcpSender};
pub use sink::TcpSink;

/// Lengthen `v` to `len` entries of `fill` (nothing if it is that long already). The
/// per-segment maps of a window (received, SACKed, resent, sent) grow by a segment or a
/// few at a time, where `VecDeque::resize` takes its general path: 1 % of a BBR run's
/// instructions.
#[inline]
pub(crate) fn grow_to<T: Copy>(v: &mut std::collections::VecDeque<T>, len: usize, fill: T) {
    while v.len() < len {
        v.push_back(fill);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn grow_to_lengthens_with_the_fill_and_never_shortens() {
        let mut v: std::collections::VecDeque<u8> = [1, 2].into_iter().collect();
        super::grow_to(&mut v, 5, 9);
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), [1, 2, 9, 9, 9]);
        super::grow_to(&mut v, 3, 7);
        assert_eq!(v.len(), 5);
    }
}
