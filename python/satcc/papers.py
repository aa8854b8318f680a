"""The papers satcc implements, cited in full. Reports, `satcc list` and docs/schemes.md
name a paper by its citation; the seed file name (`../shared/seeds/NNN_*.txt`, "seed
NNN" in the catalog's sources) stays as a secondary key. Where our copy of a paper does
not state its venue or year, the citation says so rather than guess."""

from __future__ import annotations

import re

# seed key -> citation parts
PAPERS: dict[str, dict[str, str]] = {
    "seed 000": {
        "authors": "T. Taleb, N. Kato and Y. Nemoto",
        "short": "Taleb et al.",
        "title": "REFWA: An Efficient and Fair Congestion Control Scheme for LEO Satellite Networks",
        "venue": "IEEE/ACM Transactions on Networking",
        "year": "2006",
    },
    "seed 001": {
        "authors": "T. Taleb, N. Kato and Y. Nemoto",
        "short": "Taleb et al.",
        "title": "REFWA Plus: Enhancement of REFWA to Combat Link Errors in LEO Satellite Networks",
        "venue": "IEEE Workshop on High Performance Switching and Routing (HPSR)",
        "year": "2005",
    },
    "seed 002": {
        "authors": "T. Taleb, H. Nishiyama, A. Jamalipour, N. Kato and Y. Nemoto",
        "short": "Taleb et al.",
        "title": "A Fair TCP-Based Congestion Avoidance Approach for One-to-Many Private Networks",
        "venue": "IEEE International Conference on Communications (ICC)",
        "year": "2006",
    },
    "seed 003": {
        "authors": "H. Obata, S. Nishimoto and K. Ishida",
        "short": "Obata et al.",
        "title": "TCP Congestion Control Method of Improving Friendliness over Satellite Internet",
        "venue": "venue not stated in our copy (Hiroshima City University)",
        "year": "year not stated in our copy",
    },
    "seed 004": {
        "authors": "H. Nishiyama, T. Taleb, Y. Nemoto, A. Jamalipour and N. Kato",
        "short": "Nishiyama et al.",
        "title": "Enhancements of T-REFWA to Mitigate Link Error-Related Degradations in Hybrid "
                 "Wired/Wireless Networks",
        "venue": "Journal of Communications and Networks (JCN)",
        "year": "year not stated in our copy",
    },
}

_KEY = re.compile(r"seed (00\d)")


def citation(key: str) -> str:
    """The full citation of a paper: authors, "title", venue, year [seed NNN]."""
    p = PAPERS[key]
    return f"{p['authors']}, \"{p['title']}\", {p['venue']}, {p['year']} [{key}]"


def short(key: str) -> str:
    """A short in-text citation: first author et al., venue's short name and year."""
    p = PAPERS[key]
    venue = re.search(r"\(([A-Z]+)\)", p["venue"])
    where = venue.group(1) if venue else ("IEEE/ACM ToN" if "Transactions on Networking" in p["venue"] else "")
    year = p["year"] if p["year"][:1].isdigit() else ""
    return ", ".join(x for x in (p["short"], " ".join(y for y in (where, year) if y)) if x) + f" [{key}]"


def cited(text: str) -> str:
    """`text` with each "seed NNN" it names replaced by the paper's short citation."""
    return _KEY.sub(lambda m: short(m.group(0)) if m.group(0) in PAPERS else m.group(0), text)


def keys_in(*texts: str) -> list[str]:
    """The papers the texts name, in order of first mention."""
    out: list[str] = []
    for t in texts:
        for m in _KEY.finditer(t or ""):
            if m.group(0) in PAPERS and m.group(0) not in out:
                out.append(m.group(0))
    return out
