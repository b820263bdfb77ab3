// Runs the embedded suite against the WebAssembly build of gjk.
//
//   node tests/embedded/wasm/run.mjs [path/to/gjk_wasm.wasm]
//
// The cases and their expected answers are the ones the firmware checks
// (tests/embedded/generated/cases.mjs, generated on the host). Every case is
// run in f64 and f32; the exit code is 1 on any mismatch.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { CASES, TOL_F32, TOL_F64 } from "../generated/cases.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmPath =
  process.argv[2] ??
  path.join(here, "../../../target/embedded/wasm32-unknown-unknown/release/gjk_wasm.wasm");

const bytes = await readFile(wasmPath);
const { instance } = await WebAssembly.instantiate(bytes, {});
const gjk = instance.exports;

const QUERIES = ["intersects", "distance", "penetration", "contact"];

function close(expected, got, tol) {
  return Math.abs(got - expected) <= tol * Math.max(1, Math.abs(expected));
}

// The first disagreement, as a string, or null (the same rule as the
// firmware's `check`).
function mismatch(c, out, tol) {
  const e = c.expect;
  if (out.hit !== e.hit) return `hit expected ${e.hit} got ${out.hit}`;
  if (!e.hit || c.query === 0) return null;
  if (!close(e.value, out.value, tol)) return `value expected ${e.value} got ${out.value}`;
  const vectors = [
    ["normal", e.maskNormal, e.normal, out.normal],
    ["a", e.maskA, e.a, out.a],
    ["b", e.maskB, e.b, out.b],
  ];
  for (const [field, mask, want, have] of vectors) {
    for (let i = 0; i < 3; i++) {
      if (mask & (1 << i) && !close(want[i], have[i], tol)) {
        return `${field}[${i}] expected ${want[i]} got ${have[i]}`;
      }
    }
  }
  return null;
}

function run(c, precision) {
  const fn = gjk[`${QUERIES[c.query]}_${precision}`];
  const args = [c.dim, c.a.kind, ...c.a.p, c.b.kind, ...c.b.p];
  if (c.query === 3) args.push(c.param);
  const code = fn(...args);
  if (code < 0) return { error: code };
  const r = (i) => gjk.result(i);
  return {
    hit: code === 1,
    value: r(0),
    normal: [r(1), r(2), r(3)],
    a: [r(4), r(5), r(6)],
    b: [r(7), r(8), r(9)],
  };
}

let passed = 0;
let failed = 0;
for (const [precision, tol] of [["f64", TOL_F64], ["f32", TOL_F32]]) {
  let ok = 0;
  let bad = 0;
  for (const c of CASES) {
    const out = run(c, precision);
    const why = out.error !== undefined ? `error ${out.error}` : mismatch(c, out, tol);
    if (why === null) {
      ok++;
    } else {
      bad++;
      console.log(`FAIL ${c.name} [${precision} ${QUERIES[c.query]}]: ${why}`);
    }
  }
  console.log(`${precision}: ${ok} passed, ${bad} failed (tolerance ${tol} relative)`);
  passed += ok;
  failed += bad;
}
console.log(
  `wasm summary (${bytes.length} bytes): ${passed} passed, ${failed} failed -> ${failed === 0 ? "OK" : "MISMATCH"}`,
);
process.exit(failed === 0 ? 0 : 1);
