// Drives demo/www/index.html in headless Chromium over the DevTools
// protocol (through --remote-debugging-pipe: no packages, no sockets) and
// checks what the page shows against the native crate's answer.
//
//   node demo/test/browser.mjs <chromium> <native check binary>
//
// Each scenario moves or turns a shape with real mouse input (the page's
// pointer handlers see it as a user's drag), then reads the page's
// displayed distance (and depth, with EPA ticked) and the poses it used,
// and runs the native binary on those poses: the displayed numbers must
// be the native ones (the same Rust code, the gjk-wasm package's for
// wasm32 and gjk-js natively for the host), within a few ulps for the
// sines of the poses.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [chromium, check] = process.argv.slice(2);
if (!chromium || !check) {
  console.error("usage: browser.mjs <chromium> <check binary>");
  process.exit(2);
}
const page = pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), "../www/index.html")).href;

const browser = spawn(
  chromium,
  [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--remote-debugging-pipe",
    `--user-data-dir=${mkdtempSync(join(tmpdir(), "gjk-demo-"))}`,
    "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
);
let stderr = "";
browser.stderr.on("data", (d) => { stderr += d; });
const timer = setTimeout(() => fail("timed out after 60 s"), 60000);

function fail(why) {
  console.error(`browser test: FAIL: ${why}`);
  if (stderr) console.error(stderr.slice(-2000));
  browser.kill("SIGKILL");
  process.exit(1);
}

// The protocol: NUL-terminated JSON messages, commands on fd 3, answers on fd 4.
let nextId = 1;
const waiting = new Map();
let buffer = "";
browser.stdio[4].on("data", (chunk) => {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    const handler = waiting.get(message.id);
    if (handler) {
      waiting.delete(message.id);
      message.error ? handler.reject(new Error(JSON.stringify(message.error))) : handler.resolve(message.result);
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  browser.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A PNG as Chromium writes it (8-bit RGB or RGBA, not interlaced), to
// pixels: the chunks' IDAT data inflated, each row unfiltered.
function decodePng(png) {
  let at = 8;
  let width = 0, height = 0, channels = 4;
  const idat = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("ascii", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error("unexpected PNG layout");
      channels = { 2: 3, 6: 4 }[data[9]];
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (v + add) & 255;
    }
  }
  return { width, height, at: (x, y) => [...pixels.subarray((y * width + x) * channels, (y * width + x) * channels + 3)] };
}

async function main() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const on = (method, params) => send(method, params, sessionId);
  const evaluate = async (expression) => {
    const r = await on("Runtime.evaluate", { expression, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  };
  await on("Page.enable");
  await on("Emulation.setDeviceMetricsOverride", { width: 1000, height: 780, deviceScaleFactor: 1, mobile: false });
  await on("Page.navigate", { url: page });
  for (let k = 0; !(await evaluate("!!(window.demo && window.demo.ready)")); k++) {
    if (k > 200) fail("the page never got ready");
    await sleep(50);
  }
  const mouse = (type, [x, y], extra = {}) =>
    on("Input.dispatchMouseEvent", { type, x, y, button: "left", ...extra });
  // A drag from one world point to another, in steps, as a hand would.
  const drag = async (from, to, modifiers = 0) => {
    const [p, q] = [await evaluate(`demo.client(${JSON.stringify(from)})`), await evaluate(`demo.client(${JSON.stringify(to)})`)];
    await mouse("mouseMoved", p, { buttons: 0, modifiers });
    await mouse("mousePressed", p, { buttons: 1, clickCount: 1, modifiers });
    for (let k = 1; k <= 10; k++) {
      await mouse("mouseMoved", [p[0] + ((q[0] - p[0]) * k) / 10, p[1] + ((q[1] - p[1]) * k) / 10], { buttons: 1, modifiers });
    }
    await mouse("mouseReleased", q, { buttons: 0, clickCount: 1, modifiers });
  };
  const shown = async () => ({
    bodies: await evaluate("JSON.stringify(demo.bodies)").then(JSON.parse),
    distance: Number(await evaluate("document.getElementById('distance').textContent")),
    depth: await evaluate("document.getElementById('depth').textContent"),
  });
  const native = (bodies) => {
    const args = bodies.flatMap((b) => [b.kind, b.size[0], b.size[1], b.x, b.y, b.angle]).map(String);
    const lines = execFileSync(check, args, { encoding: "utf8" }).trim().split("\n").map(Number);
    return { distance: lines[0], depth: lines[1] };
  };
  const close = (a, b) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

  let checks = 0;
  const compare = async (what, withDepth) => {
    const s = await shown();
    const n = native(s.bodies);
    if (!close(s.distance, n.distance)) fail(`${what}: page shows distance ${s.distance}, native ${n.distance}`);
    if (withDepth) {
      if (!close(Number(s.depth), n.depth)) fail(`${what}: page shows depth ${s.depth}, native ${n.depth}`);
    }
    console.log(`${what}: distance ${s.distance}${withDepth ? `, depth ${s.depth}` : ""} (native agrees)`);
    checks++;
    return s;
  };

  const start = await compare("start", false);
  // A screenshot: saved, not blank, and the canvas showing both shapes in
  // their colours at their centres (blue A, orange B, over white).
  const shot = Buffer.from((await on("Page.captureScreenshot", { format: "png" })).data, "base64");
  const saved = process.env.DEMO_SCREENSHOT || join(tmpdir(), "gjk-demo.png");
  writeFileSync(saved, shot);
  const image = decodePng(shot);
  const colours = new Set();
  let ink = 0;
  for (let y = 0; y < image.height; y += 2) {
    for (let x = 0; x < image.width; x += 2) {
      const [r, g, b] = image.at(x, y);
      colours.add((r << 16) | (g << 8) | b);
      if (r + g + b < 720) ink++;
    }
  }
  if (colours.size < 16 || ink < 2000) fail(`the screenshot looks blank: ${colours.size} colours, ${ink} inked pixels`);
  // The page's fills, rgba(74,144,217,0.35) and rgba(232,163,61,0.35), over white.
  const expect = [[74, 144, 217], [232, 163, 61]].map((c) => c.map((v) => 255 + 0.35 * (v - 255)));
  for (const i of [0, 1]) {
    const [x, y] = (await evaluate(`demo.client([demo.bodies[${i}].x, demo.bodies[${i}].y])`)).map(Math.round);
    const got = image.at(x, y);
    if (got.some((v, k) => Math.abs(v - expect[i][k]) > 12)) fail(`shape ${i} not drawn at (${x}, ${y}): rgb ${got}`);
  }
  console.log(`screenshot ${saved}: ${image.width}×${image.height}, ${colours.size} colours, both shapes drawn`);
  // Move B (the box, right) by (-0.8, +0.5) world units: its pose follows the hand.
  const b0 = start.bodies[1];
  await drag([b0.x, b0.y], [b0.x - 0.8, b0.y + 0.5]);
  const moved = await compare("B moved", false);
  const b1 = moved.bodies[1];
  if (Math.abs(b1.x - (b0.x - 0.8)) > 0.02 || Math.abs(b1.y - (b0.y + 0.5)) > 0.02) {
    fail(`B moved to (${b1.x}, ${b1.y}), not by (-0.8, 0.5) from (${b0.x}, ${b0.y})`);
  }
  if (moved.distance === start.distance) fail("the distance did not change");
  // Turn A with shift-drag.
  const a0 = moved.bodies[0];
  await drag([a0.x, a0.y], [a0.x + 0.7, a0.y], 8);
  const turned = await compare("A turned", false);
  if (Math.abs(turned.bodies[0].angle - a0.angle - 0.7) > 0.02) fail("A did not turn by 0.7");
  // Push B into A, tick EPA (a real click on the checkbox), and compare the depth.
  const b2 = turned.bodies[1];
  const a2 = turned.bodies[0];
  await drag([b2.x, b2.y], [a2.x + 0.9, a2.y + 0.1]);
  const box = await evaluate("(() => { const r = document.getElementById('epa').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()");
  await mouse("mousePressed", box, { buttons: 1, clickCount: 1 });
  await mouse("mouseReleased", box, { buttons: 0, clickCount: 1 });
  if (!(await evaluate("document.getElementById('epa').checked"))) fail("the EPA box did not tick");
  const deep = await compare("B pushed into A, EPA", true);
  if (!(deep.distance === 0 && Number(deep.depth) > 0)) fail(`expected an overlap, got ${JSON.stringify(deep)}`);
  console.log(`browser test: ${checks} scenes, all as native`);
  clearTimeout(timer);
  browser.kill();
  process.exit(0);
}

main().catch((e) => fail(e.stack || String(e)));
