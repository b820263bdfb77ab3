// The traced queries answer as the plain ones, with their steps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const { Shape2, Shape3, distance, contact, traceDistance, tracePenetration, support } =
  createRequire(import.meta.url)("../node/gjk.js");

test("traceDistance: the distance's answer, one step per iteration", () => {
  const a = Shape3.box(1, 2, 0.5), b = Shape3.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const pb = [3, 1, 0.5, 0.2, 0.1, 0, 0.97];
  const t = traceDistance(a, [0, 0, 0], b, pb), d = distance(a, [0, 0, 0], b, pb);
  const { steps, ...answer } = t;
  assert.deepEqual(answer, d);
  assert.equal(steps.length, d.iterations);
  for (const s of steps) {
    assert.ok(s.points.length >= 1 && s.points.length <= 4);
    assert.ok(s.lower <= s.upper);
  }
});

test("tracePenetration: the depth contact finds, and EPA's polytope", () => {
  const a = Shape2.box(1, 1), b = Shape2.ball(0.5);
  const p = tracePenetration(a, [0, 0], b, [1.2, 0.3]);
  const c = contact(a, [0, 0], b, [1.2, 0.3]);
  assert.ok(Math.abs(p.penetration.depth + c.distance) < 1e-12);
  assert.ok(Math.abs(p.penetration.depth - 0.3) < 1e-12);
  assert.equal(tracePenetration(a, [0, 0], b, [5, 0]).penetration, null);
  // Two boxes: EPA's polytope, its edges around the origin.
  const q = tracePenetration(a, [0, 0], Shape2.box(0.5, 0.5), [1.2, 0.3, 0.4]);
  assert.ok(q.penetration.depth > 0);
  assert.ok(q.polytope.length >= 3 && q.polytope.every((edge) => edge.length === 2));
});

test("support: the farthest point of the shape, or of its core", () => {
  assert.deepEqual(support(Shape2.box(1, 2), [1, 1, 0], [1, 1]), [2, 3]);
  assert.deepEqual(support(Shape3.ball(2), [0, 0, 1], [0, 0, 1]), [0, 0, 3]);
  assert.deepEqual(support(Shape3.ball(2), [0, 0, 1], [0, 0, 1], true), [0, 0, 1]);
});
