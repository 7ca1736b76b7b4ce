/**
 * Data the build-time prerender put in the page (a JSON <script> the browser never runs), so the first
 * browser render draws the same posts as the static HTML instead of flashing a spinner.
 */
export const PRERENDERED_DATA_ID = 'vb-prerendered-data';

export interface PrerenderedData {
  path: string;
  data: unknown;
}

/** The JSON island for a page, with `<` escaped so no text inside can close the script element. */
export const dataIsland = (value: PrerenderedData) =>
  `<script type="application/json" id="${PRERENDERED_DATA_ID}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** The prerendered data of `path`, once: later renders (and other paths) fetch their own. */
export function takePrerendered<T>(path: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const el = document.getElementById(PRERENDERED_DATA_ID);
  if (!el?.textContent) return undefined;
  try {
    const parsed = JSON.parse(el.textContent) as PrerenderedData;
    if (parsed.path !== path) return undefined;
    el.remove();
    return parsed.data as T;
  } catch {
    return undefined;
  }
}
