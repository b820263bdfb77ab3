#!/usr/bin/env python3
"""Checks that the closed form of Johnson's sub-algorithm (D = 2, 3) has no
loop: every backward jump in its functions, with where it lands.

    cargo build --release --example profile
    python3 loops.py target/release/examples/profile

A loop is a cycle in the control flow: a backward jump whose source can be
reached again from where it lands. Backward jumps into shared blocks (the
copy of a result before returning) are not loops. Exits non-zero when any
function has a cycle.
"""

import re
import subprocess
import sys


def functions(binary):
    nm = subprocess.run(["nm", "-n", "-C", binary], capture_output=True, text=True).stdout
    rows = []
    for line in nm.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and re.fullmatch(r"[0-9a-f]+", parts[0]):
            rows.append((int(parts[0], 16), parts[2]))
    for i, (addr, name) in enumerate(rows):
        if "simplex::closed_form::" in name and "tests" not in name:
            end = next(a for a, _ in rows[i + 1:] if a > addr)
            yield name, addr, end


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/examples/profile"
    loops = 0
    for name, start, end in functions(binary):
        asm = subprocess.run(
            ["objdump", "-d", "--no-show-raw-insn", f"--start-address={start:#x}",
             f"--stop-address={end:#x}", binary],
            capture_output=True, text=True).stdout
        code = {}
        for line in asm.splitlines():
            m = re.match(r"\s+([0-9a-f]+):\s+(\S+)\s*(.*)", line)
            if m:
                code[int(m.group(1), 16)] = (m.group(2), m.group(3))
        addrs = sorted(code)
        following = {a: b for a, b in zip(addrs, addrs[1:])}

        def successors(a):
            op, arg = code[a]
            m = re.match(r"([0-9a-f]+)", arg)
            jump = int(m.group(1), 16) if op.startswith("j") and m else None
            out = [] if op.startswith(("ret", "ud2")) or op == "jmp" else [following.get(a)]
            if jump is not None and start <= jump < end:
                out.append(jump)
            return [x for x in out if x is not None]

        def reaches(source, goal):
            seen, todo = set(), [source]
            while todo:
                a = todo.pop()
                if a == goal:
                    return True
                if a not in seen:
                    seen.add(a)
                    todo.extend(successors(a))
            return False

        back = []
        for a in addrs:
            op, arg = code[a]
            m = re.match(r"([0-9a-f]+)", arg)
            if op.startswith("j") and m and int(m.group(1), 16) <= a:
                target = int(m.group(1), 16)
                back.append((a, target, not reaches(target, a)))
        bad = [b for b in back if not b[2]]
        loops += len(bad)
        print(f"{name}: {len(code)} instructions, {len(back)} backward jumps, "
              f"{len(bad)} closing a loop")
        for a, target, _ in bad:
            block = [f"{code[t][0]} {code[t][1]}" for t in addrs if t >= target][:8]
            print(f"    {a:#x} -> {target:#x}: " + "; ".join(block))
    sys.exit(1 if loops else 0)


if __name__ == "__main__":
    main()
