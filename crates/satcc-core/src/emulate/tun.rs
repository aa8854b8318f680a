//! TUN devices: a real host's packets come out of its TUN's file descriptor and the
//! packets satcc delivers to it go in. Opened without packet information (IFF_NO_PI,
//! raw IPv4 frames) and without the virtio-net header (no segmentation offloads: a
//! packet is what the wire would carry), non-blocking.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

const TUNSETIFF: libc::c_ulong = 0x4004_54ca;
const IFF_TUN: libc::c_short = 0x0001;
const IFF_NO_PI: libc::c_short = 0x1000;

/// An open TUN device.
pub struct Tun {
    fd: OwnedFd,
    pub name: String,
}

#[repr(C)]
struct IfReq {
    name: [libc::c_char; libc::IFNAMSIZ],
    flags: libc::c_short,
    _pad: [u8; 22],
}

impl Tun {
    /// Creates (or attaches to) TUN device `name` (at most 15 bytes).
    pub fn open(name: &str) -> io::Result<Tun> {
        if name.is_empty() || name.len() >= libc::IFNAMSIZ || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_') {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("TUN name {name:?}: 1 to 15 letters, digits, - or _")));
        }
        // SAFETY: a plain open(2) of a NUL-terminated constant path
        let raw = unsafe { libc::open(c"/dev/net/tun".as_ptr(), libc::O_RDWR | libc::O_NONBLOCK | libc::O_CLOEXEC) };
        if raw < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: raw is a fresh descriptor this function owns
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        let mut req = IfReq { name: [0; libc::IFNAMSIZ], flags: IFF_TUN | IFF_NO_PI, _pad: [0; 22] };
        for (d, s) in req.name.iter_mut().zip(name.bytes()) {
            *d = s as libc::c_char;
        }
        // SAFETY: TUNSETIFF reads and writes an ifreq, which IfReq lays out
        if unsafe { libc::ioctl(fd.as_raw_fd(), TUNSETIFF as _, &mut req as *mut IfReq) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(Tun { fd, name: name.to_owned() })
    }

    pub fn raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// One packet into `buf`; None if none is waiting.
    pub fn recv(&self, buf: &mut [u8]) -> io::Result<Option<usize>> {
        // SAFETY: buf is valid for buf.len() bytes
        let n = unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == io::ErrorKind::WouldBlock { Ok(None) } else { Err(e) };
        }
        Ok(Some(n as usize))
    }

    /// One packet out to the host. A full device queue drops it (as a link would): false.
    pub fn send(&self, pkt: &[u8]) -> io::Result<bool> {
        // SAFETY: pkt is valid for pkt.len() bytes
        let n = unsafe { libc::write(self.fd.as_raw_fd(), pkt.as_ptr().cast(), pkt.len()) };
        if n < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == io::ErrorKind::WouldBlock { Ok(false) } else { Err(e) };
        }
        Ok(true)
    }
}

/// Entries for `wait_readable`: each of `fds` watched for input.
pub fn pollfds(fds: impl IntoIterator<Item = RawFd>) -> Vec<libc::pollfd> {
    fds.into_iter().map(|fd| libc::pollfd { fd, events: libc::POLLIN, revents: 0 }).collect()
}

/// Waits until one of `fds` is readable or `timeout_ns` passes (rounded up to a
/// microsecond by ppoll's resolution); returns whether any is readable. The caller
/// builds the entries once (`pollfds`): a paced run's wait calls this on every turn of
/// its spin.
pub fn wait_readable(p: &mut [libc::pollfd], timeout_ns: u64) -> io::Result<bool> {
    let ts = libc::timespec { tv_sec: (timeout_ns / 1_000_000_000) as libc::time_t, tv_nsec: (timeout_ns % 1_000_000_000) as libc::c_long };
    // SAFETY: p holds p.len() pollfds; ts is a valid timespec; no signal mask
    let r = unsafe { libc::ppoll(p.as_mut_ptr(), p.len() as libc::nfds_t, &ts, std::ptr::null()) };
    if r < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::Interrupted { Ok(false) } else { Err(e) };
    }
    Ok(r > 0)
}
