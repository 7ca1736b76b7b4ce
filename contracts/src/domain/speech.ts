/** Silence before the text so the start of the first word is not clipped. */
export const SPEECH_LEAD_IN_BREAK_MS = 150;

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

/** SSML document for the text-to-speech engine. */
export function wrapForSpeech(text: string): string {
  return `<speak><break time="${SPEECH_LEAD_IN_BREAK_MS}ms"/>${escapeXml(text)}</speak>`;
}
