// The gjk browser demo: two shapes on a canvas, queried through the
// gjk-wasm package (js/) on every change. Left: the shapes, the witness
// points and the normal (or the penetration). Right: A − B of the cores
// with GJK's simplex at each iteration, and EPA's polytope when asked for.
"use strict";

const SCALE = 70; // pixels per unit in the main view
const MAIN = { left: 0, top: 0, width: 620, height: 540 };
const INSET = { left: 640, top: 20, size: 300 };
const SIZES = [[1.1, 6], [0.9, 0], [1.0, 0.45], [0.9, 0.6]];
const COLOURS = [["rgba(74,144,217,0.35)", "#2b6cb0"], ["rgba(232,163,61,0.35)", "#b7791f"]];

const canvas = document.getElementById("scene");
const ctx = canvas.getContext("2d");
const bodies = [
  { kind: 0, size: SIZES[0].slice(), x: -1.6, y: 0.2, angle: 0.3 },
  { kind: 3, size: SIZES[3].slice(), x: 1.7, y: -0.4, angle: -0.4 },
];
const OUTLINE = 96; // directions sampled for an outline
let gjk = null; // the gjk-wasm package, once its module is instantiated
let answer = null;
let drag = null;

// World (y up, origin at the view's centre) to canvas pixels, and back.
const toPixel = (p) => [MAIN.left + MAIN.width / 2 + p[0] * SCALE, MAIN.top + MAIN.height / 2 - p[1] * SCALE];
const toWorld = (x, y) => [(x - MAIN.left - MAIN.width / 2) / SCALE, (MAIN.top + MAIN.height / 2 - y) / SCALE];

// The package's shape and pose for a body (see demo/src/lib.rs: the
// package's capsule lies along y, the scene's along x).
function shapeOf(b) {
  const { Shape2 } = gjk;
  const [s1, s2] = b.size;
  const pose = [b.x, b.y, b.angle];
  switch (b.kind) {
    case 0: {
      const n = Math.min(64, Math.max(3, Math.trunc(s2)));
      const corners = [];
      for (let k = 0; k < n; k++) {
        const t = (k * (2 * Math.PI)) / n;
        corners.push(s1 * Math.cos(t), s1 * Math.sin(t));
      }
      return [Shape2.polygon(corners), pose];
    }
    case 1: return [Shape2.ball(s1), pose];
    case 2: return [Shape2.capsule(s1, s2), [b.x, b.y, b.angle + Math.PI / 2]];
    default: return [Shape2.box(s1, s2), pose];
  }
}

// Samples a support function in OUTLINE directions around the circle.
const around = (f) => Array.from({ length: OUTLINE }, (_, k) => {
  const t = (k * 2 * Math.PI) / OUTLINE;
  return f([Math.cos(t), Math.sin(t)]);
});

// The package's answers, as the page draws them: distance (traced), the
// penetration when asked for and the shapes touch, and outlines of A, B
// and A − B of the cores.
function query(a, pa, b, pb, epa) {
  const d = gjk.traceDistance(a, pa, b, pb);
  const answer = {
    distance: d.distance, lower: d.lower, pointA: d.pointA, pointB: d.pointB,
    normal: d.normal ?? [0, 0], iterations: d.iterations, converged: d.status === "converged",
    depth: NaN, steps: d.steps, polytope: [],
  };
  if (epa && d.distance === 0) {
    const p = gjk.tracePenetration(a, pa, b, pb);
    if (p.penetration) {
      answer.depth = p.penetration.depth;
      answer.depthA = p.penetration.pointA;
      answer.depthB = p.penetration.pointB;
    }
    answer.steps = p.steps;
    answer.polytope = p.polytope;
  }
  answer.simplices = answer.steps.map((s) => ({ points: s.points, closest: s.closest }));
  answer.outlines = [
    around((u) => gjk.support(a, pa, u)),
    around((u) => gjk.support(b, pb, u)),
    around((u) => {
      const p = gjk.support(a, pa, u, true), q = gjk.support(b, pb, [-u[0], -u[1]], true);
      return [p[0] - q[0], p[1] - q[1]];
    }),
  ];
  return answer;
}

function update() {
  const epa = document.getElementById("epa").checked;
  const [[a, pa], [b, pb]] = bodies.map(shapeOf);
  try {
    answer = query(a, pa, b, pb, epa);
  } catch (e) {
    document.getElementById("status").textContent = e.message;
    return;
  } finally {
    a.free();
    b.free();
  }
  show();
  draw();
}

function show() {
  const a = answer;
  const set = (id, text) => { document.getElementById(id).textContent = text; };
  set("distance", String(a.distance));
  set("lower", String(a.lower));
  set("status", a.converged ? "Converged" : "not converged");
  set("iterations", String(a.iterations));
  set("normal", `(${a.normal[0].toFixed(6)}, ${a.normal[1].toFixed(6)})`);
  set("depth", Number.isNaN(a.depth) ? "—" : String(a.depth));
}

function path(points, toPx) {
  ctx.beginPath();
  points.forEach((p, k) => { const [x, y] = toPx(p); k ? ctx.lineTo(x, y) : ctx.moveTo(x, y); });
  ctx.closePath();
}

function dot(p, toPx, colour) {
  const [x, y] = toPx(p);
  ctx.fillStyle = colour;
  ctx.beginPath(); ctx.arc(x, y, 4, 0, 2 * Math.PI); ctx.fill();
}

function draw() {
  const a = answer;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // The shapes and the answer.
  a.outlines.slice(0, 2).forEach((o, i) => {
    path(o, toPixel);
    ctx.fillStyle = COLOURS[i][0]; ctx.fill();
    ctx.strokeStyle = COLOURS[i][1]; ctx.lineWidth = 1.5; ctx.stroke();
  });
  const [pa, pb] = Number.isNaN(a.depth) ? [a.pointA, a.pointB] : [a.depthA, a.depthB];
  ctx.strokeStyle = Number.isNaN(a.depth) ? "#111" : "#c53030";
  ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(...toPixel(pa)); ctx.lineTo(...toPixel(pb)); ctx.stroke();
  dot(pa, toPixel, "#111"); dot(pb, toPixel, "#111");

  // A − B of the cores, framed around the origin.
  const reach = Math.max(1e-9, ...a.outlines[2].flat().map(Math.abs)) * 1.1;
  const s = INSET.size / (2 * reach);
  const toInset = (p) => [INSET.left + INSET.size / 2 + p[0] * s, INSET.top + INSET.size / 2 - p[1] * s];
  ctx.strokeStyle = "#ccc"; ctx.lineWidth = 1;
  ctx.strokeRect(INSET.left, INSET.top, INSET.size, INSET.size);
  path(a.outlines[2], toInset);
  ctx.fillStyle = "rgba(159,122,234,0.15)"; ctx.fill();
  ctx.strokeStyle = "#6b46c1"; ctx.stroke();
  a.simplices.forEach((step, k) => {
    const last = k === a.simplices.length - 1;
    path(step.points, toInset);
    ctx.strokeStyle = last ? "#276749" : "rgba(47,133,90,0.45)";
    ctx.lineWidth = last ? 2 : 1;
    ctx.stroke();
    dot(step.closest, toInset, "#276749");
  });
  ctx.strokeStyle = "#c53030"; ctx.lineWidth = 1.5;
  a.polytope.forEach(([p, q]) => {
    ctx.beginPath(); ctx.moveTo(...toInset(p)); ctx.lineTo(...toInset(q)); ctx.stroke();
  });
  dot([0, 0], toInset, "#c53030");
  ctx.fillStyle = "#222"; ctx.font = "13px sans-serif";
  ctx.fillText("A − B of the cores, GJK's simplices, origin in red", INSET.left, INSET.top + INSET.size + 18);
}

// The body under a point: inside its outline, else the nearest centre.
function pick(world) {
  const inside = (o) => {
    let hit = false;
    for (let i = 0, j = o.length - 1; i < o.length; j = i++) {
      const [xi, yi] = o[i], [xj, yj] = o[j];
      if ((yi > world[1]) !== (yj > world[1]) && world[0] < ((xj - xi) * (world[1] - yi)) / (yj - yi) + xi) hit = !hit;
    }
    return hit;
  };
  for (const i of [1, 0]) if (inside(answer.outlines[i])) return i;
  const d = bodies.map((b) => Math.hypot(b.x - world[0], b.y - world[1]));
  return d[0] <= d[1] ? 0 : 1;
}

canvas.addEventListener("pointerdown", (e) => {
  const world = toWorld(e.offsetX, e.offsetY);
  const i = pick(world);
  drag = { i, world, start: { ...bodies[i] }, turn: e.shiftKey };
  canvas.setPointerCapture(e.pointerId);
});
canvas.addEventListener("pointermove", (e) => {
  if (!drag) return;
  const world = toWorld(e.offsetX, e.offsetY);
  const b = bodies[drag.i];
  if (drag.turn) {
    b.angle = drag.start.angle + (world[0] - drag.world[0]);
  } else {
    b.x = drag.start.x + (world[0] - drag.world[0]);
    b.y = drag.start.y + (world[1] - drag.world[1]);
  }
  update();
});
canvas.addEventListener("pointerup", () => { drag = null; });
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  const i = pick(toWorld(e.offsetX, e.offsetY));
  bodies[i].angle += e.deltaY > 0 ? 0.05 : -0.05;
  update();
}, { passive: false });
["kind-a", "kind-b"].forEach((id, i) => {
  document.getElementById(id).addEventListener("change", (e) => {
    bodies[i].kind = Number(e.target.value);
    bodies[i].size = SIZES[bodies[i].kind].slice();
    update();
  });
});
document.getElementById("epa").addEventListener("change", update);

// For scripted checks: the scene and where a world point is on the page.
window.demo = {
  ready: false,
  bodies,
  answer: () => answer,
  client: (p) => {
    const r = canvas.getBoundingClientRect();
    const [x, y] = toPixel(p);
    return [r.left + canvas.clientLeft + x, r.top + canvas.clientTop + y];
  },
};

// The package's module is embedded (www/gjk_demo.js), so that the page
// also runs from file://.
const bytes = Uint8Array.from(atob(GJK_WASM), (c) => c.charCodeAt(0));
wasm_bindgen.initSync({ module: bytes });
gjk = wasm_bindgen;
update();
window.demo.ready = true;
