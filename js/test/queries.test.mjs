// The single queries against answers known in closed form.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const gjk = createRequire(import.meta.url)("../node/gjk.js");
const { Shape2, Shape3, distance, contact, intersects, contactManifold, rayCast, shapeCast } = gjk;

const near = (got, want, tol = 1e-12, what = "") =>
  assert.ok(Math.abs(got - want) <= tol * Math.max(1, Math.abs(want)), `${what} ${got} ≠ ${want}`);
const nearAll = (got, want, tol = 1e-12) => {
  assert.equal(got.length, want.length);
  got.forEach((g, i) => near(g, want[i], tol, `[${i}]`));
};
const quarter = (axis) => { const s = Math.SQRT1_2; const q = [0, 0, 0, s]; q["xyz".indexOf(axis)] = s; return q; };

test("two discs: the gap between the centres less the radii", () => {
  const a = Shape2.ball(1), b = Shape2.ball(0.5);
  const d = distance(a, [0, 0], b, [3, 4]);
  near(d.distance, 3.5);
  assert.ok(d.lower <= d.distance && d.distance <= d.upper);
  nearAll(d.pointA, [0.6, 0.8]);
  nearAll(d.pointB, [3 - 0.3, 4 - 0.4]);
  nearAll(d.normal, [0.6, 0.8]);
  assert.equal(d.status, "converged");
});

test("two balls in 3D, and the answer is symmetric", () => {
  const a = Shape3.ball(2), b = Shape3.ball(1);
  const [pa, pb] = [[1, 2, 3], [1 + 2, 2 + 6, 3 - 9]];
  const ab = distance(a, pa, b, pb), ba = distance(b, pb, a, pa);
  near(ab.distance, 11 - 3);
  near(ba.distance, ab.distance);
  nearAll(ba.normal, ab.normal.map((x) => -x));
  nearAll(ba.pointA, ab.pointB);
});

test("boxes: face to face, corner to corner, and a turned box", () => {
  const a = Shape3.box(1, 2, 3), b = Shape3.box(0.5, 0.5, 0.5);
  near(distance(a, [0, 0, 0], b, [4, 0, 0]).distance, 2.5);
  // Corner (1, 2, 3) to corner (2, 3, 4): √3.
  near(distance(a, [0, 0, 0], b, [2.5, 3.5, 4.5]).distance, Math.sqrt(3));
  // A quarter turn about z swaps a rectangle's extents: 4 × 2 → 2 × 4.
  const r = Shape2.box(2, 1);
  near(distance(r, [0, 0, Math.PI / 2], Shape2.ball(1), [0, 5]).distance, 2);
  const slab = Shape3.box(2, 1, 1);
  near(distance(slab, [0, 0, 0, ...quarter("z")], Shape3.ball(1), [0, 5, 0]).distance, 2);
  near(distance(slab, [0, 0, 0, ...quarter("z")], Shape3.ball(1), [5, 0, 0]).distance, 3);
});

test("a ball off a box's corner: the distance to the corner less the radius", () => {
  const d = distance(Shape2.box(1, 1), [0, 0], Shape2.ball(0.5), [4, 5]);
  near(d.distance, 5 - 0.5);
  nearAll(d.pointA, [1, 1]);
});

test("capsules lie along y", () => {
  near(distance(Shape3.capsule(2, 0.5), [0, 0, 0], Shape3.ball(1), [0, 10, 0]).distance, 10 - 2.5 - 1);
  near(distance(Shape3.capsule(2, 0.5), [0, 0, 0], Shape3.ball(1), [10, 0, 0]).distance, 10 - 0.5 - 1);
  near(distance(Shape2.capsule(1, 0.25), [0, 0], Shape2.ball(1), [0, -3]).distance, 3 - 1.25 - 1);
});

test("hulls: a polygon from unordered points, a cube from corners and inner points", () => {
  const square = Shape2.polygon([1, 1, -1, -1, 1, -1, 0, 0, -1, 1, 0.5, 0.5]);
  near(distance(square, [0, 0], Shape2.box(1, 1), [5, 0]).distance, 3);
  const corners = [];
  for (let i = 0; i < 8; i++) corners.push(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  const cube = Shape3.hull([...corners, 0, 0, 0, 0.5, 0.2, 0.1]);
  const box = Shape3.box(1, 1, 1);
  const pose = [0.3, 2.9, -0.4, 0.1, 0.2, 0.3, 0.9];
  near(distance(cube, [0, 0, 0], box, pose).distance, distance(box, [0, 0, 0], box, pose).distance, 1e-9);
});

test("intersects agrees with the distance's sign", () => {
  const a = Shape2.box(1, 1), b = Shape2.ball(1);
  assert.equal(intersects(a, [0, 0], b, [1.9, 0]), true);
  assert.equal(intersects(a, [0, 0], b, [2.1, 0]), false);
});

test("contact: depth of overlapping balls, null beyond the cutoff", () => {
  const a = Shape3.ball(1), b = Shape3.ball(1);
  const c = contact(a, [0, 0, 0], b, [1.5, 0, 0]);
  near(c.distance, -0.5);
  nearAll(c.normal, [1, 0, 0]);
  assert.equal(contact(a, [0, 0, 0], b, [2.5, 0, 0]), null);
  near(contact(a, [0, 0, 0], b, [2.5, 0, 0], 1).distance, 0.5);
});

test("contact: a box sunk into a slab by 0.1, depth by EPA", () => {
  const c = contact(Shape3.box(5, 5, 1), [0, 0, 0], Shape3.box(0.5, 0.5, 0.5), [0.2, 0.1, 1.4, ...quarter("z")]);
  near(c.distance, -0.1, 1e-9);
  nearAll(c.normal, [0, 0, 1], 1e-9);
  const d = contact(Shape2.box(5, 1), [0, 0], Shape2.polygon([-1, 0, 1, 0, 0, 1]), [0, 0.75]);
  near(d.distance, -0.25, 1e-9);
});

test("contactManifold: a cube on a floor touches at its four bottom corners", () => {
  const m = contactManifold(Shape3.box(5, 5, 1), [0, 0, 0], Shape3.box(0.5, 0.5, 0.5), [0, 0, 1.4]);
  assert.equal(m.points.length, 4);
  nearAll(m.normal, [0, 0, 1]);
  for (const p of m.points) {
    near(p.distance, -0.1);
    near(Math.abs(p.pointB[0]), 0.5);
    assert.equal(typeof p.idA, "bigint");
  }
  assert.equal(new Set(m.points.map((p) => p.idB)).size, 4);
  const flat = contactManifold(Shape2.box(5, 1), [0, 0], Shape2.box(0.5, 0.5), [0, 1.45]);
  assert.equal(flat.points.length, 2);
  assert.equal(contactManifold(Shape2.box(5, 1), [0, 0], Shape2.box(0.5, 0.5), [0, 3]), null);
});

test("rayCast: a ray hits a ball at the known time, misses are null", () => {
  const ball = Shape3.ball(1);
  const hit = rayCast(ball, [0, 0, 0], [-5, 0, 0], [2, 0, 0], 10);
  near(hit.t, 2);
  nearAll(hit.point, [-1, 0, 0]);
  nearAll(hit.normal, [-1, 0, 0]);
  assert.equal(rayCast(ball, [0, 0, 0], [-5, 2, 0], [1, 0, 0], 10), null);
  assert.equal(rayCast(ball, [0, 0, 0], [-5, 0, 0], [1, 0, 0], 3), null);
  const inside = rayCast(ball, [0, 0, 0], [0, 0, 0], [1, 0, 0], 10);
  assert.equal(inside.t, 0);
  const box = rayCast(Shape2.box(1, 1), [3, 0, 0], [3, 5], [0, -1], 10);
  near(box.t, 4);
});

test("shapeCast: a ball thrown at a wall touches it when its edge arrives", () => {
  const hit = shapeCast(Shape2.box(1, 5), [0, 0], Shape2.ball(1), [-6, 0], [4, 0], 2);
  near(hit.t, 1);
  nearAll(hit.normal, [-1, 0]);
  assert.equal(shapeCast(Shape2.box(1, 5), [0, 0], Shape2.ball(1), [-6, 0], [4, 0], 0.5), null);
  const up = shapeCast(Shape3.box(1, 1, 1), [0, 0, 0], Shape3.ball(0.5), [0, 0, 5], [0, 0, -1], 10);
  near(up.t, 3.5);
});
