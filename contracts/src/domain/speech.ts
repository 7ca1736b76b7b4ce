/** Silence before the text so the start of the first word is not clipped. */
export const SPEECH_LEAD_IN_BREAK_MS = 150;

/** Speaking speed as a factor of the voice's normal rate (1 = normal). */
export const SPEECH_SPEED_MIN = 0.5;
export const SPEECH_SPEED_MAX = 2;

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes the five XML special characters so learner text cannot break or inject SSML. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** SSML document for the text-to-speech engine; a speed other than 1 becomes a prosody rate. */
export function wrapForSpeech(text: string, speed = 1): string {
  const body = escapeXml(text);
  const spoken = speed === 1 ? body : `<prosody rate="${Math.round(speed * 100)}%">${body}</prosody>`;
  return `<speak><break time="${SPEECH_LEAD_IN_BREAK_MS}ms"/>${spoken}</speak>`;
}

const WRAPPED = new RegExp(`^<speak><break time="${SPEECH_LEAD_IN_BREAK_MS}ms"/>([^<]*)</speak>$`);
const XML_UNESCAPES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(XML_ESCAPES).map(([k, v]) => [v, k]));

/**
 * The plain text of a document `wrapForSpeech(text)` made, or the input unchanged when it is not one:
 * a server that receives already wrapped text rebuilds the SSML itself instead of trusting the caller's.
 */
export function unwrapSpeech(textOrSsml: string): string {
  const match = WRAPPED.exec(textOrSsml.trim());
  if (!match) return textOrSsml;
  return match[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_UNESCAPES[entity] ?? entity);
}
