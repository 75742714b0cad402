// Likely one-time codes in a message (D24): what an agent reads a verification mail for. Pure and
// conservative: a number or token counts only with a sign that it is a code (a keyword such as "code",
// "OTP" or "verification" just before it, or a line to itself); years, prices, times, dates, phone and
// order numbers, and anything inside a link or an address are not codes. Best first, at most five.
import { htmlToText } from './html-text.js';

export interface CodeSource {
  subject: string | null;
  text: string | null;
  html: string | null;
}

const MAX_CODES = 5;
const KEYWORD =
  /\b(code|codes|otp|one[- ]time|passcode|pass code|pin|verification|verify|confirmation|confirm|security|login|log-in|sign[- ]in|2fa|two[- ]factor|authentication|token|c[oó]digo|codice|bestätigungscode|verifizierungscode)\b/i;
const NOT_A_CODE_CONTEXT = /(#|\b(order|invoice|ticket|account|acct|ref|reference|tracking|phone|tel|fax|call|zip|postal|customer|member|id)\b\s*(no\.?|number|#)?\s*:?\s*)$/i;
const CURRENCY_BEFORE = /[$€£¥₹]\s?$|\b(usd|eur|gbp|chf)\s?$/i;
const CURRENCY_AFTER = /^\s?([$€£¥₹]|usd\b|eur\b|gbp\b|chf\b|dollars?\b|euros?\b|%)/i;
const CANDIDATE = /(?<![\w.,:/@#+-])(\d{3}[- ]\d{3}|\d{4,8}|(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,10}(?:-[A-Z0-9]{3,6})?)(?![\w@/-]|[.,:]\d)/g;

interface Scored {
  code: string;
  score: number;
  order: number;
}

function isYear(token: string): boolean {
  return /^(19|20)\d\d$/.test(token);
}

function judge(line: string, previous: string, match: RegExpExecArray): number {
  const code = match[1] as string;
  const before = line.slice(0, match.index);
  const after = line.slice(match.index + code.length);
  if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) return 0;
  if (/\d\s?$/.test(before) || /^\s?\d/.test(after)) return 0; // part of a longer number (phone, card)
  if (/^\s?(am|pm|h|min|sec|seconds|minutes|hours|days|kb|mb|gb|px)\b/i.test(after)) return 0;
  const near = before.slice(-60);
  // "551234 is your Instagram code": the keyword after the code, in that phrasing only.
  const namedAfter = /^\s*(is|ist|es|est|é)\s+(your|ihr|dein|tu|su|votre|seu)\b/i.test(after) && KEYWORD.test(after.slice(0, 50));
  const keywordNear = KEYWORD.test(near) || namedAfter || (line.trim() === code && KEYWORD.test(previous));
  if (NOT_A_CODE_CONTEXT.test(near) && !KEYWORD.test(near.slice(-25))) return 0;
  const alone = line.trim() === code || line.trim() === `${code}.`;
  const digits = /^[\d -]+$/.test(code);
  if (isYear(code) && !keywordNear) return 0;
  if (!digits && !/^[A-Z0-9-]+$/.test(code)) return 0;
  if (keywordNear) return alone ? 4 : 3;
  if (alone) return digits ? 2 : 1;
  return 0;
}

export function extractCodes(source: CodeSource): string[] {
  const bodies = [source.subject ?? '', source.text ?? '', source.html === null ? '' : htmlToText(source.html)];
  const found = new Map<string, Scored>();
  let order = 0;
  for (const body of bodies) {
    const lines = body.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
    lines.forEach((rawLine, i) => {
      // Links and addresses carry numbers that are never the code to type.
      const line = rawLine.replace(/\b(https?:\/\/|www\.)\S+|\S+@\S+/gi, (m) => ' '.repeat(m.length));
      for (const match of line.matchAll(CANDIDATE)) {
        const score = judge(line, lines[i - 1] ?? '', match);
        if (score === 0) continue;
        const code = match[1] as string;
        const known = found.get(code);
        if (known === undefined) found.set(code, { code, score, order: (order += 1) });
        else known.score = Math.max(known.score, score);
      }
    });
  }
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_CODES)
    .map((s) => s.code);
}
