// The http(s) links of a message (D24), never visited: from the HTML's anchors and the text's bare URLs,
// deduplicated, best first: links whose text, address or wrapped target (a tracking redirect's `url=`
// parameter) speaks of verifying, confirming, resetting or signing in come first; help, legal and social
// links after the rest; unsubscribe and preference links last of all, so an agent taking the first link
// never takes one. At most twenty.
import { decodeEntities } from './html-text.js';

export interface LinkSource {
  text: string | null;
  html: string | null;
}

const MAX_LINKS = 20;
/** How much of the HTML and of the text is read (characters): the action link is near the top. */
const MAX_HTML = 512 * 1024;
const MAX_TEXT = 128 * 1024;
// Action words in the addresses and in the button texts of the languages senders write in (issue 17).
const ACTION = new RegExp(
  [
    'verif|confirm|activat|validat|reset|password|passwd|log-?in|sign-?in|signin|magic|token|auth|invit|accept|otp|session|approve|onboard|welcome|get-?started',
    'bestätig|anmeld|zurücksetz|einladung|annehmen|aktivier',
    'vérifi|connecter|connexion|réinitialis|accepter|activer',
    'iniciar sesión|restablecer|aceptar|activar|entrar|redefinir|aceitar|ativar|acessar',
    'conferma|accedi|reimposta|accetta|attiva',
    'bevestig|inloggen|opnieuw instellen|accepteren|activeren',
    'potwierdź|zaloguj|zresetuj|przyjmij|aktywuj',
    'подтверд|войти|сброс|приня|активир',
    '確認する|ログイン|再設定|承諾|有効化',
    '验证|确认|登录|重置|接受|激活',
    '확인|로그인|재설정|수락|활성화',
    'doğrula|giriş yap|sıfırla|kabul et|etkinleştir',
    'تأكيد|تسجيل الدخول|إعادة تعيين|قبول|تفعيل',
  ].join('|'),
  'i',
);
const OPT_OUT = /unsubscri|opt[-_ ]?out|optout|email[-_ ]?preferences|manage[-_ ]?preferences|notification[-_ ]?settings|list-manage|abmelden|désabonner|desinscri/i;
const LOW = /privacy|terms|legal|help|support|faq|facebook|twitter|x\.com|instagram|linkedin|youtube|tiktok|app-?store|play\.google/i;
/** Links to send something back, in the footer of an order or delivery mail: never the action of the mail. */
const RETURNS = /retoure|\breturns\b|\bretours\b|rücksend|devoluci|devoluç|\bresi\b|zwrot|возврат|返品|退货|退貨|반품|\biade\b|إرجاع/i;
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;

interface Candidate {
  url: string;
  text: string;
  /** An anchor around an image and no text: a logo or a banner, ranked with the footer links. */
  image: boolean;
  order: number;
}

function cleanUrl(raw: string): string | null {
  const trimmed = decodeEntities(raw.trim()).replace(/[.,;:!?)\]}>'"]+$/, '');
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}

/** The target of a tracking redirect: a query parameter that is itself an http(s) URL. */
function wrappedTarget(url: string): string {
  try {
    for (const value of new URL(url).searchParams.values()) if (/^https?:\/\//i.test(value)) return value;
  } catch {
    // not reachable: cleanUrl only passes URLs that parse
  }
  return '';
}

function score(candidate: Candidate): number {
  const said = `${candidate.text} ${candidate.url} ${wrappedTarget(candidate.url)}`;
  if (OPT_OUT.test(said)) return 0;
  if (RETURNS.test(said)) return 1;
  if (ACTION.test(said)) return 3;
  if (LOW.test(said) || candidate.image) return 1;
  return 2;
}

export function extractLinks(source: LinkSource): string[] {
  const candidates: Candidate[] = [];
  let order = 0;
  const add = (raw: string, text: string, image = false) => {
    const url = cleanUrl(raw);
    if (url === null) return;
    candidates.push({ url, text, image, order: (order += 1) });
  };
  if (source.html !== null) {
    for (const m of source.html.slice(0, MAX_HTML).matchAll(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi)) {
      const inner = m[5] ?? '';
      const text = decodeEntities(inner.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
      // An image's alternative text speaks for it ("Verify" on a button drawn as an image).
      const image = text === '' && /<img\b/i.test(inner);
      const alt = image ? (/\balt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(inner) ?? []) : [];
      add(m[2] ?? m[3] ?? m[4] ?? '', image ? decodeEntities(alt[2] ?? alt[3] ?? '') : text, image);
    }
  }
  if (source.text !== null) {
    const lines = source.text.slice(0, MAX_TEXT).split(/\r?\n/);
    lines.forEach((line, i) => {
      // A URL alone on its line is named by the line above ("Verify your e-mail:" then the address).
      const alone = line.replace(BARE_URL, '').trim() === '';
      const text = alone ? `${lines[i - 1] ?? ''} ${line}` : line;
      for (const m of line.matchAll(BARE_URL)) add(m[0], text);
    });
  }
  const best = new Map<string, { candidate: Candidate; score: number }>();
  for (const candidate of candidates) {
    const s = score(candidate);
    const known = best.get(candidate.url);
    if (known === undefined) best.set(candidate.url, { candidate, score: s });
    else if (s > known.score) known.score = s;
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.candidate.order - b.candidate.order)
    .slice(0, MAX_LINKS)
    .map((entry) => entry.candidate.url);
}
