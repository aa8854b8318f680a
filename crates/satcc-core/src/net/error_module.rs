//! An error module at a link's entry, before its queue: ns-2's ErrorModule
//! (tcl/lib/ns-errmodel.tcl), as `$ns lossmodel` and `$link errormodule` place it.
//!
//! A classifier sends each packet to the error model bound to its flow (ns-2 binds
//! models to flow ids: `$em bind $model fid ?last?`, the last binding of an id wins),
//! else to the default model (`$em default $model`), else past the module
//! (`$em default pass`). A model sees only the packets sent to it, so a periodic or
//! list model counts those alone, and a random one draws for those alone.
//!
//! What a model does to a packet it picks (ns-2's ErrorModel::recv, queue/errmodel.cc):
//! drops it; or, with `markecn_`, sets its Congestion Experienced bit and passes it on;
//! or, with `delay_pkt_`, hands it on to the queue `delay_` seconds later (so it may
//! arrive behind packets that came after it). `markecn_` comes first when both are set.

use super::error_model::ErrorModel;
use crate::engine::rng::Draws;
use super::FlowId;

/// What a model of the module does to a packet it picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnError {
    /// Lost (counted as an error drop).
    Drop,
    /// Marked Congestion Experienced and passed on (ns-2's `markecn_ true`).
    Mark,
    /// Passed on to the queue this many seconds later (ns-2's `delay_pkt_ true` with
    /// `delay_`).
    Delay(f64),
}

/// The verdict of the module on one packet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AtEntry {
    /// On to the queue as it is.
    Pass,
    /// Lost.
    Lost,
    /// On to the queue, marked Congestion Experienced.
    Mark,
    /// On to the queue after this many seconds.
    Delay(f64),
}

/// What the link's entry (its chain of modules) does to a packet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Entry {
    /// Lost in one of the modules.
    Lost,
    /// On to the queue, marked Congestion Experienced by some module if `mark`.
    On { mark: bool },
    /// Held for `secs` by a module, then on to module `next` (the queue if none is
    /// left), marked if `mark`.
    Held { secs: f64, next: usize, mark: bool },
}

/// Error modules one after the other at a link's entry, as ns-2 places them: each
/// `$link errormodule` (and `$ns lossmodel`) adds one at the link's head, before those
/// placed earlier, so a packet meets the last placed first.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    modules: Vec<ErrorModule>,
}

impl Chain {
    /// The module a packet meets `k`-th (from 0), made empty if new.
    pub fn module(&mut self, k: usize) -> &mut ErrorModule {
        if self.modules.len() <= k {
            self.modules.resize_with(k + 1, Default::default);
        }
        &mut self.modules[k]
    }

    /// The verdict on a packet that reaches module `from` (0: as it reaches the link).
    pub fn judge_from(&mut self, from: usize, flow: FlowId, size_bytes: u32, now_s: f64, draws: &mut Draws) -> Entry {
        let mut mark = false;
        for (k, m) in self.modules.iter_mut().enumerate().skip(from) {
            match m.judge(flow, size_bytes, now_s, draws) {
                AtEntry::Pass => {}
                AtEntry::Mark => mark = true,
                AtEntry::Lost => return Entry::Lost,
                AtEntry::Delay(secs) => return Entry::Held { secs, next: k + 1, mark },
            }
        }
        Entry::On { mark }
    }

    /// What ns-2's Link::down does to each model (ErrorModel::reset).
    pub fn reset(&mut self) {
        for m in &mut self.modules {
            m.reset();
        }
    }
}

/// One model of the module and what it does to the packets it picks.
#[derive(Clone, Debug)]
pub struct BoundModel {
    pub model: ErrorModel,
    pub on_error: OnError,
}

/// The models of an error module, each bound to flows or the default.
#[derive(Clone, Debug, Default)]
pub struct ErrorModule {
    /// (sorted flows, index into `models`), at most one entry per flow.
    bound: Vec<(Box<[FlowId]>, usize)>,
    /// The model of the packets of every other flow [none: they pass].
    default: Option<usize>,
    models: Vec<BoundModel>,
}

impl ErrorModule {
    /// Add a model; `flows`: the flows it sees [none: the default, which sees every
    /// flow no other model is bound to]. A flow bound before to another model, or a
    /// second default, is the caller's error (scenario validation refuses both).
    pub fn add(&mut self, model: ErrorModel, on_error: OnError, flows: Option<Vec<FlowId>>) {
        let i = self.models.len();
        self.models.push(BoundModel { model, on_error });
        match flows {
            Some(mut f) => {
                f.sort_unstable();
                f.dedup();
                debug_assert!(f.iter().all(|x| self.bound.iter().all(|(g, _)| g.binary_search(x).is_err())),
                              "a flow bound to two models of one module");
                self.bound.push((f.into_boxed_slice(), i));
            }
            None => {
                debug_assert!(self.default.is_none(), "one default model");
                self.default = Some(i);
            }
        }
    }

    /// The model a packet of `flow` goes to, if any.
    fn model_of(&self, flow: FlowId) -> Option<usize> {
        self.bound.iter().find(|(f, _)| f.binary_search(&flow).is_ok()).map(|(_, i)| *i).or(self.default)
    }

    /// The module's verdict on a packet of `flow` and `size_bytes` reaching it at `now_s`
    /// (its model's draw, if it goes to one).
    pub fn judge(&mut self, flow: FlowId, size_bytes: u32, now_s: f64, draws: &mut Draws) -> AtEntry {
        let Some(i) = self.model_of(flow) else {
            return AtEntry::Pass;
        };
        let m = &mut self.models[i];
        if !m.model.corrupts(size_bytes, now_s, draws) {
            return AtEntry::Pass;
        }
        match m.on_error {
            OnError::Drop => AtEntry::Lost,
            OnError::Mark => AtEntry::Mark,
            OnError::Delay(s) => AtEntry::Delay(s),
        }
    }

    /// What ns-2's Link::down does to each model (ErrorModel::reset).
    pub fn reset(&mut self) {
        for m in &mut self.models {
            m.model.reset();
        }
    }

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RngStreams;
    use crate::net::error_model::{List, Periodic, Unit};

    fn draws() -> Draws {
        Draws::Own(Box::new(RngStreams::new(1).stream("t")))
    }

    /// ns-2's ecn suite's module: a periodic model bound to flow id 0 and a list model
    /// bound to flow id 1; another flow's packets pass; each model counts only the
    /// packets sent to it.
    #[test]
    fn each_flow_goes_to_its_own_model_and_the_others_pass() {
        let mut m = ErrorModule::default();
        m.add(ErrorModel::Periodic(Periodic::new(Unit::Pkt, 3.0, 1.0, 0.0, false)),
              OnError::Drop, Some(vec![0]));
        m.add(ErrorModel::List(List::new(Unit::Pkt, vec![0, 2])), OnError::Mark,
              Some(vec![1]));
        let mut d = draws();
        let seq = [0, 1, 2, 1, 0, 1, 0, 0, 1];
        let got: Vec<AtEntry> = seq.iter().map(|&f| m.judge(f, 1000, 0.0, &mut d)).collect();
        use AtEntry::*;
        // flow 0's first packet ends the offset of 1 and is lost, then every third of
        // its own (its 4th, the 8th packet here); flow 1's first and third are marked
        assert_eq!(got, vec![Lost, Mark, Pass, Pass, Pass, Mark, Pass, Lost, Pass]);
    }

    /// A default model sees every flow that no other model is bound to; a delaying
    /// model gives its delay.
    #[test]
    fn the_default_sees_the_unbound_flows_and_a_delay_is_given() {
        let mut m = ErrorModule::default();
        m.add(ErrorModel::PacketErrorRate { per: 1.0 }, OnError::Delay(0.25), None);
        m.add(ErrorModel::PacketErrorRate { per: 0.0 }, OnError::Drop, Some(vec![2]));
        let mut d = draws();
        assert_eq!(m.judge(0, 1000, 0.0, &mut d), AtEntry::Delay(0.25));
        assert_eq!(m.judge(2, 1000, 0.0, &mut d), AtEntry::Pass);
    }

    /// Two modules one after the other (ns-2's `$link errormodule` twice): a packet
    /// the first marks goes on to the second, which may drop it; one the first holds
    /// goes on to the second when released (`judge_from`), its mark kept.
    #[test]
    fn a_chain_passes_each_packet_through_its_modules_in_order() {
        let mut c = Chain::default();
        c.module(0).add(ErrorModel::List(List::new(Unit::Pkt, vec![1, 2])), OnError::Mark, None);
        c.module(0).add(ErrorModel::List(List::new(Unit::Pkt, vec![0])), OnError::Delay(0.5), Some(vec![7]));
        c.module(1).add(ErrorModel::List(List::new(Unit::Pkt, vec![1])), OnError::Drop, None);
        let mut d = draws();
        assert_eq!(c.judge_from(0, 0, 1000, 0.0, &mut d), Entry::On { mark: false });
        // flow 0's second packet marked by the first module, lost in the second (its
        // second packet too)
        assert_eq!(c.judge_from(0, 0, 1000, 0.0, &mut d), Entry::Lost);
        assert_eq!(c.judge_from(0, 0, 1000, 0.0, &mut d), Entry::On { mark: true });
        // flow 7's first packet held by the first module, then judged by the second
        assert_eq!(c.judge_from(0, 7, 1000, 0.0, &mut d), Entry::Held { secs: 0.5, next: 1, mark: false });
        assert_eq!(c.judge_from(1, 7, 1000, 0.5, &mut d), Entry::On { mark: false });
    }
}
