#!/usr/bin/env python3
"""Import graph, cycles and layer check for the crate's sources (src/).

Every `use` (crate::, super::, self::, child::; nested braces, aliases, globs,
`pub use`), every path in code (`crate::a::f(..)`, `super::x::Y`) and every
call of another file's `macro_rules!` macro is resolved, through re-exports,
to the file that DEFINES the item: edge A -> B = "A uses an item defined in
B". A module declaring `mod child;` or re-exporting `pub use child::X` does
not depend on the child unless its own code uses X. Comments, strings,
`#[cfg(test)]` items and cfg(test)-only files are ignored. Reports cycles
(file and top-level module SCCs, with their edges and shortest loops), layer
violations (a lower layer using a higher one; see LAYERS), unlayered files,
uses between top-level modules, and over-long files.

    python3 tools/layers.py [--check] [--dot] [--max-lines N] [--max-mod-lines M]
  --check            only the problems; exit 1 on any cycle, layer violation
                     or over-long file, else 0
  --dot              the top-level module graph as Graphviz DOT
  --max-lines N      flag any .rs file longer than N lines
  --max-mod-lines M  flag any mod.rs with more than M lines of code
  --src DIR          read DIR instead of the src/ next to tools/
"""
import argparse, os, re, sys
from collections import defaultdict, deque
from types import SimpleNamespace as Record

# Layer of each path prefix (relative to src/; the longest matching prefix
# wins). A lower layer must not use a higher one; within a layer is fine.
LAYERS = [
    ("math/", 0),
    ("shape/", 1),
    ("simplex/", 2),
    ("engine/", 3),
    ("epa/", 4),
    ("query/", 5),
    ("bounds.rs", 6), ("mass/", 6), ("shape_enum.rs", 6), ("trace/", 6), ("serialize.rs", 6), ("test_lcg.rs", 6),
    ("compound/", 7),
    ("lib.rs", 9),
]

IDENT = re.compile(r"[A-Za-z_]\w*$")
TOKEN = re.compile(r"r#[A-Za-z_]\w*|[A-Za-z_]\w*|::|\"\"|\S")
LEXEME = re.compile(r"//[^\n]*|/\*|(?<!\w)[bc]?r(#*)\"|(?<!\w)[bc]?\"|"
                    r"(?<!\w)b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]*\}|.)|[^\\'\n])'")
STRING_REST = re.compile(r'(?:[^"\\]|\\.)*("|$)', re.S)
ITEM_KW = {"struct", "enum", "trait", "fn", "const", "static", "type", "union"}
QUALIFIERS = {"unsafe", "async", "extern", '""', "default"}
OPEN, CLOSE = "([{", ")]}"

def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None

def strip(text):
    """The text without comments, each string or char literal as "" (lines kept)."""
    out, i = [], 0
    while (m := LEXEME.search(text, i)):
        out.append(text[i:m.start()])
        j, lex = m.end(), m.group()
        if lex.startswith("/*"):  # block comments nest
            depth = 1
            while depth and j < len(text):
                k = min((x for x in (text.find("/*", j), text.find("*/", j)) if x >= 0), default=len(text))
                depth, j = depth + (1 if text.startswith("/*", k) else -1), k + 2
        elif lex[0] != "/" and m.group(1) is not None:  # raw string, ends at "##
            k = text.find('"' + m.group(1), j)
            j = len(text) if k < 0 else k + 1 + len(m.group(1))
        elif lex[0] != "/" and lex.endswith('"'):
            j = STRING_REST.match(text, j).end()
        out.append((" " if lex[0] == "/" else '""') + "\n" * text.count("\n", m.start(), j))
        i = j
    return "".join(out) + text[i:]

def skip_item(toks, i, end):
    """Index just past the item (or statement) at i: its `;` or its `{..}` block."""
    depth = 0
    for j in range(i, end):
        depth += (toks[j] in OPEN) - (toks[j] in CLOSE)
        if depth < 0:
            return j
        if depth == 0 and toks[j] in ";}":
            return j + 1
    return end

def close(toks, i):
    """Index of the bracket closing the one at i."""
    depth = 0
    for j in range(i, len(toks)):
        depth += (toks[j] in OPEN) - (toks[j] in CLOSE)
        if depth == 0:
            return j
    return len(toks) - 1

def parse_tree(ts, i, prefix, out):
    """Flatten the use tree at ts[i] into out as (path, bound name or '*'); next index."""
    path = list(prefix)
    while i < len(ts):
        t = ts[i]
        if t == "{":
            i += 1
            while i < len(ts) and ts[i] != "}":
                i = parse_tree(ts, i, path, out)
                i += ts[i:i + 1] == [","]
            return i + 1
        if t == "*":
            out.append((path, "*"))
            return i + 1
        path.append(t)  # a leading "::" (another crate) stays in the path
        i += 1
        if t == "::" or ts[i:i + 1] == ["::"]:
            i += t != "::"
            continue
        name, i = (ts[i + 1], i + 2) if ts[i:i + 1] == ["as"] else (t, i)
        if t == "self":  # `use a::{self}`
            path = path[:-1]
            name = path[-1] if name == "self" and path else name
        out.append((path, name))
        return i
    return i

class Mod:
    """A module: a file's, or an inline `mod x { .. }` in its file."""
    def __init__(self, name, parent, file, dir):
        self.name, self.parent, self.file, self.dir = name, parent, file, dir
        self.children, self.items, self.uses = {}, {}, []  # items: name -> defining Mod
        self.path = (parent.path + (name,)) if parent else ()
        if parent:
            parent.children[name] = self

class Crate:
    def __init__(self, src):
        self.src, self.files, self.warnings = src, {}, []
        self.macros = defaultdict(set)  # macro_rules name -> files defining it
        lib = "lib.rs" if os.path.exists(os.path.join(src, "lib.rs")) else "main.rs"
        self.root = Mod("crate", None, lib, "")
        self.load(lib, self.root)

    def load(self, rel, mod):
        if (text := read(os.path.join(self.src, rel))) is None:
            return self.warnings.append(f"cannot read {rel} (moved?)")
        toks = [t[2:] if t.startswith("r#") else t for t in TOKEN.findall(strip(text))]
        n, toks = len(toks), toks + ["\0"] * 4  # sentinels: look-ahead never runs off the end
        # mask: test-only code, `use` and `mod` declarations (not code using names)
        fi = self.files[rel] = Record(rel=rel, toks=toks, test=[False] * len(toks),
                                      mask=[False] * len(toks), modof=[mod] * len(toks), uses=[], mod=mod)
        for i in range(n):  # every #[cfg(test)] item at any depth; #![cfg(test)]: the file
            if toks[i] == "#" and (toks[i + 1] == "[" or toks[i + 1:i + 3] == ["!", "["]):
                k = close(toks, i + 1 + (toks[i + 1] == "!"))
                attr = toks[i + 2 + (toks[i + 1] == "!"):k]
                if attr[:1] == ["cfg"] and "test" in attr and "not" not in attr:
                    while toks[i + 1] != "!" and toks[k + 1] == "#":  # more attributes
                        k = close(toks, k + 2)
                    s, e = (0, n) if toks[i + 1] == "!" else (i, skip_item(toks, k + 1, n))
                    fi.test[s:e] = fi.mask[s:e] = [True] * (e - s)
        self.parse_block(fi, 0, n, mod)
        for i in range(n):  # a `use` in a function body: seen by this file only
            if toks[i] == "use" and not fi.mask[i]:
                self.use_decl(fi, fi.modof[i], i, i, local=True)

    def parse_block(self, fi, i, end, mod):
        """Record the module-level items, `mod`s and `use`s of toks[i:end]."""
        toks, export = fi.toks, False
        while i < end:
            if fi.test[i] or toks[i] == "#":  # test-only code, or an attribute
                k = i if fi.test[i] else close(toks, i + 1 + (toks[i + 1] == "!"))
                export = export or toks[i + 1:k + 1] == ["[", "macro_export", "]"]
                i = k + 1
                continue
            start = i
            if toks[i] == "pub":
                i = close(toks, i + 1) + 1 if toks[i + 1] == "(" else i + 1
            while toks[i] in QUALIFIERS or toks[i] == "const" and toks[i + 1] in QUALIFIERS | {"fn"}:
                i += 1
            kw, name = toks[i], toks[i + 1]
            if kw == "mod" and toks[i + 2] == ";":  # dir/name.rs or dir/name/mod.rs
                rel = os.path.join(mod.dir, name + ".rs")
                if not os.path.exists(os.path.join(self.src, rel)):
                    rel = os.path.join(mod.dir, name, "mod.rs")
                self.load(rel, Mod(name, mod, rel, os.path.join(mod.dir, name)))
                i += 3
                fi.mask[start:i] = [True] * (i - start)
            elif kw == "mod" and toks[i + 2] == "{":
                k = close(toks, i + 2)
                child = Mod(name, mod, fi.rel, os.path.join(mod.dir, name))
                fi.modof[i + 3:k] = [child] * (k - i - 3)
                self.parse_block(fi, i + 3, k, child)
                i = k + 1
            elif kw == "use":
                i = self.use_decl(fi, mod, start, i, local=False)
            else:
                if kw == "macro_rules" and name == "!":
                    mod.items[toks[i + 2]] = mod
                    self.macros[toks[i + 2]].add(fi.rel)
                    if export:
                        self.root.items[toks[i + 2]] = mod
                elif kw in ITEM_KW and IDENT.match(name) and name != "_":
                    mod.items.setdefault(name, mod)
                i = skip_item(toks, i, end)  # also impl blocks, macro calls, ...
            export = False

    def use_decl(self, fi, mod, start, i, local):
        """Record the `use` at toks[i] (its visibility from start); index past it."""
        k, entries = skip_item(fi.toks, i, len(fi.toks)), []
        parse_tree(fi.toks[i + 1:k - 1], 0, [], entries)
        for path, bound in entries:
            fi.uses.append(Record(name=bound, path=path, pub=fi.toks[start] == "pub", mod=mod))
            if not local:
                mod.uses.append(fi.uses[-1])
        fi.mask[start:k] = [True] * (k - start)
        return k

    def lookup(self, m, name, seen):
        """('item' or 'mod', defining Mod, name) for `name` in module m, or None."""
        if (id(m), name) in seen:
            return None
        seen.add((id(m), name))
        if name in m.items:
            return ("item", m.items[name], name)
        if name in m.children:
            return ("mod", m.children[name], name)
        for u in m.uses:  # named imports and re-exports, then globs
            if u.name == name and (r := self.resolve(m, u.path, seen)):
                return r
        for u in m.uses:
            if u.name == "*" and (r := self.resolve(m, u.path, seen)) and r[0] == "mod":
                if (r := self.lookup(r[1], name, seen)):
                    return r
        return None

    def resolve(self, m, segs, seen=None):
        """Resolve a path seen in module m; stops at the first non-module item."""
        seen = set() if seen is None else seen
        if not segs or segs[0] == "::":
            return None
        i, cur = (1, self.root) if segs[0] == "crate" else (int(segs[0] == "self"), m)
        while cur and i < len(segs) and segs[i] == "super":
            cur, i = cur.parent, i + 1
        r = cur and ("mod", cur, cur.name)
        for name in segs[i:]:
            if not r or r[0] != "mod":
                break  # not found (another crate, the prelude), or an item's member
            r = self.lookup(r[1], name, seen)
        return r

    def edges(self):
        """{file A: {file B: names of the items of B that A uses}}."""
        edges = defaultdict(lambda: defaultdict(set))
        for rel, fi in self.files.items():
            toks = fi.toks
            idents = {t for i, t in enumerate(toks)  # names in code, but not `.field` or `field:`
                      if not fi.mask[i] and IDENT.match(t) and "." != toks[i - 1] and ":" != toks[i + 1]}
            add = lambda r: r and r[1].file != rel and edges[rel][r[1].file].add(r[2])
            for u in fi.uses:
                r = self.resolve(u.mod, u.path)
                if r and u.name == "*":  # a glob: the names the file's code uses
                    for name in idents if r[0] == "mod" else ():
                        add(self.lookup(r[1], name, set()))
                elif r and not (u.pub and r[1].path[:len(fi.mod.path)] == fi.mod.path
                                and u.name not in idents):  # not a parent re-exporting its child
                    add(r)
            for i, t in enumerate(toks):
                if fi.mask[i] or not IDENT.match(t) or toks[i - 1:i] == ["::"]:
                    continue
                if toks[i + 1] == "::":  # a path in code
                    segs, j = [t], i + 1
                    while toks[j] == "::" and IDENT.match(toks[j + 1]):
                        segs, j = segs + [toks[j + 1]], j + 2
                    m = fi.modof[i]
                    if len(segs) > 1 and (t in ("crate", "super", "self") or (
                            (r := self.lookup(m, t, set())) and r[0] == "mod")):
                        add(self.resolve(m, segs))
                elif toks[i + 1] == "!" and len(self.macros.get(t, ())) == 1:
                    add(("item", Record(file=min(self.macros[t])), t + "!"))
        return edges

def layer(rel):  # a "dir/" prefix also covers dir.rs, the module file of dir/
    best = max((p for p, _ in LAYERS if rel.startswith(p) or rel[:-3] + "/" == p), key=len, default=None)
    return dict(LAYERS)[best] if best is not None else None

def unit(rel):
    """The top-level module of a file: `engine`, `gjk`, `lib`."""
    return rel.split("/")[0].removesuffix(".rs")

def sccs(edges, nodes):
    """Strongly connected components with more than one node (the graphs are small)."""
    reach = {}
    for v in nodes:
        seen, todo = {v}, [v]
        while todo:
            new = set(edges.get(todo.pop(), ())) - seen
            seen |= new
            todo += new
        reach[v] = seen
    comps = {tuple(sorted(w for w in reach[v] if v in reach[w])) for v in nodes}
    return sorted(c for c in comps if len(c) > 1)

def shortest_loop(v, comp, edges):
    """The shortest loop through v inside comp, from its least node (back to it)."""
    paths, todo = {v: [v]}, deque([v])
    while todo:
        x = todo.popleft()
        for w in sorted(edges[x]):
            if w == v:
                k = paths[x].index(min(paths[x]))
                return tuple(paths[x][k:] + paths[x][:k])
            if w in comp and w not in paths:
                paths[w] = paths[x] + [w]
                todo.append(w)

def cycle_report(title, comps, edges, label):
    out = [f"{title}: {len(comps)}"] if comps else []
    for n, comp in enumerate(comps, 1):
        out.append(f"  cycle {n} ({len(comp)}): {', '.join(comp)}")
        out += [f"    {a} -> {b} : {label(a, b)}" for a in comp for b in sorted(edges[a]) if b in comp]
        loops = sorted(sorted({shortest_loop(v, set(comp), edges) for v in comp}), key=len)
        out += ["    shortest loops:"] + ["      " + " -> ".join(p + p[:1]) for p in loops]
    return out + [""] * bool(comps)

def long_files(src, files, max_lines, max_mod_lines):
    out = []
    for rel in files:
        if (text := read(os.path.join(src, rel))) is None:
            continue
        lines, code = len(text.splitlines()), sum(1 for x in strip(text).splitlines() if x.strip())
        if max_lines is not None and lines > max_lines:
            out.append(f"  {rel}: {lines} lines (max {max_lines})")
        if max_mod_lines is not None and rel.endswith("mod.rs") and code > max_mod_lines:
            out.append(f"  {rel}: {code} lines of code (max {max_mod_lines} for a mod.rs)")
    return [f"Over-long files: {len(out)}"] + out + [""] if out else []

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--dot", action="store_true")
    ap.add_argument("--max-lines", type=int, metavar="N")
    ap.add_argument("--max-mod-lines", type=int, metavar="M")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
    args = ap.parse_args()
    crate = Crate(os.path.normpath(args.src))
    edges, files = crate.edges(), sorted(crate.files)
    on_disk = sorted(os.path.relpath(os.path.join(d, f), crate.src)
                     for d, _, fs in os.walk(crate.src) for f in fs if f.endswith(".rs"))
    names = lambda s: ", ".join(sorted(s))
    show = lambda r: "?" if r is None else r
    rank = {}  # top-level module -> the layer of its root file
    for f in files:
        if f in (unit(f) + ".rs", unit(f) + "/mod.rs") or rank.get(unit(f)) is None:
            rank[unit(f)] = layer(f)
    by_rank = lambda u: (99 if rank[u] is None else rank[u], u)
    units = sorted(rank, key=by_rank)
    uses = defaultdict(lambda: defaultdict(set))  # module -> module -> {(item, in file)}
    for a in files:
        for b in edges[a]:
            if unit(a) != unit(b):
                uses[unit(a)][unit(b)] |= {(x, a) for x in edges[a][b]}
    up = lambda a, b: None not in (rank[a], rank[b]) and rank[a] < rank[b]

    problems = cycle_report("File cycles", sccs(edges, files), edges, lambda a, b: names(edges[a][b]))
    def via(a, b):  # the items of b that a uses, by file of a
        srcs = sorted({f for _, f in uses[a][b]})
        return "; ".join(f"{names(x for x, f in uses[a][b] if f == src)} [{src}]" for src in srcs)
    problems += cycle_report("Top-level module cycles", sccs(uses, units), uses, via)
    bad = [f"  {a} ({layer(a)}) -> {b} ({layer(b)}) : {names(edges[a][b])}" for a in files
           for b in sorted(edges[a]) if None not in (layer(a), layer(b)) and layer(a) < layer(b)]
    problems += [f"Layer violations: {len(bad)}"] + bad + [""] if bad else []
    problems += long_files(crate.src, on_disk, args.max_lines, args.max_mod_lines)
    notes = [f"warning: {w}" for w in crate.warnings]
    notes += [f"warning: unlayered (no LAYERS prefix): {f}" for f in files if layer(f) is None]
    notes += [f"note: not in the module tree (cfg(test) only, or stray): {f}"
              for f in on_disk if f not in crate.files]

    if args.dot:
        out = ["digraph layers {", "  node [shape=box];"]
        for r in sorted({r for r in rank.values() if r is not None}):
            out.append("  { rank=same; " + " ".join(f'"{u}";' for u in units if rank[u] == r) + " }")
        out += [f'  "{u}" [label="{u}\\n{show(rank[u])}"];' for u in units]
        out += [f'  "{a}" -> "{b}"{" [color=red]" * up(a, b)};' for a in units for b in sorted(uses[a])]
        print("\n".join(out + ["}"]))
        if args.check:
            print("\n".join(problems + notes), file=sys.stderr)
    elif args.check:
        print("\n".join((problems or ["OK: no cycles, no layer violations", ""]) + notes))
    else:
        n = sum(map(len, edges.values()))
        print(f"{len(files)} files, {n} edges (A -> B: A uses an item defined in B), src = {crate.src}\n")
        print("\n".join(problems or ["No cycles, no layer violations.", ""]))
        print("Top-level modules by layer (module -> modules it uses; ! = a higher layer):")
        for u in units:
            deps = ", ".join(b + "!" * up(u, b) for b in sorted(uses[u], key=by_rank))
            print(f"  {show(rank[u]):>2} {u:<12} -> {deps}")
        print("\n" + "\n".join(notes) if notes else "")
    return 1 if args.check and problems else 0

if __name__ == "__main__":
    sys.exit(main())
