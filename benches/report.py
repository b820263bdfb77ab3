#!/usr/bin/env python3
"""Turns criterion's estimates and the iteration CSVs into the tables of
BENCHMARKS.md (printed to stdout). Run from benches/ after `cargo bench`."""

import csv
import json
import os

POSES = 64
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "target")
CRIT = os.path.join(ROOT, "criterion")
QUERIES = ["intersects", "distance", "closest_points", "contact"]
SETS = [
    "ball-ball", "box-box", "ball-box", "capsule-box",
    "hull8-hull8", "hull32-hull32", "hull256-hull256", "hull2048-hull2048",
    "hull256-packed", "hull2048-packed", "hull256-climb", "hull2048-climb",
    "polygon8-polygon8", "polygon64-polygon64",
]


def per_query_ns(group, lib, row):
    path = os.path.join(CRIT, group, lib, row, "new", "estimates.json")
    try:
        with open(path) as f:
            est = json.load(f)
    except OSError:
        return None
    return est["median"]["point_estimate"] / POSES


def fmt_time(ns):
    if ns is None:
        return "–"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1000:
        return f"{ns / 1000:.2f} µs"
    return f"{ns:.0f} ns"


def target(query, row):
    """The project's target ratio parry/ours for a row, or None."""
    big = row.startswith("hull256") or row.startswith("hull2048")
    if query == "intersects":
        return 3.0 if big else 2.0
    if query in ("distance", "closest_points"):
        return 3.0 if big else 1.5
    return 3.0 if big else None


def main():
    iters = {}
    path = os.path.join(ROOT, "gjk-iterations.csv")
    if os.path.exists(path):
        with open(path) as f:
            for r in csv.DictReader(f):
                iters[(r["precision"], r["set"])] = r
    for prec in ["f32", "f64"] if iters else []:
        print(f"\n### {prec} (parry{'' if prec == 'f32' else ' -f64 crates'})\n")
        print("| query | shapes | gjk | parry | parry/gjk | target | | gjk iters | parry iters |")
        print("|---|---|--:|--:|--:|--:|---|--:|--:|")
        for q in QUERIES:
            for s in SETS:
                ours = per_query_ns(f"{q}-{prec}", "gjk", s)
                theirs = per_query_ns(f"{q}-{prec}", "parry", s)
                ratio = theirs / ours if ours and theirs else None
                t = target(q, s)
                mark = "" if t is None else ("met" if ratio and ratio >= t else "**missed**")
                it = iters.get((prec, s), {})
                ours_it = it.get("gjk_contact_iters" if q == "contact" else "gjk_distance_iters", "")
                theirs_it = it.get("parry_distance_iters", "") if q != "contact" else ""
                if q == "intersects":
                    ours_it, theirs_it = "", ""
                print(
                    f"| {q} | {s} | {fmt_time(ours)} | {fmt_time(theirs)} | "
                    f"{ratio:.2f} | {'≥ ' + str(t) if t else '–'} | {mark} | {ours_it} | {theirs_it} |"
                    if ratio
                    else f"| {q} | {s} | {fmt_time(ours)} | {fmt_time(theirs)} | – | – | | | |"
                )
    dims = {}
    path = os.path.join(ROOT, "gjk-dimension-iterations.csv")
    if os.path.exists(path):
        with open(path) as f:
            for r in csv.DictReader(f):
                dims[(r["dimension"], r["set"])] = r
        print("\n### Dimension (gjk alone, f64)\n")
        print("| shapes | D | intersects | distance | contact | distance iters | contact iters |")
        print("|---|--:|--:|--:|--:|--:|--:|")
        for s in ["box-box", "hull32-hull32"]:
            for d in ["2", "3", "4", "6"]:
                row = f"{s}-D{d}"
                t = [fmt_time(per_query_ns(f"dim-{q}", "gjk", row)) for q in ["intersects", "distance", "contact"]]
                it = dims.get((d, s), {})
                print(f"| {s} | {d} | {t[0]} | {t[1]} | {t[2]} | {it.get('gjk_distance_iters', '')} | {it.get('gjk_contact_iters', '')} |")
    path = os.path.join(ROOT, "gjk-warm-iterations.csv")
    if os.path.exists(path):
        print("\n### Warm start (gjk alone, f64, 3D, 256-frame coherent motion)\n")
        print("| shapes | cold | direction | cache | cold/cache | iters cold | iters direction | iters cache |")
        print("|---|--:|--:|--:|--:|--:|--:|--:|")
        with open(path) as f:
            for r in csv.DictReader(f):
                s = r["set"]
                t = {}
                for mode in ["cold", "direction", "cache"]:
                    p = os.path.join(CRIT, "warm-distance", mode, s, "new", "estimates.json")
                    try:
                        with open(p) as g:
                            t[mode] = json.load(g)["median"]["point_estimate"] / 256
                    except OSError:
                        t[mode] = None
                ratio = t["cold"] / t["cache"] if t["cold"] and t["cache"] else None
                print(
                    f"| {s} | {fmt_time(t['cold'])} | {fmt_time(t['direction'])} | {fmt_time(t['cache'])} | "
                    f"{ratio:.2f} | {r['cold_iters']} | {r['direction_iters']} | {r['cache_iters']} |"
                    if ratio else f"| {s} | – | – | – | – | | | |"
                )
    meshes()
    casts()


MESH_QUERIES = ["intersects", "distance", "contact"]


def estimate_ns(group, lib, row):
    """Criterion's median for one row, in ns per call, or None."""
    path = os.path.join(CRIT, group, lib, row, "new", "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["median"]["point_estimate"]
    except OSError:
        return None


def ratio(theirs, ours):
    return f"{theirs / ours:.2f}" if ours and theirs else "–"


def meshes():
    """The tables of `benches/real_meshes.rs`, when it has run."""
    path = os.path.join(ROOT, "gjk-mesh.csv")
    if not os.path.exists(path):
        return
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for prec in ["f32", "f64"]:
        print(f"\n### Real meshes, {prec} (gjk: Hull built from the raw vertices; scan: ConvexHull of the hull vertices)\n")
        print("| query | mesh | points | hull vertices gjk / parry | gjk | gjk scan | parry | parry/gjk | parry/scan | gjk iters |")
        print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
        for q in MESH_QUERIES:
            for r in rows:
                if r["precision"] != prec:
                    continue
                m = r["mesh"]
                t = {lib: per_query_ns(f"mesh-{q}-{prec}", lib, m) for lib in ["gjk", "gjk-scan", "parry"]}
                it = {"distance": r["gjk_distance_iters"], "contact": r["gjk_contact_iters"]}.get(q, "")
                print(
                    f"| {q} | {m} | {r['points']} | {r['gjk_vertices']} / {r['parry_vertices']} | "
                    f"{fmt_time(t['gjk'])} | {fmt_time(t['gjk-scan'])} | {fmt_time(t['parry'])} | "
                    f"{ratio(t['parry'], t['gjk'])} | {ratio(t['parry'], t['gjk-scan'])} | {it} |"
                )
        print("\n| mesh | poses both converged | max distance gap (climbing) | max gap (scan) | poses where parry is above our certified distance |")
        print("|---|--:|--:|--:|--:|")
        for r in rows:
            if r["precision"] == prec:
                print(f"| {r['mesh']} | {r['both_converged']} | {r['max_gap_climb']} | {r['max_gap_scan']} | {r['parry_high']} |")
    path = os.path.join(ROOT, "gjk-mesh-build.csv")
    if not os.path.exists(path):
        return
    print("\n### Hull build, f64 (gjk: BuiltHull into reused storage; gjk alloc: storage allocated and output compacted)\n")
    print("| cloud | points | hull vertices gjk / parry | triangles gjk / parry | gjk | gjk alloc | parry | parry/gjk | parry/gjk alloc |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    with open(path) as f:
        for r in csv.DictReader(f):
            c = r["cloud"]
            t = {lib: estimate_ns("mesh-build", lib, c) for lib in ["gjk", "gjk-alloc", "parry"]}
            print(
                f"| {c} | {r['points']} | {r['gjk_vertices']} / {r['parry_vertices']} | "
                f"{r['gjk_triangles']} / {r['parry_triangles']} | {fmt_time(t['gjk'])} | "
                f"{fmt_time(t['gjk-alloc'])} | {fmt_time(t['parry'])} | "
                f"{ratio(t['parry'], t['gjk'])} | {ratio(t['parry'], t['gjk-alloc'])} |"
            )


CAST_SETS = {
    "ray": ["ball", "box", "capsule", "hull32"],
    "shape_cast": ["ball-ball", "box-box", "ball-box", "capsule-box", "hull32-hull32"],
}


def casts():
    """The tables of `benches/casts.rs`, when it has run."""
    path = os.path.join(ROOT, "gjk-casts.csv")
    if not os.path.exists(path):
        return
    with open(path) as f:
        rows = {(r["precision"], r["query"], r["set"]): r for r in csv.DictReader(f)}
    for prec in ["f32", "f64"]:
        print(f"\n### Casts, {prec} (64 seeded inputs per row; rays: a third head-on, a third grazing, a third missing; shape casts: two thirds hit)\n")
        print("| query | shapes | gjk | parry | parry/gjk | hits gjk / parry | t disagreements | max relative t gap | gjk iters |")
        print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
        for q, sets in CAST_SETS.items():
            for s in sets:
                ours = per_query_ns(f"{q}-{prec}", "gjk", s)
                theirs = per_query_ns(f"{q}-{prec}", "parry", s)
                r = rows.get((prec, q, s), {})
                hits = ""
                if r:
                    parry_hits = int(r["both_hit"]) + int(r["parry_only"])
                    hits = f"{r['gjk_hits']} / {parry_hits}"
                print(
                    f"| {q} | {s} | {fmt_time(ours)} | {fmt_time(theirs)} | {ratio(theirs, ours)} | "
                    f"{hits} | {r.get('t_disagree', '')} | {r.get('max_rel_t_gap', '')} | {r.get('gjk_iters', '')} |"
                )


if __name__ == "__main__":
    main()
