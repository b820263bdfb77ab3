#!/usr/bin/env python3
"""Counts the instructions of the profile driver's rows under callgrind and
prints the instruction-count tables of BENCHMARKS.md.

    cd benches && cargo build --release --example profile
    python3 callgrind.py                        # count every row, print the tables
    python3 callgrind.py --only manifolds       # one table
    python3 callgrind.py --write ../BENCHMARKS.md

Each figure is `(Ir(R) − Ir(0)) / (n · R)`: the instructions of a run of
`examples/profile.rs` with R passes, less those of the same run with none
(the set-up alone), divided by the passes and the number of queries in a
pass (64 pose pairs or 64 directions; one build). Counts are repeatable to
a few instructions on any machine, busy or not.

The tables sit in BENCHMARKS.md between `<!-- callgrind:NAME -->` and
`<!-- /callgrind -->`; `--write FILE` replaces those of the tables counted
and leaves the rest of FILE alone. A whole run takes tens of minutes.
"""

import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DASH = "–"

# (set, query) of `examples/profile.rs`, f64, 20 passes.
QUERY_ROWS = [
    (s, q)
    for s in ["ball-ball", "ball-box", "box", "capsule-box"]
    for q in ["intersects", "distance", "contact"]
    if q != "intersects" or s == "box"
] + [
    ("hull8", "distance"), ("hull8", "contact"), ("hull32", "distance"), ("hull32", "contact"),
    ("hull8-auto", "distance"), ("hull32-auto", "distance"), ("hull32-auto", "contact"),
    ("hull256-auto", "distance"), ("hull256-auto", "contact"),
    ("hull256-packed", "distance"), ("hull256-climb", "distance"), ("hull2048-climb", "distance"),
    ("polygon8", "distance"), ("polygon8", "contact"),
    ("mesh-panda_finger", "distance"), ("mesh-panda_finger", "contact"),
    ("mesh-panda_link1", "contact"),
]

MANIFOLD_SETS = ["box-rest", "box", "hull32", "hull256"]
BUILD_CLOUDS = ["panda_finger", "panda_link6", "iiwa_link0", "sphere1000"]
# (label, set suffix, precision) of the large-hull support maps.
HULL_KINDS = [
    ("`hull::Scanned`", "", "f64"),
    ("`hull::Packed` f64", "-packed", "f64"),
    ("`hull::Packed` f32", "-packed", "f32"),
    ("`hull::Climbing` f64", "-climb", "f64"),
    ("`hull::Climbing` f32", "-climb", "f32"),
]


def group(n):
    return DASH if n is None else f"{round(n):,}"


def ratio(theirs, ours):
    return f"{theirs / ours:.2f}" if ours and theirs else DASH


class Counter:
    def __init__(self, binary, valgrind):
        self.binary = binary
        self.valgrind = valgrind
        self.tmp = tempfile.TemporaryDirectory(prefix="gjk-callgrind-")

    def total(self, args):
        """Instructions of one run of the driver, or None if it failed."""
        out = os.path.join(self.tmp.name, "callgrind.out")
        if os.path.exists(out):
            os.remove(out)
        cmd = [self.valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", self.binary] + args
        try:
            subprocess.run(cmd, cwd=HERE, check=True, capture_output=True)
            with open(out) as f:
                text = f.read()
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"callgrind: {' '.join(args)}: {e}", file=sys.stderr)
            return None
        found = re.findall(r"^(?:totals|summary):\s*(\d+)", text, re.M)
        return int(found[-1]) if found else None

    def per(self, args, passes, n):
        """`(Ir(R) − Ir(0)) / (n R)` for the driver's arguments
        `set query lib` (+ `extra`), R = `passes`."""
        set_, query, lib, *extra = args
        full = self.total([set_, query, lib, str(passes)] + extra)
        empty = self.total([set_, query, lib, "0"] + extra)
        if full is None or empty is None:
            return None
        value = (full - empty) / (n * passes)
        print(f"{' '.join(args)}: {value:,.0f}", file=sys.stderr)
        return value


def queries(c, head):
    out = [
        "| set | query | gjk | parry | parry/gjk | measured |",
        "|---|---|--:|--:|--:|---|",
    ]
    for s, q in QUERY_ROWS:
        ours = c.per([s, q, "gjk"], 20, 64)
        theirs = c.per([s, q, "parry"], 20, 64)
        out.append(f"| {s} | `{q}` | {group(ours)} | {group(theirs)} | {ratio(theirs, ours)} | {head} |")
    return out


def manifolds(c, head):
    out = ["| set | gjk | parry | parry/gjk |", "|---|--:|--:|--:|"]
    for s in MANIFOLD_SETS:
        ours = c.per([s, "manifold", "gjk"], 20, 64)
        theirs = c.per([s, "manifold", "parry"], 20, 64)
        out.append(f"| {s} | {group(ours)} | {group(theirs)} | {ratio(theirs, ours)} |")
    return out


def build(c, head):
    out = ["| cloud | gjk | parry | parry/gjk |", "|---|--:|--:|--:|"]
    for cloud in BUILD_CLOUDS:
        ours = c.per([cloud, "build", "gjk"], 5, 1)
        theirs = c.per([cloud, "build", "parry"], 5, 1)
        out.append(f"| {cloud} | {group(ours)} | {group(theirs)} | {ratio(theirs, ours)} |")
    return out


def large_hulls(c, head):
    out = [
        "| shape | support, 256 points | support, 2048 points |",
        "|---|--:|--:|",
    ]
    for label, kind, prec in HULL_KINDS:
        extra = ["f32"] if prec == "f32" else []
        support = [c.per([f"hull{n}{kind}", "support", "gjk"] + extra, 20, 64) for n in (256, 2048)]
        out.append(f"| {label} | " + " | ".join(group(x) for x in support) + " |")
    return out


TABLES = [
    ("queries", queries),
    ("manifolds", manifolds),
    ("build", build),
    ("large-hulls", large_hulls),
]


def commit():
    try:
        return subprocess.run(
            ["git", "-C", HERE, "rev-parse", "--short=8", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip() or "?"
    except (OSError, subprocess.CalledProcessError):
        return "?"


MARKED = re.compile(r"(<!-- callgrind:([A-Za-z0-9_-]+) -->\n)(.*?)(<!-- /callgrind -->)", re.S)


def write(path, tables):
    with open(path, encoding="utf-8") as f:
        text = f.read()

    def replace(m):
        name = m.group(2)
        if name not in tables:
            return m.group(0)
        print(f"{path}: {name} replaced", file=sys.stderr)
        return m.group(1) + "\n".join(tables[name]) + "\n" + m.group(4)

    new = MARKED.sub(replace, text)
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", metavar="FILE", help="replace the marked tables of FILE")
    parser.add_argument("--only", metavar="NAME", action="append", choices=[n for n, _ in TABLES],
                        help="count this table only (repeatable)")
    parser.add_argument("--binary", default=os.path.join(HERE, "target", "release", "examples", "profile"),
                        help="the profile driver (default: benches/target/release/examples/profile)")
    parser.add_argument("--valgrind", default="valgrind", help="the valgrind command")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} not found: run `cargo build --release --example profile` in benches/")
    counter = Counter(args.binary, args.valgrind)
    head = commit()
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    tables = {}
    for name, make in TABLES:
        if args.only and name not in args.only:
            continue
        lines = make(counter, head)
        tables[name] = [f"Counted {today}, gjk at {head}, f64 unless marked.", ""] + lines
    if args.write:
        write(args.write, tables)
        return
    for name, lines in tables.items():
        print(f"<!-- callgrind:{name} -->")
        print("\n".join(lines))
        print("<!-- /callgrind -->\n")


if __name__ == "__main__":
    main()
