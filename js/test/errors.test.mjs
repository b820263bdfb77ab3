// Bad input throws an Error carrying the crate's message; nothing aborts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const { Shape2, Shape3, distance, contact, intersects, rayCast, distanceBatch } =
  createRequire(import.meta.url)("../node/gjk.js");

const throws = (f, message) => assert.throws(f, (e) => e instanceof Error && e.message === message);

test("shapes: NaN, negative sizes, degenerate point sets", () => {
  throws(() => Shape2.ball(NaN), "a coordinate is NaN or infinite");
  throws(() => Shape3.box(1, Infinity, 1), "a coordinate is NaN or infinite");
  throws(() => Shape3.ball(-1), "a radius or half-extent is negative");
  throws(() => Shape2.capsule(1, -0.5), "a radius or half-extent is negative");
  throws(() => Shape2.polygon([0, 0, 1, 1, 2, 2]), "the points span fewer dimensions than the space");
  throws(() => Shape3.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]), "the points span fewer dimensions than the space");
  throws(() => Shape2.polygon([]), "the vertex or facet list is empty");
  throws(() => Shape2.polygon([0, 0, 1]), "2D points are given flat, [x0, y0, x1, y1, …]: an even count");
});

test("queries: NaN poses, wrong pose lengths, mixed dimensions", () => {
  const a = Shape3.box(1, 1, 1), b = Shape3.ball(1);
  throws(() => distance(a, [0, 0, NaN], b, [3, 0, 0]), "a support point or parameter is NaN or infinite");
  throws(() => contact(a, [0, 0, 0], b, [3, 0, 0, 0, 0, 0, 0]), "a 3D pose's quaternion is zero");
  throws(() => contact(a, [0, 0, 0], b, [3, 0, 0, 0, 0, Infinity, 1]), "a support point or parameter is NaN or infinite");
  throws(() => intersects(a, [0, 0, 0, 1], b, [3, 0, 0]), "a 3D pose is [x, y, z, qx, qy, qz, qw] or [x, y, z]");
  throws(() => distance(Shape2.ball(1), [0], Shape2.ball(1), [3, 0]), "a 2D pose is [x, y, angle] or [x, y]");
  throws(() => distance(a, [0, 0, 0], Shape2.ball(1), [3, 0]), "the two shapes are of different dimensions");
  throws(() => rayCast(b, [0, 0, 0], [5, 0], [1, 0, 0], 10), "a vector has as many coordinates as the shape's dimension");
  throws(() => rayCast(b, [0, 0, 0], [5, 0, 0], [NaN, 0, 0], 10), "a support point or parameter is NaN or infinite");
});

test("a batch refuses poses that do not pair up and output that is too short", () => {
  const a = Shape2.ball(1), b = Shape2.ball(1);
  const poses = new Float64Array([0, 0, 0, 3, 0, 0]);
  throws(() => distanceBatch(a, b, poses, new Float64Array(9), new Float64Array(20)),
    "a batch's poses: 3 numbers per 2D pose, 7 per 3D pose, and as many poses for A as for B (or one for all)");
  throws(() => distanceBatch(a, b, poses, poses, new Float64Array(21)), "a batch's output needs 5 + 3·dim numbers per pair");
});

test("the module still answers after every error", () => {
  for (let i = 0; i < 100; i++) assert.throws(() => distance(Shape2.ball(1), [NaN, 0], Shape2.ball(1), [3, 0]));
  assert.equal(distance(Shape2.ball(1), [0, 0], Shape2.ball(1), [3, 0]).distance, 1);
});
