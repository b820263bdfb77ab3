#!/usr/bin/env python3
"""Turns criterion's estimates and the benches' CSVs into the tables of
BENCHMARKS.md.

    python3 benches/report.py                        # print every table
    python3 benches/report.py --write BENCHMARKS.md  # replace them in place

Reads `benches/target/criterion/<group>/<lib>/<row>/new/estimates.json`
(criterion's median) and the CSVs the benches write beside it
(`benches/target/gjk-*.csv`); `--target DIR` reads another target directory.
A row or cell without data prints as "–", so the script runs after any
subset of the benches.

Each table is printed between marker comments, as BENCHMARKS.md holds it:

    <!-- table:NAME -->
    Measured <date>, gjk at <commit>, <machine>.

    | ... |
    <!-- /table -->

`--write FILE` replaces the text between each pair of markers whose NAME
is one of this script's tables and leaves the rest of FILE alone; a table
with no data at all is left as it is (so that running one bench and
writing does not blank the others). The date is that of the newest
estimate the table read, the commit is the checkout's `HEAD`, and the
machine is this one's processor. The instruction-count tables
(`<!-- callgrind:NAME -->`) are `callgrind.py`'s.
"""

import argparse
import csv
import datetime
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
POSES = 64
DASH = "–"

# `closest_points` is timed too (the same loop as `distance`, with a cutoff),
# but left out of the tables.
QUERIES = ["intersects", "distance", "contact"]
SETS = [
    "ball-ball", "box-box", "ball-box", "capsule-box",
    "hull8-hull8", "hull32-hull32", "hull256-hull256", "hull2048-hull2048",
    "hull256-packed", "hull2048-packed", "hull256-climb", "hull2048-climb",
    "polygon8-polygon8", "polygon64-polygon64",
]
PRECISIONS = ["f32", "f64"]
DIM_SETS = ["box-box", "hull32-hull32"]
DIMENSIONS = ["2", "3", "4", "6"]
WARM_SETS = ["box-box", "hull32-hull32", "hull256-hull256"]
WARM_FRAMES = 256
MESHES = ["panda_finger", "panda_link1", "panda_link6", "iiwa_link0"]
CLOUDS = MESHES + ["sphere1000", "sphere10000", "sphere100000"]
CAST_SETS = [
    ("ray", ["ball", "box", "capsule", "hull32"]),
    ("shape_cast", ["ball-ball", "box-box", "ball-box", "capsule-box", "hull32-hull32"]),
]
TOI_SCENES = ["box-box", "rod-ball"]
MANIFOLD_SETS = [
    "box-on-slab", "box-rest-turned", "hull32-rest-turned",
    "box-box", "hull32-hull32", "capsule-box",
]


class Data:
    """Criterion's estimates and the CSVs of one target directory; counts
    what a table found and keeps the newest estimate's time."""

    def __init__(self, target):
        self.target = target
        self.criterion = os.path.join(target, "criterion")
        self.reset()

    def reset(self):
        self.found = 0
        self.newest = None

    def median_ns(self, group, lib, row):
        """Criterion's median for one benchmark (ns per iteration), or None."""
        path = os.path.join(self.criterion, group, lib, row, "new", "estimates.json")
        try:
            with open(path) as f:
                value = json.load(f)["median"]["point_estimate"]
            mtime = os.path.getmtime(path)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        self.found += 1
        self.newest = mtime if self.newest is None else max(self.newest, mtime)
        return value

    def csv_rows(self, name):
        """The rows of `target/<name>`, or [] when it is missing."""
        path = os.path.join(self.target, name)
        try:
            with open(path, newline="") as f:
                rows = list(csv.DictReader(f))
            mtime = os.path.getmtime(path)
        except (OSError, csv.Error, UnicodeDecodeError):
            return []
        if rows:
            self.found += 1
            self.newest = mtime if self.newest is None else max(self.newest, mtime)
        return rows


def per(value, n):
    return None if value is None else value / n


def fmt_time(ns):
    if ns is None:
        return DASH
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1000:
        return f"{ns / 1000:.2f} µs"
    return f"{ns:.0f} ns"


def ratio(theirs, ours):
    return f"{theirs / ours:.2f}" if ours and theirs else DASH


def cell(row, key):
    """A CSV field as written, "–" when missing or empty."""
    value = (row or {}).get(key)
    return value if value not in (None, "") else DASH


def decimals(value, places):
    try:
        return f"{float(value):.{places}f}"
    except (TypeError, ValueError):
        return DASH


def sci(value, digits=2):
    """`7.2e-9` style: `digits` significant digits, no exponent padding."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        return DASH
    if x == 0:
        return "0"
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def versus_parry(d):
    iters = {(r.get("precision"), r.get("set")): r for r in d.csv_rows("gjk-iterations.csv")}
    out = [
        "| query | shapes | gjk f32 | parry f32 | parry/gjk f32 | gjk f64 | parry f64 | parry/gjk f64 | gjk iters | parry iters |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for q in QUERIES:
        for s in SETS:
            cells = [q, s]
            for prec in PRECISIONS:
                ours = per(d.median_ns(f"{q}-{prec}", "gjk", s), POSES)
                theirs = per(d.median_ns(f"{q}-{prec}", "parry", s), POSES)
                cells += [fmt_time(ours), fmt_time(theirs), ratio(theirs, ours)]
            it = iters.get(("f64", s))
            if q == "intersects":
                cells += ["", ""]
            elif q == "contact":
                cells += [cell(it, "gjk_contact_iters"), ""]
            else:
                cells += [cell(it, "gjk_distance_iters"), cell(it, "parry_distance_iters")]
            out.append("| " + " | ".join(cells) + " |")
    return out


def dimensions(d):
    iters = {(r.get("dimension"), r.get("set")): r for r in d.csv_rows("gjk-dimension-iterations.csv")}
    out = [
        "| shapes | D | intersects | distance | contact | distance iters | contact iters |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for s in DIM_SETS:
        for dim in DIMENSIONS:
            row = f"{s}-D{dim}"
            t = [fmt_time(per(d.median_ns(f"dim-{q}", "gjk", row), POSES)) for q in QUERIES]
            it = iters.get((dim, s))
            out.append(
                f"| {s} | {dim} | {t[0]} | {t[1]} | {t[2]} | "
                f"{cell(it, 'gjk_distance_iters')} | {cell(it, 'gjk_contact_iters')} |"
            )
    return out


def warm_start(d):
    rows = {r.get("set"): r for r in d.csv_rows("gjk-warm-iterations.csv")}
    sets = WARM_SETS + [s for s in rows if s not in WARM_SETS]
    out = [
        "| shapes | cold | direction | cache | cold/cache | iters cold | iters direction | iters cache |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for s in sets:
        t = {m: per(d.median_ns("warm-distance", m, s), WARM_FRAMES) for m in ["cold", "direction", "cache"]}
        r = rows.get(s)
        out.append(
            f"| {s} | {fmt_time(t['cold'])} | {fmt_time(t['direction'])} | {fmt_time(t['cache'])} | "
            f"{ratio(t['cold'], t['cache'])} | {cell(r, 'cold_iters')} | "
            f"{cell(r, 'direction_iters')} | {cell(r, 'cache_iters')} |"
        )
    return out


def real_meshes(d):
    names = [r.get("mesh") for r in d.csv_rows("gjk-mesh.csv") if r.get("precision") == "f64"]
    meshes = MESHES + [m for m in names if m and m not in MESHES]
    out = [
        "| query | " + " | ".join(meshes) + " |",
        "|---|" + "--:|" * len(meshes),
    ]
    for q in QUERIES:
        cells = []
        for m in meshes:
            pair = []
            for prec in PRECISIONS:
                ours = d.median_ns(f"mesh-{q}-{prec}", "gjk", m)
                theirs = d.median_ns(f"mesh-{q}-{prec}", "parry", m)
                pair.append(ratio(theirs, ours))
            cells.append(" / ".join(pair))
        out.append(f"| `{q}` | " + " | ".join(cells) + " |")
    return out


def hull_build(d):
    names = [r.get("cloud") for r in d.csv_rows("gjk-mesh-build.csv")]
    clouds = CLOUDS + [c for c in names if c and c not in CLOUDS]
    cells = []
    for c in clouds:
        ours = d.median_ns("mesh-build", "gjk", c)
        theirs = d.median_ns("mesh-build", "parry", c)
        cells.append(ratio(theirs, ours))
    return [
        "| | " + " | ".join(clouds) + " |",
        "|---|" + "--:|" * len(clouds),
        "| build, parry/gjk | " + " | ".join(cells) + " |",
    ]


def casts(d):
    out = [
        "| query | shapes | gjk f32 | parry f32 | parry/gjk f32 | gjk f64 | parry f64 | parry/gjk f64 |",
        "|---|---|--:|--:|--:|--:|--:|--:|",
    ]
    for q, sets in CAST_SETS:
        for s in sets:
            cells = [q, s]
            for prec in PRECISIONS:
                ours = per(d.median_ns(f"{q}-{prec}", "gjk", s), POSES)
                theirs = per(d.median_ns(f"{q}-{prec}", "parry", s), POSES)
                cells += [fmt_time(ours), fmt_time(theirs), ratio(theirs, ours)]
            out.append("| " + " | ".join(cells) + " |")
    return out


def time_of_impact(d):
    rows = {r.get("scene"): r for r in d.csv_rows("gjk-toi.csv")}
    out = [
        "| scene | gjk (64 casts) | parry (64 casts) | parry/gjk | hits gjk / parry | largest `t` gap | gjk iterations |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for s in TOI_SCENES + [s for s in rows if s and s not in TOI_SCENES]:
        ours = d.median_ns("toi-f64", "gjk", s)
        theirs = d.median_ns("toi-f64", "parry", s)
        r = rows.get(s)
        out.append(
            f"| {s} | {fmt_time(ours)} | {fmt_time(theirs)} | {ratio(theirs, ours)} | "
            f"{cell(r, 'gjk_hits')} / {cell(r, 'parry_hits')} | {sci(cell(r, 'max_t_gap'))} | "
            f"{decimals(cell(r, 'gjk_iters'), 1)} |"
        )
    return out


def manifolds(d):
    out = [
        "| set | f32 gjk | f32 parry | parry/gjk f32 | f64 gjk | f64 parry | parry/gjk f64 |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for s in MANIFOLD_SETS:
        cells = [s]
        for prec in PRECISIONS:
            ours = d.median_ns(f"manifold-{prec}", "gjk", s)
            theirs = d.median_ns(f"manifold-{prec}", "parry", s)
            cells += [fmt_time(ours), fmt_time(theirs), ratio(theirs, ours)]
        out.append("| " + " | ".join(cells) + " |")
    return out


def peers(d):
    """Box2D v3 (2D) and Box3D (3D), `f32`, from the CSVs of `versus_box2d`
    and `versus_box3d`: rows both libraries answer."""
    out = [
        "| row | gjk | peer | peer/gjk | max gap |",
        "|---|--:|--:|--:|--:|",
    ]
    for peer, name in [("Box2D", "gjk-box2d.csv"), ("Box3D", "gjk-box3d.csv")]:
        for row in d.csv_rows(name):
            theirs = row.get("peer_ns_per_query") or ""
            if not theirs:
                continue
            ours = float(row["gjk_ns_per_query"])
            gap = row.get("max_gap") or ""
            cells = [
                f"{peer}: {row['row']}",
                fmt_time(ours),
                fmt_time(float(theirs)),
                ratio(float(theirs), ours),
                sci(float(gap)) if gap else DASH,
            ]
            out.append("| " + " | ".join(cells) + " |")
    return out


TABLES = [
    ("versus-parry", versus_parry),
    ("peers", peers),
    ("dimensions", dimensions),
    ("warm-start", warm_start),
    ("real-meshes", real_meshes),
    ("hull-build", hull_build),
    ("casts", casts),
    ("time-of-impact", time_of_impact),
    ("manifolds", manifolds),
]


def commit():
    try:
        out = subprocess.run(
            ["git", "-C", HERE, "rev-parse", "--short=8", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        return out or "?"
    except (OSError, subprocess.CalledProcessError):
        return "?"


def machine():
    model = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count()
    model = re.sub(r"\s+", " ", model or "unknown processor")
    return f"{model}, {cores} cores" if cores else model


def caption(d, head, cpu):
    if d.newest is None:
        return f"Not measured: no data in {d.target}."
    when = datetime.datetime.fromtimestamp(d.newest, datetime.timezone.utc).strftime("%Y-%m-%d")
    return f"Measured {when}, gjk at {head}, {cpu}."


def generate(data):
    """{name: (lines between the markers, whether any data was found)}."""
    head, cpu = commit(), machine()
    tables = {}
    for name, make in TABLES:
        data.reset()
        lines = make(data)
        tables[name] = ([caption(data, head, cpu), ""] + lines, data.found > 0)
    return tables


MARKED = re.compile(r"(<!-- table:([A-Za-z0-9_-]+) -->\n)(.*?)(<!-- /table -->)", re.S)


def write(path, tables):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    seen = set()

    def replace(m):
        name = m.group(2)
        seen.add(name)
        if name not in tables:
            print(f"{path}: unknown table {name!r}, left as it is", file=sys.stderr)
            return m.group(0)
        lines, found = tables[name]
        if not found:
            print(f"{path}: no data for {name!r}, left as it is", file=sys.stderr)
            return m.group(0)
        print(f"{path}: {name} replaced", file=sys.stderr)
        return m.group(1) + "\n".join(lines) + "\n" + m.group(4)

    new = MARKED.sub(replace, text)
    for name in tables:
        if name not in seen:
            print(f"{path}: no markers for {name!r}", file=sys.stderr)
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", metavar="FILE", help="replace the marked tables of FILE")
    parser.add_argument(
        "--target", metavar="DIR", default=os.path.join(HERE, "target"),
        help="the benches' target directory (default: benches/target)",
    )
    args = parser.parse_args()
    tables = generate(Data(args.target))
    if args.write:
        write(args.write, tables)
        return
    for name, _ in TABLES:
        lines, _ = tables[name]
        print(f"<!-- table:{name} -->")
        print("\n".join(lines))
        print("<!-- /table -->\n")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `report.py | head`
        sys.stderr.close()
