/** Who samples read-your-writes: a learner's session cookie and CSRF token. */
export interface SamplerSession {
  cookie: string;
  csrf: string;
}

export interface ReadYourWritesResult {
  /** From the mark's answer to the read showing the word, ms. */
  latencies: number[];
  errors: number;
}

/**
 * Read-your-writes under a load: one client marks a word, then reads its dictionary with the answered
 * position, one pair at a time, until `stop` resolves (the API and embedded benchmarks' ryw).
 */
export async function sampleReadYourWrites(
  base: string,
  s: SamplerSession,
  stop: Promise<void>,
  prefix: string,
): Promise<ReadYourWritesResult> {
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  void stop.then(() => (done = true));
  const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
  for (let i = 0; !done; i++) {
    const word = `${prefix}${i}`;
    try {
      const mark = await fetch(`${base}/api/dictionary/word`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ languageCode: 'fr', word: { value: word, status: 'known' } }),
      });
      const { position } = (await mark.json()) as { position?: string };
      const t0 = performance.now();
      const read = await fetch(`${base}/api/dictionary?languageCode=fr&minPosition=${position}`, { headers });
      const body = (await read.json()) as { words?: { value: string }[] };
      if (!mark.ok || !read.ok || !body.words?.some((w) => w.value === word)) errors++;
      else latencies.push(performance.now() - t0);
    } catch {
      errors++;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { latencies, errors };
}
