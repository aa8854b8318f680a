//! What a receiver records beside each ACK it sends (SACK blocks, the time an ACK
//! echoes), for its sender to read when that ACK arrives: each ACK carries the number
//! of its record (`Packet::sack_id`).
//!
//! ACKs mostly arrive in the order they left, so the record sought is at the front.
//! When routes change during a run (`routing: session`), an ACK can overtake older
//! ones: its record is taken from where it is and the older ones stay for their ACKs,
//! which a SACK sender in recovery still reads (ns-2's Sack1 updates its scoreboard from
//! an old ACK's blocks). The simulation forgets the record of an ACK that is lost
//! (`forget`), so that only ACKs still on their way keep one.

use std::collections::VecDeque;

/// Records kept, at most: ACK numbers are 15 bits and wrap, so a record older than half
/// their range could be taken for a newer ACK's; past this the oldest is let go.
const MAX_RECORDS: usize = 1 << 14;

#[derive(Clone, Debug)]
pub struct AckRecords<T> {
    records: VecDeque<(u16, T)>,
}

impl<T> Default for AckRecords<T> {
    fn default() -> Self {
        AckRecords { records: VecDeque::new() }
    }
}

impl<T> AckRecords<T> {
    /// The record of ACK `id`, just sent.
    #[inline]
    pub fn push(&mut self, id: u16, record: T) {
        if self.records.len() >= MAX_RECORDS {
            self.records.pop_front();
        }
        self.records.push_back((id, record));
    }

    /// The record of ACK `id`, which has arrived (None if none was kept).
    #[inline]
    pub fn take(&mut self, id: u16) -> Option<T> {
        match self.records.front() {
            Some((k, _)) if *k == id => self.records.pop_front().map(|(_, r)| r),
            _ => self.take_after(id),
        }
    }

    /// An ACK that overtook older ones.
    #[cold]
    #[inline(never)]
    fn take_after(&mut self, id: u16) -> Option<T> {
        let i = self.records.iter().position(|(k, _)| *k == id)?;
        self.records.remove(i).map(|(_, r)| r)
    }

    /// ACK `id` was lost on its way: its record goes.
    #[cold]
    pub fn forget(&mut self, id: u16) {
        if let Some(i) = self.records.iter().position(|(k, _)| *k == id) {
            self.records.remove(i);
        }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_taken_in_order_and_out_of_it_and_forgotten_when_lost() {
        let mut r = AckRecords::default();
        for id in 0..6u16 {
            r.push(id, id * 10);
        }
        assert_eq!(r.take(0), Some(0));
        // ACK 3 overtakes 1 and 2 (a new route): theirs stay for them
        assert_eq!(r.take(3), Some(30));
        assert_eq!(r.take(1), Some(10));
        // ACK 2 is lost: forgotten, the others unmoved
        r.forget(2);
        assert_eq!(r.take(2), None);
        assert_eq!((r.take(4), r.take(5)), (Some(40), Some(50)));
        assert!(r.is_empty());
        // an unknown number takes nothing and keeps the rest
        r.push(7, 70);
        assert_eq!(r.take(9), None);
        assert_eq!(r.take(7), Some(70));
    }

    #[test]
    fn at_most_half_the_numbers_are_kept() {
        let mut r = AckRecords::default();
        for k in 0..(MAX_RECORDS as u32 + 10) {
            r.push((k & 0x7fff) as u16, k);
        }
        assert_eq!(r.len(), MAX_RECORDS);
        assert_eq!(r.take(9), None, "the oldest were let go");
        assert_eq!(r.take(10), Some(10));
    }
}
