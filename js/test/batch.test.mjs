// The batch queries give, row by row, the single queries' answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const { Shape2, Shape3, distance, contact, distanceBatch, contactBatch, batchStatus } =
  createRequire(import.meta.url)("../node/gjk.js");

const STATUS = ["converged", "stalled", "iterationLimit", "outOfCapacity"];
// A seeded generator, so that every run sees the same poses.
function lcg(seed) {
  let s = BigInt(seed);
  return () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number(s >> 11n) / 2 ** 53;
  };
}

function poses3(n, random, spread) {
  const out = new Float64Array(7 * n);
  for (let i = 0; i < n; i++) {
    const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
    const norm = Math.hypot(...q);
    out.set([spread * (random() - 0.5), spread * (random() - 0.5), spread * (random() - 0.5), ...q.map((x) => x / norm)], 7 * i);
  }
  return out;
}

function poses2(n, random, spread) {
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) out.set([spread * (random() - 0.5), spread * (random() - 0.5), 6 * random()], 3 * i);
  return out;
}

const row = (out, i, width) => Array.from(out.subarray(i * width, (i + 1) * width));

function checkDistances(a, b, posesA, posesB, stride, dim, n) {
  const width = 5 + 3 * dim;
  const out = new Float64Array(n * width);
  assert.equal(distanceBatch(a, b, posesA, posesB, out), 0);
  for (let i = 0; i < n; i++) {
    const pa = posesA.length === stride ? posesA : posesA.subarray(i * stride, (i + 1) * stride);
    const d = distance(a, pa, b, posesB.subarray(i * stride, (i + 1) * stride));
    const normal = d.normal ?? Array(dim).fill(NaN);
    const want = [d.distance, d.lower, d.upper, STATUS.indexOf(d.status), d.iterations, ...d.pointA, ...d.pointB, ...normal];
    assert.deepEqual(row(out, i, width), want, `pair ${i}`);
  }
}

test("distanceBatch in 3D: boxes and hulls at 200 poses each", () => {
  const random = lcg(7);
  const cube = [];
  for (let i = 0; i < 8; i++) cube.push(i & 1 ? 1 : -1, i & 2 ? 0.5 : -0.5, i & 4 ? 2 : -2);
  const shapes = [Shape3.box(1, 0.5, 0.25), Shape3.hull(cube), Shape3.capsule(1, 0.3), Shape3.ball(0.7)];
  for (const a of shapes) {
    for (const b of shapes) checkDistances(a, b, poses3(200, random, 6), poses3(200, random, 6), 7, 3, 200);
  }
});

test("distanceBatch in 2D, one pose of A for every pose of B", () => {
  const random = lcg(11);
  const a = Shape2.polygon([0, 0, 2, 0, 1, 1.5, 0.2, 1]), b = Shape2.box(0.5, 0.25);
  checkDistances(a, b, new Float64Array([0.5, -0.5, 0.3]), poses2(300, random, 5), 3, 2, 300);
});

test("contactBatch equals contact, none and errors coded in the status column", () => {
  const random = lcg(3);
  const a = Shape3.box(1, 1, 1), b = Shape3.ball(0.8);
  const n = 150, posesB = poses3(n, random, 5), cutoff = 0.5;
  posesB[7 * 17] = NaN; // pair 17 fails alone
  const out = new Float64Array(n * 14);
  assert.equal(contactBatch(a, b, new Float64Array([0, 0, 0, 0, 0, 0, 1]), posesB, cutoff, out), 1);
  let overlaps = 0;
  for (let i = 0; i < n; i++) {
    const got = row(out, i, 14);
    if (i === 17) {
      assert.equal(batchStatus(got[3]), "a support point or parameter is NaN or infinite");
      assert.ok(got.every((x, k) => k === 3 || Number.isNaN(x)));
      continue;
    }
    const c = contact(a, [0, 0, 0], b, posesB.subarray(7 * i, 7 * i + 7), cutoff);
    if (c === null) {
      assert.equal(batchStatus(got[3]), "none");
      continue;
    }
    overlaps += c.distance < 0;
    const want = [c.distance, c.lower, c.upper, STATUS.indexOf(c.status), c.iterations, ...c.normal, ...c.pointA, ...c.pointB];
    assert.deepEqual(got, want, `pair ${i}`);
    assert.equal(batchStatus(got[3]), c.status);
  }
  assert.ok(overlaps > 5, `only ${overlaps} overlapping pairs`);
});
