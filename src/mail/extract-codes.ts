// Likely one-time codes in a message (D24, issue 17): what an agent reads a verification mail for. Pure and
// conservative, since a wrong code is worse than none. Candidate tokens and the shapes that are never a
// code are in code-tokens.ts; here each candidate is weighed by the words around it (code-words.ts, about
// twenty-two languages): a word naming a code just before it ("code: 482913", "確認コード：482913"), in the
// paragraph above or at the start of the line under it when it stands alone, the subject of "is" earlier in
// its sentence, a verb asking to type it (or to tell or show it to a person: "PIN बताएँ:"), or the word or the action just after it when the token leads its
// sentence ("482913 is your code", "Use 739214 to sign in"), or after it where the verb comes last ("7408
// दर्ज करें"), or the action named in the subject ("Sign in" over "Enter 3851 in the app"). A token whose
// nearest label calls it something else (order, invoice, tracking, customer, booking, phone, helpline, postcode,
// IBAN …; "code of the customer", not "code for your account") is not a code, in that place or anywhere
// else in the mail, and nor is a token in a sentence about a saving or stating an offer's terms (an amount
// or a percentage off, a minimum order, a date a discount code's shape runs to: offer-terms.ts), a card's
// last digits behind a mask or a booking's PIN. Shapes a person reads as a code only when it is named so at once (letters and digits set
// out in groups, capitals alone, lower-case codes, twelve-digit recovery codes) need their label right
// before them, or the line above when they stand alone. The item of a list stands as if alone (a list of
// recovery codes yields its first); a token set apart may be asked for by a typing verb on the line above
// or under it, or named by a heading above a line ending in a colon; a number may end the subject after the
// sender's name. Where and how a token is set out weighs too (code-layout.ts): in a mail whose subject shows
// a purpose that asks for a code, a token alone in an emphasised element of the HTML (bold, a heading, a
// large font, a box), or inline in one in a mail that names a code, or set apart under a line asking to
// type it, is taken with no word naming it; a code set out one character per box or cell is spelled out;
// a code set out whole in a shape the candidates do not take (the whole line, an emphasised run, a
// field's value, a list's item: "RML 5520 83", "7281-4406-19") is weighed whole, its parts not offered;
// and the value of a row in a table of details is what its label says (a label naming no code, or a code
// of something no list knows before a shape that needs its label, names something else). A token in
// brackets after words of their own is an aside. Best first, at most five, each as a person types it
// (code-tokens.ts, typed).
import {
  ACTION,
  APPROVAL,
  BOOKING,
  CODE_NOUN,
  CONFIRMATION,
  EMAIL,
  PURPOSE,
  ENTER,
  EVIDENCE,
  INVITATION,
  NOT_A_CODE,
  PROMOTION,
  PROMOTION_AFTER,
  SALE,
  WEAK_NOUN,
} from './code-words.js';
import {
  AMOUNT,
  CANDIDATE,
  CURRENCY_BEFORE,
  CURRENCY_AFTER,
  isDigits,
  isTime,
  isYear,
  linesOf,
  needsLabel,
  plausible,
  typed,
  UNIT_AFTER,
  wholeShape,
  type BodyLine,
} from './code-tokens.js';
import { emphasisedAt, fieldLabel, setApartSpans } from './code-layout.js';
import { htmlToText } from './html-text.js';
import { offerTerms, runsTo } from './offer-terms.js';
import { firstMatchOf, matchesOf, type PatternMatch } from './pattern-matches.js';

export interface CodeSource {
  subject: string | null;
  text: string | null;
  html: string | null;
}

const MAX_CODES = 5;
/** How much of the text and of the HTML is read (characters). */
const MAX_TEXT = 64 * 1024;
const MAX_HTML = 256 * 1024;
/** How far into the subject and each body the words of a booking are looked for. */
const BOOKING_REACH = 4096;
/** How many candidate tokens are weighed in one message: a code is near the top of its mail. */
const MAX_CANDIDATES = 400;
/** How far before a code its label may be, and after it the words that name it. */
const BEFORE_WINDOW = 60;
const AFTER_WINDOW = 50;
const LABEL_REACH = 30;
const PARAGRAPH_WINDOW = 200;
const SENTENCE_WINDOW = 160;
/** How close after a number deep in a sentence the word naming it must start ("489126 kodunu"). */
const NAMED_NEAR = 8;
/** How far after a typed token the action it is for may start (" pour vous connecter"). */
const ACTION_NEAR = 24;
/** What may stand between a word naming a code and the code itself for the word to be its label: marks, the
 * "your" that Thai, Indonesian, Hebrew and Vietnamese put after the noun, a copula, or the particle of the
 * topic or subject in Japanese and Korean ("認証コードは", "인증 코드는"). */
const DIRECT =
  /^[\s:：=\-–—'"«»“”„()（）[\]]*(?:(?:ของคุณ|ของท่าน|anda|kamu|שלך|שלכם|của bạn|của quý khách)\s*)?(?:(?:is|are|ist|lautet|luidt|est|es|è|é|är|er|jest|wynosi|to|je|là|هو|是|为|為|は|が|는|은|가|이|הוא|היא|adalah|ialah|คือ|este|είναι|است|है)(?![\p{L}\p{N}]))?[\s:：'"«»“”„]*$/iu;
/** "… <code noun> … is 462190": a copula just before the token, its subject named earlier in the sentence
 * ("… هو: 582041", Vietnamese "… là 731062", also written without its accent). */
const COPULA_END =
  /(?:(?:^|[^\p{L}\p{N}])(?:is|ist|lautet|luidt|est|es|è|é|är|jest|wynosi|je|là|la|هو|是|为|為|הוא|היא|adalah|ialah|este|είναι)|คือ)\s*[:：]?\s*$/iu;
/** A card or account shown by its last digits behind a mask ("****5527", "*4407"); "**603819**" is a code
 * set in bold. */
const MASK_BEFORE = /(?:[*•●✱]|(?<![\p{L}])[xX]{2,})\s?$/u;
/** What leads the item of a list: "1. ", "2) ", "[3] ", "a) ", "- ", "• ". The items of a list of codes
 * (recovery codes, one per line) stand as if alone on their lines. */
const LIST_LEAD = /^(?:\(?\d{1,2}[.)]|\[\d{1,2}\]|[a-z][.)]|[-–•*·▪◦▸►‣])\s+/u;
const LIST_MARKER = new RegExp(`${LIST_LEAD.source}$`, 'u');
/** Brackets, quotes and emphasis around a code ("[ 37104286 ]", "**603819**", "【482913】"). */
const WRAP_BEFORE = /[*_[【「『(（]+\s*$/;
const WRAP_AFTER = /^\s*[*_\]】」』)）]+/;
/** A neighbouring group of capitals and digits with both, a space apart. */
const SPACED_GROUP_BEFORE = /(?<![\w-])(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{2,8} $/;
const SPACED_GROUP_AFTER = /^ (?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{2,8}(?![\w-])/;
/** A group of capitals after a space, ending the line. */
const CAPITALS_END = /^ [A-Z]{1,3}\s*$/;
/** A remark in brackets right after a code noun, with no number in it: "Din kod (små bokstäver): kxm4tr",
 * "Ваш код (малими літерами): q7m-4kx", "Your code (case sensitive): …". It says how to type the code, and
 * the noun still labels what follows it. */
const ASIDE = /^\s*[(（][^()（）\d\n]{1,40}[)）]/u;
/** What follows a code noun up to the token, without such a remark. */
const afterNoun = (context: string, noun: Word): string => context.slice(noun.end).replace(ASIDE, '');
/** A noun's own words, then a colon: "código temporal: KPLM-QTWX", "Code de secours : 4819-2753-0066". */
const NOUN_THEN_COLON = /^[\p{L}\p{M}\s'’]{0,40}[:：]\s*$/u;
/** An aside in brackets that a token ends, after a word of the sentence: "Hub (serial ", "Khoa (lớp 7A2, mã HS
 * ". The words in the brackets before the token. */
const BRACKETED = /\p{L}[^\S\n]*[(（]([^()（）\d\n]*\p{L}[^()（）\n]{0,40})$/u;

/** What may stand between a verb asking to type a token and the token: nothing, or a place led by a
 * short preposition ("v aplikaci", "в приложении", "in app"); not "your card". */
const ENTERED_PLACE = /^\s*(?:\p{L}{1,3}\s+\p{L}{1,12}\s+)?$/u;
/** "For" between a code noun and a label after it: the code is for that thing ("code for your account",
 * "kód pro klientskou zónu"), not its reference ("código do cliente", "code of the order"). */
const FOR =
  /(?<![\p{L}])(?:for|für|pour|para|per|voor|dla|для|pro|för|cho|na|untuk|עבור)(?![\p{L}])|สำหรับ|(?:^|\s)ל$/iu;
/** "In order to" between a code noun and a label after it, the verb last: the label is the object of what
 * the code is for ("toegangscode om het document te openen:", "Code, um das Dokument zu öffnen:"), not the
 * code's own. */
const IN_ORDER_TO = /(?<![\p{L}])(?:om|um)(?![\p{L}])/iu;
/** The verb that ends such a clause in Dutch and German, then a colon: "te openen:", "zu öffnen:". */
const VERB_LAST = /^\s*(?:te|zu)\s+\p{L}+\s*[:：]\s*$/iu;
/** A colon after a label, with the "your" that Hebrew, Indonesian and Thai put after the noun ("לחשבון
 * שלך:", "akun Anda:", "บัญชีของคุณ:"). */
const POSSESSIVE_COLON = /^\s*(?:שלך|שלכם|anda|kamu|ของคุณ|ของท่าน|của bạn|của quý khách)?\s*[:：]\s*$/iu;
/** What joins a label to the noun it qualifies: a space, a dash, or the "s" of a German, Dutch or Swedish
 * compound ("Buchungscode", "Boekingscode", "bokningskod"). */
const JOINS = /^(?:[\s-]*|s)$/;
/** A particle between a token and the verb after it: Japanese "を", Korean "을"/"를", Turkish "'i". */
const PARTICLE = /^\s*(?:を|을|를|['’]?[iıuü])?\s*$/u;
/** Nothing but a copula between a word and what follows it. */
const COPULA_ONLY = /^\s*(?:is|ist|lautet|luidt|est|es|è|é|är|jest|wynosi|هو|是|为|為|הוא|היא|adalah|ialah|คือ)\s*$/iu;
/** A sender's name and what parts it from the rest of a subject: "Acme: ", "[Acme] ", "Acme – ". */
const SENDER_THEN = /^[^\d:：[\]]{1,30}(?:[:：|\-–—]|\])\s*$|^\[[^\d\]]{1,30}\]\s*$/u;
/** Nothing but a full stop or a mark after the last word of a subject. */
const SUBJECT_END = /^[\s.!。！]*$/u;
/** A sentence ends at a full stop and a space, unless a lower-case word follows (an abbreviation: "890
 * руб. по карте") or the stop follows a single letter, an initial ("M. Souza", and in scripts without
 * case "(ש. גולן)"), or at an ideographic full stop or a danda (Hindi "।"); "·" and "|" part items. */
const SENTENCE_END = /(?<![\s.(][\p{Lu}\p{Lo}])[.!?](?:\s(?!\p{Ll})|$)|[。！？；·|•।]/gu;
/** A word naming a place or a device, not labelling what follows it: "enter this code on your phone:". */
const PLACE_BEFORE =
  /(?:^|[^\p{L}])(?:on|in|into|from) (?:your|the|this) $|(?:^|[^\p{L}])(?:auf (?:ihrem|deinem|dem)|sur (?:votre|ton|le)|en (?:tu|su|el)|no (?:seu|teu)|nel (?:tuo|suo)|op (?:je|uw)) $/iu;

/** A small number just before a label counts the things it names ("für bis zu 5 Steuererklärungen", "for 3
 * devices", "2 Tickets"): the label is not the label of what follows. */
const COUNT_BEFORE = /(?<![\p{L}\p{N}.,:/-])\d{1,2}\s+$/u;

/** A preposition of place after a verb asking to type something, and a short word after it (an article, a
 * possessive): "zadejte do objednávky", "enter it in your order", "geben Sie sie in Ihrer Bestellung ein",
 * "wpisz w zamówieniu", "введите в заявке". Not "to", "zu" (what for: "Use it to track your parcel"). */
const INTO =
  /(?<![\p{L}])(?:in|into|on|at|im|ins|auf|bei|beim|dans|sur|à|au|en|em|no|na|ao|nel|nella|sul|sulla|bij|op|do|w|we|в|во|на|v|ve|i|på|vid|di|dalam|pada|vào|trong)\s+(?:\p{L}{1,6}\s+)?$/iu;

/** Whether a label of something else is the place a token is typed into: a verb asking to type it before
 * the label in its sentence, a preposition of place just before the label, and no code noun between the
 * verb and the label ("ČVOP zadejte do objednávky u nového operátora:" over the number to give the new
 * operator, not the order's number). */
function placeOfEntry(context: string, label: Word): boolean {
  const head = context.slice(0, label.start);
  if (!INTO.test(head)) return false;
  const sentence = sentenceBefore(head);
  const enter = lastMatch(ENTER, sentence);
  return enter !== null && firstMatch(CODE_NOUN, sentence.slice(enter.end)) === null;
}

interface Scored {
  code: string;
  score: number;
  order: number;
  /** Where it was first found: the body, and the line in it. */
  line: number;
  /** The list it is an item of (its order when it is none's). */
  list: number;
}

interface Word {
  start: number;
  end: number;
}

const wordOf = (m: PatternMatch): Word => ({ start: m.index, end: m.index + m.text.length });

function lastMatch(pattern: RegExp, text: string): Word | null {
  const last = matchesOf(pattern, text).at(-1);
  return last === undefined ? null : wordOf(last);
}

function firstMatch(pattern: RegExp, text: string): Word | null {
  const first = firstMatchOf(pattern, text);
  return first === null ? null : wordOf(first);
}

/** Whether a label after a code noun is what the code is for, in a heading that ends at a colon: "code for
 * your account:", "הקוד לחשבון שלך:", no number between them. */
function forHeading(context: string, noun: Word, label: Word): boolean {
  const between = context.slice(noun.end, label.start);
  const tail = context.slice(label.end);
  if (/\d/.test(between)) return false;
  return (
    (FOR.test(between) && POSSESSIVE_COLON.test(tail)) ||
    (IN_ORDER_TO.test(between) && VERB_LAST.test(tail)) ||
    (POSSESSIVE_COLON.test(tail) && WORD_BETWEEN.test(between.replace(GENITIVE, ' ')) && !INFINITIVE_END.test(between))
  );
}
/** A word of three letters or more (a Hebrew one led by its prefix "ל"), and the words that join a noun to
 * its owner ("código do cliente", "code of the order", "codice del socio"): a heading "code to open the
 * document:", "קוד גישה לפתיחת המסמך:" names what the code is for after a word of its own; "código do
 * cliente:" names whose it is. */
const WORD_BETWEEN = /[\p{L}\p{M}]{3,}/u;
/** The mark of an infinitive just before a label: the label is the verb of what the code is for ("code om je
 * pakket te volgen:", to track), a label of its own. */
const INFINITIVE_END = /(?<![\p{L}])(?:te|zu|to)\s*$/iu;
const GENITIVE =
  /(?<![\p{L}])(?:of|the|de|des|du|da|do|das|dos|del|della|dello|di|van|von|der|des|het|la|le|el|os|as)(?![\p{L}])/giu;

/** "If" and "when" in the languages read: a label in a clause they lead, with no comma or colon between,
 * is part of a condition ("… each code works once if you lose your phone:", "… khi bạn mất điện thoại:",
 * "… إذا فقدت هاتفك:"), not the label of the list set apart under it. */
const CONDITION =
  /(?<![\p{L}\p{M}])(?:if|when|wenn|falls|sobald|si|quand|lorsque|cuando|caso|quando|qualora|wanneer|indien|als|jeśli|jeżeli|gdy|kiedy|если|когда|якщо|коли|pokud|jestli|když|när|eğer|jika|bila|apabila|kalau|nếu|khi|إذا|وإذا|لو|אם|ואם|כאשר|अगर|यदि|जब)(?![\p{L}\p{M}])|場合|もし|如果|경우|만약|ถ้า|หาก|เมื่อ/iu;

/** Whether a label stands in a condition: the clause it ends, since the last comma, colon or sentence end,
 * is led by "if" or "when". */
function inCondition(context: string, label: Word): boolean {
  const head = context.slice(0, label.start);
  const clause = head.slice(
    Math.max(...[',', '，', '、', ':', '：', ';', '.', '。', '\n'].map((c) => head.lastIndexOf(c))) + 1,
  );
  return CONDITION.test(clause) && !/[:：]/.test(context.slice(label.end).replace(/[:：]\s*$/, ''));
}

/** "… if you lose your phone." ends a sentence: the word is not a label of what follows ("No." is). */
function endsSentence(context: string, word: Word): boolean {
  const rest = context.slice(word.end).trim();
  return /[!?。！？]$/.test(rest) || (rest.endsWith('.') && word.end - word.start > 3);
}

/** The text of the sentence up to a point, and from a point to the sentence's end. */
function sentenceBefore(text: string): string {
  const tail = text.slice(-SENTENCE_WINDOW);
  const end = lastMatch(SENTENCE_END, tail);
  return end === null ? tail : tail.slice(end.end);
}

function sentenceAfter(text: string, reach = AFTER_WINDOW): string {
  const head = text.slice(0, reach);
  const end = firstMatch(SENTENCE_END, head);
  return end === null ? head : head.slice(0, end.start);
}

/** What the line under a token alone on its line says of it: true when it names a code or its action with
 * no number of its own first, false when it starts with a label of something else, null when neither. */
function namedBelow(next: string): boolean | null {
  const head = next.slice(0, LABEL_REACH);
  const named = firstMatch(CODE_NOUN, next) ?? firstMatch(ACTION, next);
  const other = firstMatch(NOT_A_CODE, head);
  // A label followed by a number of its own ("Customer service 1588-0000") is that number's, not the token's.
  const ownNumber = other !== null && /\d/.test(next.slice(other.end));
  if (other !== null && !ownNumber && (named === null || other.start < named.start)) return false;
  if (named === null || /\d/.test(next.slice(0, named.start))) return null;
  // A PIN or a password names a code only as its label: "change your master password" under a number names
  // none.
  if (WEAK_NOUN.test(next.slice(named.start, named.end))) return null;
  return true;
}

/** Whether a body names a one-time code somewhere: a code word not qualified by a label of something else
 * just before it ("promo code", "postal code", "QR code" name no code to type), and not a word that names
 * one only as a label (a PIN, a Czech "heslo", password, which a password-reset link mail speaks of too). */
function namesACode(body: string): boolean {
  let seen = 0;
  for (const m of matchesOf(CODE_NOUN, body, MAX_CANDIDATES + 1)) {
    if ((seen += 1) > MAX_CANDIDATES) return false;
    if (WEAK_NOUN.test(m.text)) continue;
    const before = body.slice(Math.max(0, m.index - LABEL_REACH), m.index);
    const label = lastMatch(NOT_A_CODE, before);
    if (label === null || !JOINS.test(before.slice(label.end))) return true;
  }
  return false;
}

interface Line {
  text: string;
  previous: string;
  next: string;
  /** The line above the previous one. */
  above: string;
  /** Whether the line is the subject's. */
  subject: boolean;
  /** Whether the line was set out one character per cell (or per line): a code's layout. */
  spelled: boolean;
  /** Whether the line is the text of an element styled as a code is shown (spaced-out letters, a
   * monospaced or a large font). */
  styled: boolean;
  /** Whether the line is the text of an emphasised element (code-layout.ts), and where its emphasised runs
   * are. */
  emphasised: boolean;
  runs: [number, number][];
  /** The lines of the body and the line's place among them: the lines further off are read from them when
   * needed (the row of a table a token is the value of). */
  lines: readonly string[];
  index: number;
}

interface Message {
  /** Whether any part of the message names a code (the subject, say). */
  codeNamed: boolean;
  /** Whether the subject names a code ("Your recovery codes"). */
  subjectNamesCode: boolean;
  /** Tokens labelled as something else somewhere in the message (an order number, a booking code). */
  vetoed: Set<string>;
  /** Whether the subject names the action a code is for ("Sign in to …"). */
  actionNamed: boolean;
  /** Whether the subject speaks of a booking. */
  booking: boolean;
  /** Whether the subject speaks of an invitation: a code in it is the event's or a guest's. */
  invitation: boolean;
  /** Whether the subject asks to confirm an e-mail address: its confirmation code is one-time, whatever
   * the address is for ("Подтвердите почту для бронирования"). */
  confirmsEmail: boolean;
  /** Whether the subject or the top of a body speaks of a booking, whose PIN is for managing it. */
  bookingMentioned: boolean;
  /** Whether the subject offers a saving ("Summer sale: 20% off"): a newsletter's, whose codes are
   * discount codes unless named for what a one-time code is for. */
  promotion: boolean;
  /** Whether the subject shows a purpose that asks the reader to type or give a code: it names a code
   * ("Your sign-in code"), or an action a code is for ("Sign in to Acme", "Confirm your e-mail") that is not
   * only a confirmation of something done ("Confirmation de commande", "Xác nhận lịch hẹn"). */
  purposeShown: boolean;
  /** Whether the subject shows another purpose: it labels something else (an order, an invoice), speaks of
   * a booking or offers a saving. */
  otherPurpose: boolean;
  /** The top of the first body, which speaks of a token in the subject. */
  bodyHead: string;
  /** Whether the message has a subject to read a purpose in. */
  subjectGiven: boolean;
  /** The subject in lower case, to find a token's label in. */
  subjectLower: string;
  /** The bodies, and whether the top of one asks to type or give something (read when first needed). */
  bodies: string[];
  asks: boolean | null;
}

/** How far around a token the positive evidence of a code is read when the subject shows none. */
const EVIDENCE_WINDOW = 120;

/** Whether the text right by a token shows a purpose that asks the reader to type or give a code: a word of
 * what a one-time code is for ("verification", "sign in", "one-time", "recovery", "activation"), an action a
 * code is for, or a verb asking to type it. In a mail whose subject shows none (a booking, an order, an
 * invoice, an invitation, a newsletter), a number with nothing of the kind by it is not offered, whatever it
 * is called ("Codice lista: 30417", "Codice donatore DO-550917", "parrainez avec le code LEA-5K2"). */
function evidenceNear(line: Line, before: string, after: string, message: Message): boolean {
  // A token in the subject ("Acme: 482913") is spoken of by the top of the body.
  if (line.subject) return evidenceIn(`${line.text}\n${message.bodyHead}`, message);
  // A field of a document, in a mail whose subject shows another purpose and that nowhere asks to type
  // anything: the label alone before the token, on its line or on the line above (a table's cell), not a
  // sentence ("Your one-time payment code is 482913").
  const field = (label: string) =>
    message.otherPurpose &&
    sentenceBefore(label).trim().length <= LABEL_REACH &&
    !COPULA_END.test(label) &&
    !asksToType(message);
  const above = before.trim() === '' ? unlabelled(line.previous.slice(-EVIDENCE_WINDOW), field(line.previous)) : '';
  return evidenceIn(
    `${above}\n${unlabelled(before.slice(-EVIDENCE_WINDOW), before.trim() !== '' && field(before))} ${after.slice(0, EVIDENCE_WINDOW)}\n${line.next}`,
    message,
  );
}

/** Whether the top of a body asks the reader to type or give something ("以下の番号を入力して", "enter the
 * number below"), read once a message. */
function asksToType(message: Message): boolean {
  message.asks ??= message.bodies.some((body) => firstMatch(ENTER, body.slice(0, BOOKING_REACH)) !== null);
  return message.asks;
}

/** A text with the approval words of its end, the token's own label, left out: "Autorizační kód:" or
 * "Approval code" beside a card payment's amount is its receipt's field, which the words of a request (a
 * time limit, a warning not to share it, a verb asking to type it) must show to be a code to type. The
 * label of a document's field, in a mail whose subject shows another purpose (an invoice, an order, a
 * booking), says no more with the words of a code's purpose: "Código de verificação" in a service invoice's
 * table is the invoice's, a code to look it up on a portal, which nothing asks the reader to type. */
function unlabelled(text: string, field: boolean): string {
  const head = text.slice(0, -LABEL_REACH);
  const label = text.slice(head.length).replace(APPROVALS, ' ');
  return head + (field ? label.replace(PURPOSES, ' ') : label);
}
const APPROVALS = new RegExp(APPROVAL.source, 'giu');
const PURPOSES = new RegExp(PURPOSE.source, 'giu');

/** Words that may stand before a code noun in a label that is nothing but the noun: "Your code:", "Here's
 * your code", "Ihre TAN:". "Your membership code", "Lidcode", "会員コード" name a code of something. */
const BARE_LEAD =
  /^(?:(?:here(?:'s|’s| is)|this is|your|the|a|ihre?|deine?|der|die|das|votre|ton|ta|le|la|tu|su|el|seu|sua|o|il|tuo|je|uw|de|het|twój|ваш|твой|váš|din|ditt|senin)\s+)*$/iu;
function bare(context: string, noun: Word | null): boolean {
  if (noun === null) return false;
  const head = context.slice(0, noun.start);
  return BARE_LEAD.test(head.slice(head.lastIndexOf('\n') + 1).trimStart());
}

/** Whether the label of a field of a table of details names a code to type: a word of a purpose, of typing
 * or of an action a code is for ("Verification code", "Código de acceso", "Login"), or a code noun with
 * nothing but a "your" before it and nothing after it ("Code", "Your PIN", "License key"). */
function fieldNamesCode(label: string, message: Message, token: string): boolean {
  if (PURPOSE.test(label) || EVIDENCE.test(label) || CONFIRMATION.test(label)) return true;
  if (firstMatch(ACTION, label) !== null || firstMatch(ENTER, label) !== null) return true;
  if (echoesSubject(label, message)) return true;
  const noun = lastMatch(CODE_NOUN, label);
  if (noun === null) return false;
  // A shape that is a code only when named so at once, under a code noun with a word of its own that no list
  // knows ("Codice alunno: BG-118204", a pupil's): the code of that thing.
  return !needsLabel(token) || (bare(label, noun) && label.slice(noun.end).trim() === '');
}

/** Whether a label takes up the subject's own naming of a code: a word of four letters or more of it stands
 * in a subject that names a code ("Licenční číslo" under "Licenční klíč Účetníček"). */
function echoesSubject(label: string, message: Message): boolean {
  if (!message.subjectNamesCode) return false;
  for (const [word] of label.toLowerCase().matchAll(/[\p{L}\p{M}]{4,}/gu))
    if (message.subjectLower.includes(word) && firstMatch(NOT_A_CODE, word) === null) return true;
  return false;
}

/** Whether the subject names the token's whole label, the noun and the words before it on its line: "Your
 * Number Transfer PIN" over "Number Transfer PIN: 4471 9902". The mail is about that token. */
function labelInSubject(context: string, noun: Word, message: Message): boolean {
  const head = context.slice(0, noun.end);
  const end = /[.!?。]\s+(?=[^.!?。]*$)/.exec(head);
  const label = head
    .slice(Math.max(head.lastIndexOf('\n') + 1, end === null ? 0 : end.index + end[0].length))
    .trim()
    .toLowerCase();
  return label.length >= 3 && message.subjectLower.includes(label);
}

function evidenceIn(near: string, message: Message): boolean {
  // A confirmation code is one to type, unless the mail speaks of a booking (whose reference it is).
  if (!message.bookingMentioned && CONFIRMATION.test(near)) return true;
  return (
    PURPOSE.test(near) || EVIDENCE.test(near) || firstMatch(ACTION, near) !== null || firstMatch(ENTER, near) !== null
  );
}

/** The label of the row of a table of details a token is the value of (code-layout.ts), or null. */
function fieldOf(line: Line, match: PatternMatch): string | null {
  const end = match.index + match.text.length;
  return fieldLabel({
    before: line.text.slice(Math.max(0, match.index - PARAGRAPH_WINDOW), match.index),
    after: line.text.slice(end, end + PARAGRAPH_WINDOW),
    previous: line.previous,
    above: line.above,
    next: line.next,
    further: (line.lines[line.index + 2] ?? '').slice(0, BEFORE_WINDOW),
    top: (line.lines[line.index - 3] ?? '').slice(-BEFORE_WINDOW),
  });
}

/** How strongly a token is shown as a code to type (0: not at all). The words around it weigh first; then
 * where it is set out: the value of a row in a table of details is what its label says it is, and a label
 * that names no code, no purpose and no typing ("Serial number", "Learner ID") names something else, unless
 * the token stands apart and the line under it names it ("396 042" / "kod potwierdzenia wypłaty" under a
 * heading). (The row is read only for a token the words take, most are not.) */
function judge(line: Line, match: PatternMatch, message: Message, whole = false): number {
  const score = weigh(line, match, message, whole);
  if (score === 0) return 0;
  const field = fieldOf(line, match);
  if (field === null || fieldNamesCode(field, message, match.captures[0] as string)) return score;
  const alone = line.text.trim() === match.text.trim();
  return alone && namedBelow(line.next) === true ? score : 0;
}

function weigh(line: Line, match: PatternMatch, message: Message, whole: boolean): number {
  const token = match.captures[0] as string;
  if (!whole && !plausible(token)) return 0;
  // Only the text near the token is read, so a long line costs time in proportion to its length.
  let before = line.text.slice(Math.max(0, match.index - PARAGRAPH_WINDOW), match.index);
  if (LIST_MARKER.test(before)) before = '';
  let after = line.text.slice(match.index + token.length, match.index + token.length + PARAGRAPH_WINDOW);
  if (MASK_BEFORE.test(before) && !/^\s?\*/.test(after)) return 0;
  if (WRAP_BEFORE.test(before) && WRAP_AFTER.test(after)) {
    before = before.replace(WRAP_BEFORE, '');
    after = after.replace(WRAP_AFTER, '');
  }
  if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) return 0;
  if (/\d\)?\s?$/.test(before) || /^\s?\d/.test(after)) return 0; // part of a longer number (phone, card, IBAN)
  if (UNIT_AFTER.test(after) || isTime(token, after)) return 0;
  // Letters and digits next to a further group the token does not take in ("AB1 K7P 2QX 9ZZ"): part of
  // something longer, and which part a form wants is a guess, worse than no code.
  if (!isDigits(token) && (SPACED_GROUP_BEFORE.test(before) || SPACED_GROUP_AFTER.test(after))) return 0;
  // Digits and a group of capitals that ends the line ("OKU: 718 440 329 WZ"): the code is the whole, which
  // the token does not take in.
  if (isDigits(token) && CAPITALS_END.test(after)) return 0;
  const alone = after.replace(/^[\s.。:：]+/, '') === '' && before.trim() === '';
  // What labels the token: the text before it on its line, or the line above when it starts its line.
  // A code set apart under a paragraph is named anywhere in that paragraph.
  const context =
    before.trim() === ''
      ? line.previous.slice(alone ? -PARAGRAPH_WINDOW : -BEFORE_WINDOW)
      : before.slice(-BEFORE_WINDOW);
  // On the token's own line, a code noun names it from its own sentence only: "Never share your code. Call
  // centre: 4447 1220" names no code.
  const scope = before.trim() === '' ? 0 : context.length - sentenceBefore(context).length;
  const inScope = lastMatch(CODE_NOUN, context.slice(scope));
  const noun = inScope === null ? null : { start: inScope.start + scope, end: inScope.end + scope };
  const notCode = lastMatch(NOT_A_CODE, context);
  // A label sits next to its value ("Order number: 40012345"), with no other number between them; a word
  // far back in a sentence is no label. A code named for an action on something ("code de connexion à
  // l'espace client") is still a code; a code of something ("código do cliente") is not.
  // "Your code for adding a payee to your account is 7194-0263": the code is what "is" speaks of.
  const subjectOfCopula =
    noun !== null && notCode !== null && noun.end <= notCode.start && COPULA_ONLY.test(context.slice(notCode.end));
  // "Vul deze code in de app in om je account te activeren:", "Biletçi hesabına giriş yapmak için 0417-5290
  // kodunu gir": a label followed by the action the code is for is that action's object (after a code noun,
  // or with none before it), not the token's label.
  const objectOfAction =
    notCode !== null &&
    (noun === null || noun.end <= notCode.start) &&
    firstMatch(ACTION, context.slice(notCode.end)) !== null;
  const labelled =
    notCode !== null &&
    context.length - notCode.end <= LABEL_REACH &&
    !endsSentence(context, notCode) &&
    !/\d/.test(context.slice(notCode.end)) &&
    !subjectOfCopula &&
    !objectOfAction &&
    !(before.trim() === '' && inCondition(context, notCode)) &&
    !PLACE_BEFORE.test(context.slice(0, notCode.start)) &&
    !COUNT_BEFORE.test(context.slice(0, notCode.start)) &&
    !placeOfEntry(context, notCode);
  // "Booking code: 4X7P2Q", "Kundencode 4412": a code of something else, the label just before its noun.
  // A noun naming a purpose, or a phrase that does ("account verification: 4821", "one-time payment
  // code"), is not qualified so.
  const qualified =
    noun !== null &&
    notCode !== null &&
    notCode.end <= noun.start &&
    JOINS.test(context.slice(notCode.end, noun.start)) &&
    !PURPOSE.test(context.slice(Math.max(0, notCode.start - PHRASE_REACH), noun.end));
  // "Verification code for your account: 482913": a heading, the token the code's; "code pour accéder à
  // votre contrat n° 4470921" is the contract's number.
  // A noun that takes the label in ("Aktivierungs-ID") is the noun; a label that takes the noun in (Vietnamese
  // "mã thẻ", card code) is the label.
  const nounHoldsLabel =
    noun !== null &&
    notCode !== null &&
    noun.start <= notCode.start &&
    noun.end >= notCode.end &&
    noun.end - noun.start > notCode.end - notCode.start;
  const labelWins =
    noun === null ||
    qualified ||
    (notCode !== null &&
      !nounHoldsLabel &&
      // after the noun or overlapping it ("mã thẻ"); a label just before it qualifies it or not (above)
      notCode.end > noun.start &&
      firstMatch(ACTION, context.slice(noun.end, notCode.start)) === null &&
      !forHeading(context, noun as Word, notCode));
  if (labelled && labelWins) {
    message.vetoed.add(typed(token));
    return 0;
  }
  const following = sentenceAfter(after);
  if (PROMOTION_AFTER.test(following)) return 0;
  if (
    PROMOTION.test(
      before.trim() === '' ? (alone ? line.previous.slice(-BEFORE_WINDOW) : '') : sentenceBefore(before),
    ) ||
    PROMOTION.test(following)
  )
    return 0;
  // Set apart, a token is spoken of by the line under it when that line goes on with its sentence, in lower
  // case: "Use code" / "SPRING25" / "for 25% off".
  if (alone && /^\p{Ll}/u.test(line.next) && PROMOTION.test(sentenceAfter(line.next))) return 0;
  // The terms of an offer in its sentence (an amount or a percentage taken off, a minimum order:
  // offer-terms.ts) make it a discount code in any language ("ใช้โค้ด … ลด 50 บาท เมื่อสั่งครบ 300 บาท").
  if (offerTerms(before.trim() === '' ? '' : sentenceBefore(before)) || offerTerms(following)) return 0;
  // Under a subject offering a saving, speaking of a booking or of an invitation, only a code named for
  // signing in, verifying or as one-time is one: "Your exclusive code: KQ7M2X" is the offer's, "Door code:
  // 4821" the booking's, "Event code: HX-1207" the party's (a guest's is shown at the door or checked on a
  // list, and confirming one's attendance is the invitation's own action, not a code's).
  // A subject asking to confirm an e-mail address is about that, whatever the address is for.
  if (
    (message.promotion || message.invitation || (message.booking && !message.confirmsEmail)) &&
    !PURPOSE.test(`${context.slice(-BEFORE_WINDOW)} ${following}`)
  )
    return 0;
  const nounBefore = noun !== null;
  const direct = noun !== null && DIRECT.test(afterNoun(context, noun));
  // A token in brackets in the middle of a sentence, after words of their own, is a detail of what stands
  // before them ("your Hub (serial LLH5-0044-7182) was reset", "(lớp 7A2, mã HS 0291847)"): not a code to
  // type, unless a code noun names it at once or the brackets speak of a purpose or of typing it.
  const aside = /^\s*[)）]/.test(after) ? BRACKETED.exec(before) : null;
  if (aside !== null && !direct && !PURPOSE.test(aside[1] as string) && firstMatch(ENTER, aside[1] as string) === null)
    return 0;
  // Capitals and a short number (the shape of a discount code) whose sentence goes on to an amount: a
  // saving's code ("Nhập mã XANH20 để giảm 20.000 đ", "use SPRING25 for 5 € off").
  // So is one whose sentence goes on to a date the offer runs to ("… until 28 Feb", "… ถึง 28 ก.พ.").
  if (/^[A-Z]{3,}\d{1,3}$/.test(token) && (AMOUNT.test(following) || runsTo(following))) return 0;
  const nounAfter = firstMatch(CODE_NOUN, following);
  const named = nounAfter ?? firstMatch(ACTION, following);
  const otherLabel = firstMatch(NOT_A_CODE, following);
  // Named after it, the token must lead its sentence ("482913 is your code"), follow a verb asking to type it
  // ("Use 739214 to sign in"), or be followed by the word at once ("489126 kodunu"): a number deep in a
  // sentence is not named by a code word further on ("card 8821 …, then your code").
  const sentence = sentenceBefore(before);
  const enter = lastMatch(ENTER, sentence);
  // The verb just before the token, or just after it where a language puts it last ("7408 दर्ज करें",
  // "uygulamaya 2718 gir").
  const enterAfter = firstMatch(ENTER, following);
  // A place may stand between the verb and the token ("zadejte v aplikaci 7716", enter in the app).
  const entered =
    (enter !== null && ENTERED_PLACE.test(sentence.slice(enter.end))) ||
    (enterAfter !== null && PARTICLE.test(following.slice(0, enterAfter.start)));
  // Only marks before it ("<#> 482913 is your code", "→ 482913 …") and it still leads its sentence.
  const leads = !/[\p{L}\p{N}]/u.test(sentence) || /[:：]\s*$/.test(sentence);
  const namedAfter =
    named !== null &&
    (otherLabel === null || otherLabel.start > named.start) &&
    !/\d/.test(following.slice(0, named.start)) &&
    (leads || entered || (named.start <= NAMED_NEAR && !/[,，、]/.test(following.slice(0, named.start))));
  // Spelled out one digit per box, a number like a year is set out as a code to type, as no year is.
  if (isYear(token, before) && !(alone && line.spelled)) {
    // "Your login code is 2024", or 2024 alone under "Enter this code to sign in:", is a code;
    // "© 2026", "on 23 Nov 2026" and "Pro 2027" after a heading that names a key are not.
    const introduced = alone && nounBefore && /[:：]$/.test(line.previous.trim());
    const right = direct && before.trim() !== '';
    return introduced || right ? (alone ? 4 : 3) : 0;
  }
  // A booking's PIN is for managing the booking, not a code to sign in with ("PIN", "PIN code"), whether
  // the subject or the body speaks of the booking; and where the subject does, its confirmation code is its
  // reference ("Confirmation code: HMX7K2P9Q").
  if (
    noun !== null &&
    ((message.bookingMentioned && weakNoun(context, noun)) ||
      (message.booking && !message.confirmsEmail && confirmsBooking(context, noun)))
  )
    return 0;
  // Positive evidence: a subject that shows a purpose asking for a code, or words of one right by the token.
  // A code noun that is the token's whole label ("Your code: 482913", "Ihre TAN: 846213") is evidence enough
  // where the subject shows no other purpose (an order, an invoice, a booking, an offer).
  // A mail with no subject shows no purpose either way: the rules above and below decide alone.
  // A token set out one character per cell, or alone in an element styled as a code is shown (spaced-out
  // letters, a monospaced or a large font), is laid out as a code to type. Set out one character per cell,
  // that is evidence as strong as the words; styled, not (a gift list's or a class's code is styled so too,
  // under a label no list knows).
  const laidOut = alone && (line.spelled || line.styled);
  // Shown apart: the whole text of an emphasised element, alone on its line (bold, a heading, a larger font,
  // a box, centred), or inline in a mail that names a code ("… type <b>HP-83K7Q</b> …"; "account <b>3101
  // 0044 1872</b>" in an activation mail names none).
  const shownApart =
    (alone && line.emphasised) ||
    (message.codeNamed && emphasisedAt(line.runs, line.text, match.index, match.index + token.length));
  if (
    message.subjectGiven &&
    !message.purposeShown &&
    !(alone && line.spelled) &&
    !(direct && bare(context, noun) && !message.otherPurpose) &&
    !(direct && !message.otherPurpose && labelInSubject(context, noun as Word, message)) &&
    !evidenceNear(line, before, after, message)
  )
    return 0;
  // Shapes that are a code only when named so at once: "Code: K2M 7QP", "Code de secours : 4819-2753-0066",
  // or alone under "… this code:".
  // "código de ativação KPRTXW": the noun, then a few words of what it is for.
  // "do pole „Registrační kód“ … zadejte: xq4m7t": a typing verb right before it, after the noun in its
  // sentence, names it as closely.
  const close =
    direct ||
    (noun !== null && (NOUN_THEN_COLON.test(afterNoun(context, noun)) || purposeThen(context.slice(noun.end)))) ||
    (noun !== null && enter !== null && before.trim() !== '' && /^\s*[:：]\s*$/.test(sentence.slice(enter.end)));
  // Set apart under a line that names nothing and ends in a colon, or heading a list of its like, a code
  // named just above that line ("Your verification code" / "Here it is:" / "k7m2qx"; "… your recovery
  // codes." / "Each works once." / "h7k2-9dqm" / "p3xw-4tnz"), or in the subject.
  // (Weighed only where nothing else names the token: it reads the lines around it again.)
  const unnamed = alone && noun === null;
  // Named after it, such a shape must be called a code ("h7k2mq is your code"), not only lead an action
  // ("- 7f3a1c2 fix login" is a commit).
  if (whole || needsLabel(token)) {
    if (
      close ||
      (alone && nounBefore) ||
      (namedAfter && leads && nounAfter !== null) ||
      headed(unnamed, token, line) ||
      (unnamed && askedAbove(line)) ||
      (alone && line.spelled && (message.purposeShown || message.codeNamed))
    )
      return alone ? 4 : 3;
    // Set apart and emphasised in a mail whose subject shows a purpose that asks for a code, with no label of
    // a field before it: the layout names it as a label would (a new sender's unknown word for its code).
    // (Digits alone in a shape of their own are a phone's as often: they need their label.)
    // Or set apart right under (or over) a line that asks to type it, in such a mail.
    if (
      message.purposeShown &&
      !/[a-z]/.test(token) &&
      !(whole && isDigits(token)) &&
      (shownApart || (unnamed && enteredApart(line)))
    )
      return alone ? 3 : 2;
    // Lower case, set apart and named as a code by the line under it ("hx72pq" / "Zadejte tento kód …"), or
    // after a verb asking to type it and before the action it is for at once ("Saisissez a7k-m2q pour vous
    // connecter"), or in a mail whose subject names a code ("Kode masuk …" over "ketik xk4m9p di layar …"):
    // a commit's or a file's name is neither typed nor called a code.
    if (/[a-z]/.test(token) && message.purposeShown) {
      if (unnamed && namedBelow(line.next) === true) return 3;
      const action = firstMatch(ACTION, following);
      if (
        enter !== null &&
        ENTERED_PLACE.test(sentence.slice(enter.end)) &&
        (message.subjectNamesCode || (action !== null && action.start <= ACTION_NEAR))
      )
        return 3;
    }
    return unnamed && message.subjectNamesCode && introduced(token, line) ? 2 : 0;
  }
  // A noun with another number between it and the token names that number first ("code for the payment
  // of 89,90 with card ending 4471 is 583120": 4471 is not the code); the token is weighed lower.
  if (nounBefore && !direct && /\d/.test(context.slice((noun as Word).end))) return namedAfter ? 3 : 2;
  if (nounBefore || namedAfter || headed(unnamed, token, line)) return alone ? 4 : 3;
  // "Licenční číslo: UC25-4PQ7-ZM2K-81XW" under "Licenční klíč …": a label ending in a colon that takes up
  // the subject's own naming of the code.
  if (/[:：]\s*$/.test(before) && echoesSubject(sentenceBefore(before), message)) return 3;
  if (leads && namedAtEnd(after)) return 3;
  // A token set apart, named by the line under it: "K7P2QX" then "That is your sign-in code"; or called
  // something else there: "48291377" then "Your order number".
  const below = alone ? namedBelow(line.next) : null;
  if (below === false) return 0;
  if (below === true) return 3;
  // Laid out as a code with nothing naming it, in a mail whose subject shows a purpose that asks for a code
  // ("Återställ ditt lösenord" over 8 / 2 / 4 / 0 / 1 / 7), or set out one character per cell in a mail that
  // names a code somewhere.
  if (laidOut && (message.purposeShown || (line.spelled && message.codeNamed))) return 3;
  if (shownApart && message.purposeShown) return alone ? 3 : 2;
  // "Your confirmation code for adding a payee is 7194-0263": the noun further back in the sentence.
  if (COPULA_END.test(before) && lastMatch(CODE_NOUN, sentence) !== null) return 3;
  // A line led by nothing but a copula goes on with the sentence of the lines above: "รหัส OTP สำหรับชำระเงิน
  // …" / "… ด้วยบัตร xxxx-3071" / "คือ 204817", "Ihr Code für die Zahlung …" / "lautet 482913".
  if (COPULA_ONLY.test(before) && namesACode(`${line.above}\n${line.previous}`)) return 3;
  // "Código para confirmar la compra de 213,40 EUR con tu tarjeta terminada en 3391: 774102": a sentence
  // led by the noun, then what the code is for, the token after its colon.
  if (/[:：]\s*$/.test(before) && headedByNoun(sentence)) return 3;
  // "Saisissez 285019 dans l'application": a verb asking to type it, in a mail about a code or about the
  // action it is for ("Sign in to …", "Enter 3851 in the app to continue"), or just after that action
  // ("Someone tried to sign in. If it was you, enter 606 281 in the app"). Set apart, the verb may end the
  // line above ("… enter the number below:") or lead the line under it ("Enter the number above …").
  if (
    (entered || (alone && enteredApart(line))) &&
    (message.codeNamed ||
      message.actionNamed ||
      firstMatch(ACTION, `${line.previous.slice(-BEFORE_WINDOW)}\n${before}`) !== null ||
      firstMatch(ACTION, following) !== null)
  )
    return 2;
  // A number alone on its line in a mail that speaks of a code somewhere (the subject, say).
  if (alone && isDigits(token) && message.codeNamed) return 1;
  // A number ending the subject after the sender's name ("Acme: 482913", "[Acme] 482913"), in a mail that
  // speaks of a code.
  if (line.subject && isDigits(token) && message.codeNamed && SENDER_THEN.test(before) && SUBJECT_END.test(after))
    return 1;
  return 0;
}

/** The end of a sentence in a language that puts the verb last, after a code noun: the copula ("… का OTP
 * है", "…の認証コードです", "… 로그인 코드입니다"). */
const COPULA_LAST = /^\s*(?:है|हैं|です|である|입니다|이에요|예요|이다)\s*[।.!。]?\s*$/u;
const COPULA_END_OF = /(?:है|हैं|です|である|입니다|이에요|예요|이다)\s*[।.!。]?\s*$/u;

/** Whether the sentence a token leads ends with a code noun and a copula, whatever stands between: "228519
 * आपके … कार्ड XX7734 से … ₹8,499.00 के भुगतान का OTP है" (228519 is the OTP of the payment of …); the token
 * is what the sentence says is the code. Not a noun a label of something else qualifies ("… का ऑर्डर कोड है"). */
function namedAtEnd(after: string): boolean {
  const sentence = sentenceAfter(after, SENTENCE_WINDOW);
  // (The copula first: most sentences end otherwise, and the nouns are the costlier search.)
  const copula = COPULA_END_OF.exec(sentence);
  if (copula === null) return false;
  const noun = lastMatch(CODE_NOUN, sentence.slice(0, copula.index));
  if (noun === null || !COPULA_LAST.test(sentence.slice(noun.end))) return false;
  const label = lastMatch(NOT_A_CODE, sentence.slice(0, noun.start));
  return label === null || !JOINS.test(sentence.slice(label.end, noun.start));
}

/** Words of what a code is for between its noun and the token, and nothing else: "de ativação ", "de
 * connexion ", "for sign-in ". */
const PURPOSE_PHRASE = /^[\p{L}\p{M}\s'’-]{1,24}$/u;
function purposeThen(between: string): boolean {
  return (PURPOSE_PHRASE.test(between) || PURPOSE_COLON.test(between)) && PURPOSE.test(between);
}
/** The same words ending in a colon, a little longer: "Codice di verifica per l'accesso genitore: ", "Code
 * de vérification pour l'espace parents : ". */
const PURPOSE_COLON = /^[\p{L}\p{M}\s'’-]{1,40}[:：]\s*$/u;

/** Whether a token set apart is introduced by the line above it, ending in a colon, or heads a list of its
 * like. */
function introduced(token: string, line: Line): boolean {
  return /[:：]\s*$/.test(line.previous) || listHead(token, line.next);
}

/** Whether a token set apart and not named on the line above is so introduced, under a code named above
 * that line. */
function headed(unnamed: boolean, token: string, line: Line): boolean {
  return unnamed && introduced(token, line) && namesACode(line.above);
}

/** A token's groups and case: "h7k2-9dqm" and "p3xw-4tnz" are alike. */
function shapeOf(token: string): string {
  return `${token.replace(/[A-Za-z\d]/g, 'x')} ${/[a-z]/.test(token)} ${/[A-Z]/.test(token)}`;
}

/** Whether the line under a token is another item of the same shape, alone (the next code of a list): as
 * many letters and digits in the same groups, in the same case. */
function listHead(token: string, next: string): boolean {
  const item = next.replace(LIST_LEAD, '').trim();
  return item !== token && shapeOf(item) === shapeOf(token);
}

/** How far before a noun a word of its own phrase may start ("PIN code"). */
const PHRASE_REACH = 16;

/** Whether a noun, or a code noun just before it in the same phrase, names a code only as a label (a PIN). */
function weakNoun(context: string, noun: Word): boolean {
  const phrase = context.slice(Math.max(0, noun.start - PHRASE_REACH), noun.end);
  // A password or a PIN followed by what is done to it ("비밀번호 재설정 화면에", the password-reset screen) is
  // the purpose a code is for, not the code's label.
  for (const m of phrase.matchAll(CODE_NOUN))
    if (WEAK_NOUN.test(m[0]) && !PURPOSE.test(context.slice(noun.end, noun.end + PHRASE_REACH))) return true;
  return false;
}

/** Whether a confirmation word stands in a noun's own phrase ("Confirmation code", "código de
 * confirmación", "Bestätigungscode"). */
function confirmsBooking(context: string, noun: Word): boolean {
  return CONFIRMATION.test(context.slice(Math.max(0, noun.start - PHRASE_REACH), noun.end + PHRASE_REACH));
}

/** How far into the line under a token set apart the verb asking to type it may start ("Please enter …"). */
const ENTER_LEAD = 12;

/** Whether the last sentence of the line above a token set apart, or the start of the line under it, asks
 * to type it: "로그인하려면 아래 번호를 입력하세요." / "8 2 1 5"; "77201945" / "Introduce el número de arriba …". */
function enteredApart(line: Line): boolean {
  const above = sentenceBefore(line.previous.replace(/[\s.!?。！？:：]+$/u, ''));
  const below = firstMatch(ENTER, line.next.slice(0, ENTER_LEAD + AFTER_WINDOW));
  return firstMatch(ENTER, above) !== null || (below !== null && below.start <= ENTER_LEAD);
}

/** Whether the line above a token set apart asks to type what follows it and ends in a colon: "ČVOP zadejte
 * do objednávky u nového operátora:", "Enter the following in the app:". The request names the token as
 * closely as a code noun would. */
function askedAbove(line: Line): boolean {
  if (!/[:：]\s*$/.test(line.previous)) return false;
  return firstMatch(ENTER, sentenceBefore(line.previous.replace(/[\s:：]+$/u, ''))) !== null;
}

/** How far into its sentence the noun that heads it may be ("Bank Polny: kod do …"), and how many labels
 * after it are read. */
const HEAD_REACH = 24;
const MAX_LABELS = 8;

/** Whether a sentence is led by a code noun that nothing qualifies as something else, every label of
 * something else after it followed by its own number: "Bevestigingscode voor je betaling van € 312,50 met
 * je creditcard eindigend op 0923:", not "Code for your order:". */
function headedByNoun(sentence: string): boolean {
  const noun = firstMatch(CODE_NOUN, sentence);
  if (noun === null || noun.start > HEAD_REACH) return false;
  // A sender's name before a colon heads the message, not the sentence: "כרטיס פלוס: קוד אימות …".
  const head = sentence.slice(0, noun.start);
  const lead = Math.max(head.lastIndexOf(':'), head.lastIndexOf('：'));
  let seen = 0;
  for (const label of matchesOf(NOT_A_CODE, sentence, MAX_LABELS + 1)) {
    if (label.index < lead) continue;
    if ((seen += 1) > MAX_LABELS || label.index < noun.end) return false;
    if (!/\d/.test(sentence.slice(label.index + label.text.length))) return false;
  }
  return true;
}

/** Capitals before groups of digits ("PZ 418 207", "SK 4821 9037"), and the capitals alone. */
const CAPITALS_THEN_DIGITS = /^([A-Z]{2,3}) (?=\d)/;

/** A candidate led by capitals that are a word of the lists, a code's noun or another label ("OTP 581 306",
 * "PIN 4821 9037", "ID 418 207"), as the digits after them: the capitals name the number, they are not its
 * prefix. */
function unprefixed(match: PatternMatch): PatternMatch {
  const lead = CAPITALS_THEN_DIGITS.exec(match.text);
  if (lead === null) return match;
  const word = lead[1] as string;
  const named = [CODE_NOUN, NOT_A_CODE].some((pattern) => firstMatch(pattern, word)?.end === word.length);
  if (!named) return match;
  const rest = match.text.slice(word.length + 1);
  return { index: match.index + word.length + 1, text: rest, captures: [rest] };
}

/** A run of digits longer than a candidate's: a line without a candidate or an emphasised run holds a code
 * set out whole in a shape of its own only so (code-tokens.ts's wholeShape; most codes of groups hold a
 * candidate). */
const LONG_RUN = /\d{9}/;

/** Whether a piece of a line is one of its candidate tokens as a whole (weighed as one already). */
function isCandidate(candidates: readonly PatternMatch[], start: number, piece: string): boolean {
  for (const c of candidates) if (c.index === start && c.text === piece) return true;
  return false;
}

/** Records a code found and its score: a new one after the others, a known one at its best. */
function offer(found: Map<string, Scored>, code: string, score: number, line: number): void {
  const known = found.get(code);
  if (known === undefined) {
    const order = found.size + 1;
    found.set(code, { code, score, order, line, list: order });
  } else known.score = Math.max(known.score, score);
}

export function extractCodes(source: CodeSource): string[] {
  // A code is near the top of its mail; reading only the start bounds the time a huge message costs.
  const subject = (source.subject ?? '').slice(0, MAX_TEXT);
  const subjectNamesCode = namesACode(source.subject ?? '');
  const booking = firstMatch(BOOKING, subject) !== null;
  const invitation = INVITATION.test(subject);
  const purposeShown =
    subjectNamesCode ||
    EMAIL.test(subject) ||
    ((!CONFIRMATION.test(subject) || (!booking && firstMatch(NOT_A_CODE, subject) === null)) &&
      (PURPOSE.test(subject) || EVIDENCE.test(subject) || firstMatch(ACTION, subject) !== null));
  // The styles of an HTML body are read only where the subject shows a purpose, the one case they weigh; the
  // gaps between the columns of a preformatted element (a list of codes in two columns) always.
  const bodies = [
    source.subject ?? '',
    (source.text ?? '').slice(0, MAX_TEXT),
    source.html === null ? '' : htmlToText(source.html.slice(0, MAX_HTML), purposeShown, true).slice(0, MAX_TEXT),
  ];
  const message: Message = {
    codeNamed: subjectNamesCode || bodies.slice(1).some(namesACode),
    subjectNamesCode,
    vetoed: new Set(),
    actionNamed: firstMatch(ACTION, subject) !== null,
    booking,
    invitation,
    confirmsEmail: EMAIL.test(subject),
    bookingMentioned: bodies.some((body) => firstMatch(BOOKING, body.slice(0, BOOKING_REACH)) !== null),
    promotion: PROMOTION.test(subject) || SALE.test(subject) || offerTerms(subject),
    subjectGiven: subject.trim() !== '',
    subjectLower: subject.toLowerCase(),
    bodyHead: (bodies[1] || bodies[2] || '').slice(0, EVIDENCE_WINDOW * 2),
    otherPurpose:
      booking ||
      invitation ||
      firstMatch(NOT_A_CODE, subject) !== null ||
      PROMOTION.test(subject) ||
      SALE.test(subject),
    purposeShown,
    bodies: bodies.slice(1),
    asks: null,
  };
  const found = new Map<string, Scored>();
  let weighed = 0;
  for (const [at, body] of bodies.entries()) {
    // Links and addresses carry numbers that are never the code to type.
    // (A word is read from its start only: "\S+@" tried at every position of a long word is quadratic.)
    const read = linesOf(body, at === 2 && purposeShown);
    const lines = read.map((l) =>
      l.text.replace(/\b(?:https?:\/\/|www\.)\S+|(?<!\S)[^\s@]+@\S+/gi, (m) => ' '.repeat(m.length)),
    );
    lines.forEach((text, i) => {
      const line = {
        text,
        spelled: (read[i] as BodyLine).spelled,
        styled: (read[i] as BodyLine).styled,
        emphasised: (read[i] as BodyLine).emphasised,
        runs: (read[i] as BodyLine).runs,
        lines,
        index: i,
        previous: (lines[i - 1] ?? '').slice(-PARAGRAPH_WINDOW),
        next: (lines[i + 1] ?? '').slice(0, BEFORE_WINDOW),
        above: (lines[i - 2] ?? '').slice(-BEFORE_WINDOW),
        subject: at === 0,
      };
      const candidates = matchesOf(CANDIDATE, text, MAX_CANDIDATES + 1);
      // A code set out as a whole (alone on its line, emphasised, or the value of a field) in a shape the
      // candidates do not take: its parts are not offered apart.
      let taken: [number, number] | null = null;
      if (candidates.length > 0 || line.runs.length > 0 || LONG_RUN.test(text))
        for (const [start, end] of setApartSpans(text, line.runs, LIST_LEAD.exec(text)?.[0].length ?? 0)) {
          const piece = text.slice(start, end);
          // (A candidate of a shape never a code by itself is weighed whole when it is digits, or emphasised.)
          if (!wholeShape(piece)) continue;
          if (isCandidate(candidates, start, piece) && (plausible(piece) || !(isDigits(piece) || line.emphasised)))
            continue;
          const match = { index: start, text: piece, captures: [piece] };
          // "OTP 56018823": a word of the lists names the candidate after it.
          if (unprefixed(match) !== match) continue;
          const score = judge(line, match, message, true);
          if (score === 0) continue;
          taken = [start, end];
          offer(found, typed(piece), score, at * MAX_TEXT + i);
          break;
        }
      for (const candidate of candidates) {
        if ((weighed += 1) > MAX_CANDIDATES) return;
        const match = unprefixed(candidate);
        if (taken !== null && match.index >= taken[0] && match.index < taken[1]) continue;
        const score = judge(line, match, message);
        if (score > 0) offer(found, typed(match.captures[0] as string), score, at * MAX_TEXT + i);
      }
    });
  }
  // The items of a list of codes alike (recovery codes, one per line) weigh as their best and keep the
  // mail's order: the first of the list is offered first, however its neighbours name it.
  const kept = [...found.values()].filter((s) => !message.vetoed.has(s.code)).sort((a, b) => a.order - b.order);
  kept.forEach((s, i) => {
    const previous = kept[i - 1];
    if (previous !== undefined && s.line === previous.line + 1 && shapeOf(s.code) === shapeOf(previous.code))
      s.list = previous.list;
  });
  const best = new Map<number, number>();
  for (const s of kept) best.set(s.list, Math.max(best.get(s.list) ?? 0, s.score));
  return kept
    .map((s) => ({ ...s, score: best.get(s.list) as number }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_CODES)
    .map((s) => s.code);
}
