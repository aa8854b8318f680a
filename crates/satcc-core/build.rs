//! Fingerprints the simulator's source so that stored results can tell which model
//! produced them: `SOURCE_HASH` (lib.rs) changes whenever any file under src/ does,
//! and the experiment store keys runs by it (a model change never reuses old runs).

use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("read src/").map(|e| e.expect("dir entry").path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// FNV-1a, 64 bits: stable across platforms and Rust versions (std's hasher is not).
fn fnv1a(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let src = Path::new("src");
    println!("cargo:rerun-if-changed=src");
    let mut list = Vec::new();
    files(src, &mut list);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in &list {
        let rel = p.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
        fnv1a(&mut h, rel.as_bytes());
        fnv1a(&mut h, &[0]);
        // line endings normalised, so a Windows checkout hashes the same
        let text = fs::read(p).expect("read source").into_iter().filter(|&b| b != b'\r').collect::<Vec<_>>();
        fnv1a(&mut h, &text);
        fnv1a(&mut h, &[0]);
    }
    println!("cargo:rustc-env=SATCC_SOURCE_HASH={h:016x}");
}
