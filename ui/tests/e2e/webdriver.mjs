// A small W3C WebDriver client (fetch only) and the processes the app test needs: Xvfb,
// tauri-driver (which drives the app through Debian's WebKitWebDriver).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function until(what, fn, timeoutMs = 20000, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}
export { until };

/** Starts Xvfb on a free display; returns { display, screen, stop }: `screen` is the file
 * that holds what the display shows (Xvfb's frame buffer, an XWD image), for a test to keep
 * when something on screen went wrong outside the app's web view (a GTK dialog). */
export async function startXvfb() {
  const fbdir = mkdtempSync(join(tmpdir(), 'xvfb-'));
  for (let n = 90 + Math.floor(Math.random() * 100); n < 400; n++) {
    if (existsSync(`/tmp/.X${n}-lock`)) continue;
    const proc = spawn('Xvfb', [`:${n}`, '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-fbdir', fbdir], {
      stdio: 'ignore',
    });
    const ok = await until(`Xvfb :${n}`, () => existsSync(`/tmp/.X11-unix/X${n}`) || proc.exitCode !== null, 5000)
      .then(() => proc.exitCode === null)
      .catch(() => false);
    if (ok) {
      const stop = () => {
        proc.kill('SIGTERM');
        rmSync(fbdir, { recursive: true, force: true });
      };
      return { display: `:${n}`, screen: join(fbdir, 'Xvfb_screen0'), stop };
    }
    proc.kill('SIGKILL');
  }
  rmSync(fbdir, { recursive: true, force: true });
  throw new Error('no free X display for Xvfb');
}

/** Starts tauri-driver on a free port with `env`; returns { url, stop, log, pid }: `log()` is
 * what it (and the WebKitWebDriver it starts) wrote so far; the app runs below `pid`. */
export async function startDriver(env) {
  const port = await freePort();
  const nativePort = await freePort();
  const bin = process.env.TAURI_DRIVER ?? `${process.env.HOME}/.cargo/bin/tauri-driver`;
  const proc = spawn(bin, ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both streams in one log: WebKitWebDriver writes to the one it inherits.
  let stderr = '';
  proc.stdout.on('data', (d) => (stderr += d));
  proc.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  await until('tauri-driver', async () => {
    if (proc.exitCode !== null) throw new Error(`tauri-driver exited: ${stderr}`);
    const r = await fetch(`${url}/status`);
    return r.ok;
  });
  return { url, stop: () => proc.kill('SIGTERM'), log: () => stderr, pid: proc.pid };
}

export class Session {
  constructor(url, id) {
    this.url = url;
    this.id = id;
  }

  /** A new session on the app; an answer that has not come in `timeoutMs` is a failure (the
   * default fetch would wait five minutes). */
  static async start(driverUrl, application, timeoutMs = 90000) {
    const r = await fetch(`${driverUrl}/session`, {
      signal: AbortSignal.timeout(timeoutMs),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: { browserName: 'wry', 'tauri:options': { application } },
        },
      }),
    });
    const body = await r.json();
    if (!r.ok || !body.value?.sessionId) throw new Error(`new session failed: ${JSON.stringify(body)}`);
    return new Session(driverUrl, body.value.sessionId);
  }

  async cmd(method, path, payload) {
    const r = await fetch(`${this.url}/session/${this.id}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${JSON.stringify(body.value ?? body)}`);
    return body.value;
  }

  async all(css) {
    const els = await this.cmd('POST', '/elements', { using: 'css selector', value: css });
    return els.map((e) => Object.values(e)[0]);
  }

  async one(css, timeoutMs = 15000) {
    return until(`element ${css}`, async () => (await this.all(css))[0], timeoutMs);
  }

  /** A real pointer click at the element's centre (works for SVG shapes too). */
  async click(el) {
    const [x, y] = await this.script(
      `const e = arguments[0];
       const r0 = e.getBoundingClientRect();
       // a real user scrolls to what is below the fold first
       if (r0.bottom > innerHeight || r0.top < 0) e.scrollIntoView({ block: 'center' });
       const r = e.getBoundingClientRect();
       return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];`,
      { 'element-6066-11e4-a52e-4f735466cecf': el },
    );
    await this.cmd('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', duration: 0, origin: 'viewport', x, y },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
    await this.cmd('DELETE', '/actions').catch(() => {});
  }

  async clickCss(css, timeoutMs) {
    return this.click(await this.one(css, timeoutMs));
  }

  text(el) {
    return this.cmd('GET', `/element/${el}/text`);
  }

  attr(el, name) {
    return this.cmd('GET', `/element/${el}/attribute/${name}`);
  }

  type(el, text) {
    return this.cmd('POST', `/element/${el}/value`, { text });
  }

  script(source, ...args) {
    return this.cmd('POST', '/execute/sync', { script: source, args });
  }

  async screenshot() {
    // WebKitWebDriver takes the shot at the next rendering update, and a still page has none:
    // a 2 px element animating while the shot is taken provides one.
    await this.script(
      `if (!document.getElementById('__shot')) {
         const st = document.createElement('style');
         st.id = '__shot_style';
         st.textContent = '@keyframes __shot { from { opacity: .98 } to { opacity: 1 } }';
         document.head.appendChild(st);
         const m = document.createElement('div');
         m.id = '__shot';
         m.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;background:transparent;' +
           'animation:__shot .2s infinite alternate;pointer-events:none';
         document.body.appendChild(m);
       }`,
    );
    const png = Buffer.from(await this.cmd('GET', '/screenshot'), 'base64');
    await this.script(
      `document.getElementById('__shot')?.remove(); document.getElementById('__shot_style')?.remove();`,
    );
    return png;
  }

  async end() {
    await fetch(`${this.url}/session/${this.id}`, { method: 'DELETE' }).catch(() => {});
  }
}
