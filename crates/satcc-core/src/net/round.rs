//! The round of a round-robin scheduler (net::sfq, net::drr): its busy queues in a ring,
//! by index, and the one served next. As ns-2's PacketSFQ and PacketDRR link their
//! queues: a queue that becomes busy joins behind the last (just before the one served
//! next), and the one that leaves hands the turn to the queue after it.

#[derive(Clone, Debug)]
pub struct Round {
    prev: Vec<usize>,
    next: Vec<usize>,
    /// The queue served next (ns-2's `active`, `curr`); None when none is busy.
    head: Option<usize>,
}

impl Round {
    /// A round over `n` queues, none busy.
    pub fn new(n: usize) -> Self {
        Round { prev: vec![0; n], next: vec![0; n], head: None }
    }

    pub fn head(&self) -> Option<usize> {
        self.head
    }

    /// The busy queue after `q`.
    pub fn after(&self, q: usize) -> usize {
        self.next[q]
    }

    /// The turn passes to the queue after the one served.
    pub fn pass(&mut self) {
        self.head = self.head.map(|h| self.next[h]);
    }

    /// `q` becomes busy: it joins behind the last busy queue.
    pub fn join(&mut self, q: usize) {
        match self.head {
            Some(head) => {
                let tail = self.prev[head];
                self.prev[q] = tail;
                self.next[q] = head;
                self.next[tail] = q;
                self.prev[head] = q;
            }
            None => {
                self.prev[q] = q;
                self.next[q] = q;
                self.head = Some(q);
            }
        }
    }

    /// Busy `q` leaves the round; if it was to be served next, the queue after it is.
    pub fn leave(&mut self, q: usize) {
        let (prev, next) = (self.prev[q], self.next[q]);
        if self.head == Some(q) {
            if next == q {
                self.head = None;
                return;
            }
            self.head = Some(next);
        }
        self.next[prev] = next;
        self.prev[next] = prev;
    }

    /// No queue busy.
    pub fn clear(&mut self) {
        self.head = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(r: &Round) -> Vec<usize> {
        let Some(h) = r.head() else { return Vec::new() };
        let mut out = vec![h];
        let mut q = r.after(h);
        while q != h {
            out.push(q);
            q = r.after(q);
        }
        out
    }

    #[test]
    fn queues_join_behind_the_last_and_leave_their_turn_to_the_next() {
        let mut r = Round::new(8);
        for q in [3, 5, 1] {
            r.join(q);
        }
        assert_eq!(order(&r), vec![3, 5, 1]);
        r.pass();
        r.join(7); // behind the last: just before the one served next (5)
        assert_eq!(order(&r), vec![5, 1, 3, 7]);
        r.leave(5);
        assert_eq!(order(&r), vec![1, 3, 7]);
        r.leave(7);
        assert_eq!(order(&r), vec![1, 3]);
        r.leave(1);
        r.leave(3);
        assert_eq!(r.head(), None);
        r.join(2);
        assert_eq!(order(&r), vec![2]);
    }
}
