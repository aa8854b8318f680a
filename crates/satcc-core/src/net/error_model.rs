//! Per-link-direction error models, applied to each packet when it reaches the far end
//! of the link (it has used the link's capacity, as with ns-2's link loss modules).

use crate::engine::rng::Draws;

#[derive(Clone, Debug)]
pub enum ErrorModel {
    /// Each packet is lost with probability `per`.
    PacketErrorRate { per: f64 },
    /// Each bit is corrupted with probability `ber`: a packet of n bytes is lost with
    /// probability 1 - (1 - ber)^(8n).
    BitErrorRate { ber: f64 },
    /// Two-state Markov chain advanced once per packet: in the good state packets are
    /// lost with `per_good`, in the bad state with `per_bad`.
    GilbertElliott { p_good_to_bad: f64, p_bad_to_good: f64, per_good: f64, per_bad: f64, bad: bool },
}

impl ErrorModel {
    /// Decide the fate of one packet of `size_bytes`: true = lost. With ns-2's draws a
    /// draw is taken for every packet, as ns-2's ErrorModel takes one (a rate of 0
    /// included); with a stream of its own, none where the packet cannot be lost.
    pub fn corrupts(&mut self, size_bytes: u32, draws: &mut Draws) -> bool {
        let always = draws.is_ns2();
        match self {
            ErrorModel::PacketErrorRate { per } => (always || *per > 0.0) && draws.uniform() < *per,
            ErrorModel::BitErrorRate { ber } => {
                if *ber <= 0.0 && !always {
                    return false;
                }
                let p = -f64::exp_m1(8.0 * size_bytes as f64 * f64::ln_1p(-*ber));
                draws.uniform() < p
            }
            ErrorModel::GilbertElliott { p_good_to_bad, p_bad_to_good, per_good, per_bad, bad } => {
                let flip = draws.uniform();
                if *bad {
                    if flip < *p_bad_to_good {
                        *bad = false;
                    }
                } else if flip < *p_good_to_bad {
                    *bad = true;
                }
                let per = if *bad { *per_bad } else { *per_good };
                (always || per > 0.0) && draws.uniform() < per
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ns2_rng::Ns2Rng;
    use crate::engine::RngStreams;
    use std::sync::{Arc, Mutex};

    fn loss_fraction(mut m: ErrorModel, size: u32, n: usize) -> f64 {
        let mut rng = Draws::Own(Box::new(RngStreams::new(3).stream("em")));
        (0..n).filter(|_| m.corrupts(size, &mut rng)).count() as f64 / n as f64
    }

    #[test]
    fn with_ns2s_draws_every_packet_takes_one_and_is_lost_below_the_rate() {
        let g = Arc::new(Mutex::new(Ns2Rng::new(7)));
        let mut draws = Draws::Ns2(g.clone());
        let mut reference = Ns2Rng::new(7);
        // a rate of 0 still takes ns-2's draw (ErrorModel::CorruptPkt draws first)
        for _ in 0..5 {
            assert!(!ErrorModel::PacketErrorRate { per: 0.0 }.corrupts(1000, &mut draws));
            reference.u01();
        }
        let mut m = ErrorModel::PacketErrorRate { per: 0.3 };
        for _ in 0..1000 {
            let u = reference.u01();
            assert_eq!(m.corrupts(1000, &mut draws), u < 0.3);
        }
        // the one generator is shared: another model's draw is the next one
        assert_eq!(Draws::Ns2(g).uniform(), reference.u01());
    }

    #[test]
    fn packet_error_rate_matches_its_probability() {
        let f = loss_fraction(ErrorModel::PacketErrorRate { per: 0.1 }, 1000, 200_000);
        assert!((f - 0.1).abs() < 0.003, "{f}");
        assert_eq!(loss_fraction(ErrorModel::PacketErrorRate { per: 0.0 }, 1000, 1000), 0.0);
    }

    #[test]
    fn bit_error_rate_scales_with_packet_size() {
        // ber 1e-5, 1000 bytes: 1 - (1-1e-5)^8000 = 0.07688
        let f = loss_fraction(ErrorModel::BitErrorRate { ber: 1e-5 }, 1000, 200_000);
        assert!((f - 0.07688).abs() < 0.003, "{f}");
        let g = loss_fraction(ErrorModel::BitErrorRate { ber: 1e-5 }, 40, 200_000);
        assert!((g - 0.0032).abs() < 0.001, "{g}");
    }

    #[test]
    fn gilbert_elliott_stationary_loss() {
        // stationary P(bad) = p_gb / (p_gb + p_bg) = 0.01 / 0.11; loss = that * 0.5
        let m = ErrorModel::GilbertElliott {
            p_good_to_bad: 0.01,
            p_bad_to_good: 0.1,
            per_good: 0.0,
            per_bad: 0.5,
            bad: false,
        };
        let f = loss_fraction(m, 1000, 400_000);
        let want = 0.01 / 0.11 * 0.5;
        assert!((f - want).abs() < 0.004, "{f} vs {want}");
    }
}
