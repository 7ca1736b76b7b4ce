const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR']);

/**
 * Rich (sanitized) HTML as the reader's plain text: paragraphs become blank-line breaks. The reader shows
 * it and the audio manager splits its sentences from it, so both must get the same text. DOMParser
 * documents are inert: nothing in them runs or loads.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (node.nodeName === 'BR') parts.push('\n');
    node.childNodes.forEach(walk);
    if (BLOCKS.has(node.nodeName)) parts.push('\n\n');
  };
  walk(doc.body);
  return parts
    .join('')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
