// Splits plain text into text and http(s) links, so the text part can show clickable links built as
// elements (never as markup). Trailing punctuation stays text: "see https://x.example/a." links to /a.

export type Piece = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;

export function linkify(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trimmed = url.replace(/[.,;:!?)\]}>]+$/, '');
    url = trimmed;
    const start = match.index;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** True for the only links the page will make clickable. */
export function isWebLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
