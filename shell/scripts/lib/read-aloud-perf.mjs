/* global document, window, performance, HTMLMediaElement -- only inside page.evaluate / waitForFunction, i.e. in the browser */
/**
 * Read-aloud's start, measured in the page: from the P key's keydown (capture listener on document) on
 * a focused word of the reader to the `playing` event of the audio the reader then plays (its <audio> is
 * not in the document, so play() is wrapped to listen on each element played). In between: the sentence
 * found and lit, POST /api/tts, the audio decoded. `speechServer` answers /api/tts (services/bench/speech-server.mts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Starts the espeak-ng speech server of services/bench; resolves { url, stop }. */
export async function startSpeechServer(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/speech-server.mts'], {
    cwd: path.join(root, 'services'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the speech server ended (${code}) before listening: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Sends the page's POST /api/tts to the speech server (registered after the mocked /api, so it wins). */
export async function routeSpeech(page, url) {
  await page.route('**/api/tts', async (route) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: route.request().postData(),
    });
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}

/**
 * Focuses word `i` of the page, presses P and returns { ms, answeredMs, text }: keydown -> the audio playing,
 * keydown -> the /api/tts answer fully received, and the sentence asked for.
 */
export async function playSentenceMeasured(page, i) {
  await page.evaluate(() => {
    window.__verbaKeyAt = undefined;
    window.__verbaPlayingAt = undefined;
    if (!window.__verbaPlayWrapped) {
      window.__verbaPlayWrapped = true;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function wrappedPlay() {
        this.addEventListener('playing', () => (window.__verbaPlayingAt ??= performance.now()), { once: true });
        return play.call(this);
      };
    }
    document.addEventListener('keydown', () => (window.__verbaKeyAt = performance.now()), { capture: true, once: true });
  });
  const word = page.locator(`.rd-text [data-i="${i}"]`);
  await word.focus();
  const asked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/tts');
  await page.keyboard.press('p');
  const text = (await asked).postDataJSON().text;
  const done = await page.waitForFunction(
    () => {
      if (window.__verbaPlayingAt === undefined) return false;
      // The speech request's own span (resource timing), to tell the server's part from the browser's.
      const request = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/api/tts')
        .at(-1);
      return { key: window.__verbaKeyAt, playing: window.__verbaPlayingAt, answered: request?.responseEnd ?? null };
    },
    undefined,
    { timeout: 10_000 },
  );
  const { key, playing, answered } = await done.jsonValue();
  await done.dispose();
  return { ms: playing - key, answeredMs: answered === null ? null : answered - key, text };
}
