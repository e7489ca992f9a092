/**
 * The report and a notebook export in a real browser: headless Chromium
 * (Debian's `chromium`, which `.ci/run` installs) opens the page over the
 * DevTools protocol, takes a full-page screenshot, and every chart must have
 * rendered non-blank (colored pixels where the chart is: a chart whose
 * shapes were stripped keeps only its gray text), with no console error and
 * no page exception on the report.
 *
 * The notebook half exports `notebooks/00-tour.ipynb` with Debian's
 * `jupyter nbconvert --to html` (6.5: it strips the shapes out of inline
 * SVG, so charts must carry a PNG) and checks its charts the same way.
 *
 * Needs `chromium` (and `jupyter-nbconvert`); without them the test fails
 * under CI (`CI=true`) and is skipped elsewhere, naming what is missing.
 */
import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { reportHtml } from "../cli/report.ts";

const ROOT = new URL("../", import.meta.url).pathname;

function which(cmd: string): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/${cmd}`).isFile) return `${dir}/${cmd}`;
    } catch { /* not here */ }
  }
  return null;
}

const CHROMIUM = which("chromium") ?? which("chromium-browser");
const NBCONVERT = which("jupyter-nbconvert");
const CI = Deno.env.get("CI") === "true";

/** Decode an 8-bit, non-interlaced RGB or RGBA PNG to RGBA pixels. */
function decodePng(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8, width = 0, height = 0, type = 0;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const len = view.getUint32(at);
    const name = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + len);
    if (name === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      assert.equal(data[8], 8, "8-bit PNG");
      type = data[9];
      assert.equal(data[12], 0, "not interlaced");
    } else if (name === "IDAT") idat.push(data);
    at += 12 + len;
  }
  const bpp = type === 6 ? 4 : type === 2 ? 3 : 0;
  assert.ok(bpp, `PNG color type ${type}`);
  const raw = new Uint8Array(inflateSync(Buffer.concat(idat)));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp] : 0, b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 3; k++) {
        out[(y * width + x) * 4 + k] = line[x * bpp + k];
      }
      out[(y * width + x) * 4 + 3] = bpp === 4 ? line[x * bpp + 3] : 255;
    }
    prev = line;
  }
  return { width, height, rgba: out };
}

interface Rect {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Colored pixels (channel spread > 60) inside a rectangle of the screenshot:
 * marks are colored, text and axes are gray, so a chart that lost its shapes
 * has none.
 */
function colored(img: ReturnType<typeof decodePng>, r: Rect): number {
  let n = 0;
  const x1 = Math.min(img.width, Math.floor(r.x + r.w));
  const y1 = Math.min(img.height, Math.floor(r.y + r.h));
  for (let y = Math.max(0, Math.floor(r.y)); y < y1; y++) {
    for (let x = Math.max(0, Math.floor(r.x)); x < x1; x++) {
      const i = (y * img.width + x) * 4;
      const [R, G, B] = [img.rgba[i], img.rgba[i + 1], img.rgba[i + 2]];
      if (Math.max(R, G, B) - Math.min(R, G, B) > 60) n++;
    }
  }
  return n;
}

/** Open `url` in headless Chromium; the chart rectangles, a screenshot, the errors. */
async function inBrowser(url: string, selector: string) {
  const profile = await Deno.makeTempDir({ prefix: "flip7-chromium-" });
  const child = new Deno.Command(CHROMIUM!, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--window-size=1100,900",
      "about:blank",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const errors: string[] = [];
  let ws: WebSocket | undefined;
  try {
    // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/..."
    const reader = child.stderr.pipeThrough(new TextDecoderStream())
      .getReader();
    let seen = "";
    let port = "";
    const deadline = Date.now() + 20_000;
    while (!port && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
      port = seen.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//)?.[1] ??
        "";
    }
    assert.ok(port, `chromium did not start: ${seen.slice(-500)}`);
    (async () => { // keep draining stderr
      while (!(await reader.read()).done) { /* drain */ }
    })().catch(() => {});
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`))
      .json();
    const page = targets.find((t: { type: string }) => t.type === "page");
    ws = new WebSocket(page.webSocketDebuggerUrl);
    await new Promise((ok, fail) => {
      ws!.onopen = ok;
      ws!.onerror = fail;
    });
    let id = 0;
    const pending = new Map<number, (v: Record<string, unknown>) => void>();
    let loaded: () => void = () => {};
    const load = new Promise<void>((ok) => (loaded = ok));
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.id && pending.has(msg.id)) {
        pending.get(msg.id)!(msg.error ? { error: msg.error } : msg.result);
        pending.delete(msg.id);
      } else if (msg.method === "Page.loadEventFired") loaded();
      else if (msg.method === "Runtime.exceptionThrown") {
        errors.push(`exception: ${msg.params.exceptionDetails.text}`);
      } else if (
        msg.method === "Runtime.consoleAPICalled" &&
        msg.params.type === "error"
      ) {
        errors.push(`console.error: ${JSON.stringify(msg.params.args)}`);
      } else if (
        msg.method === "Log.entryAdded" && msg.params.entry.level === "error"
      ) {
        errors.push(
          `log: ${msg.params.entry.text} ${msg.params.entry.url ?? ""}`,
        );
      }
    };
    const send = (method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((ok) => {
        pending.set(++id, ok);
        ws!.send(JSON.stringify({ id, method, params }));
      });
    await send("Page.enable");
    await send("Runtime.enable");
    await send("Log.enable");
    await send("Network.enable");
    // offline: a page must not need the network (nbconvert's CDN scripts are blocked)
    await send("Network.setBlockedURLs", { urls: ["http://*", "https://*"] });
    await send("Page.navigate", { url });
    await Promise.race([
      load,
      new Promise((_, fail) =>
        setTimeout(() => fail(new Error("page load timeout")), 20_000)
      ),
    ]);
    const evalResult = await send("Runtime.evaluate", {
      expression: `JSON.stringify({
        w: document.documentElement.scrollWidth,
        h: document.documentElement.scrollHeight,
        rects: [...document.querySelectorAll(${
        JSON.stringify(selector)
      })].map((e, i) => {
          const r = e.getBoundingClientRect();
          return { name: e.closest("[data-chart]")?.dataset.chart ?? e.tagName + " " + i,
            x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
        }),
      })`,
      returnByValue: true,
    });
    const { w, h, rects } = JSON.parse(
      (evalResult.result as { value: string }).value,
    ) as { w: number; h: number; rects: Rect[] };
    const shot = await send("Page.captureScreenshot", {
      format: "png",
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: w, height: h, scale: 1 },
    });
    const png = Uint8Array.from(
      atob(shot.data as string),
      (c) => c.charCodeAt(0),
    );
    return { rects, img: decodePng(png), errors };
  } finally {
    ws?.close();
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

const missing = [!CHROMIUM && "chromium", !NBCONVERT && "jupyter-nbconvert"]
  .filter(Boolean).join(", ");

Deno.test({
  name:
    "browser: results/index.html and a notebook's HTML export render every chart non-blank",
  ignore: missing !== "" && !CI,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    assert.equal(
      missing,
      "",
      `missing ${missing} (apt-get install -y chromium jupyter-nbconvert)`,
    );
    const dir = await Deno.makeTempDir({ prefix: "flip7-report-" });
    try {
      // The report of the committed results, as `deno task report` writes it.
      await Deno.writeTextFile(
        `${dir}/index.html`,
        reportHtml(`${ROOT}results`),
      );
      const report = await inBrowser(
        `file://${dir}/index.html`,
        "figure.chart svg",
      );
      const svgs = [...Deno.readDirSync(`${ROOT}results`)]
        .filter((e) => e.name.endsWith(".svg")).length;
      assert.equal(
        report.rects.length,
        svgs,
        "every results/*.svg is on the page",
      );
      for (const r of report.rects) {
        assert.ok(r.w > 100 && r.h > 100, `${r.name}: ${r.w}×${r.h}`);
        const n = colored(report.img, r);
        assert.ok(n > 50, `${r.name}: blank chart (${n} colored pixels)`);
      }
      assert.deepEqual(report.errors, [], "console errors on the report");

      // One notebook, exported to HTML by Debian's nbconvert.
      const conv = await new Deno.Command(NBCONVERT!, {
        args: [
          "--to",
          "html",
          "--output-dir",
          dir,
          `${ROOT}notebooks/00-tour.ipynb`,
        ],
        stdout: "piped",
        stderr: "piped",
        stdin: "null",
      }).output();
      assert.equal(conv.code, 0, new TextDecoder().decode(conv.stderr));
      const nb = await inBrowser(
        `file://${dir}/00-tour.html`,
        ".jp-OutputArea-output img, .jp-OutputArea-output > svg, .jp-RenderedSVG svg",
      );
      assert.ok(
        nb.rects.length >= 3,
        `${nb.rects.length} charts in the export`,
      );
      for (const r of nb.rects) {
        const n = colored(nb.img, r);
        assert.ok(
          n > 50,
          `00-tour export, ${r.name} at y=${
            r.y.toFixed(0)
          }: blank chart (${n} colored pixels)`,
        );
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
