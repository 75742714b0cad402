// The http(s) links of a message (D24), never visited: from the HTML's anchors and the text's bare URLs,
// deduplicated, best first: links whose text, address or wrapped target (a tracking redirect's `url=`
// parameter) speaks of verifying, confirming, resetting, signing in or joining, in the twenty-two languages
// of the codes corpus, come first; then links whose text names the next step of an order, delivery, booking
// or invoice (view, track, manage, pay); then the rest; help, legal, social, "view in browser", home-page,
// returns and logo links after them; unsubscribe and preference links last of all, so an agent taking the
// first link never takes one. At most twenty; anchors are found by a linear scan and each link's text and
// address are read up to a bound.
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
    'verif|confirm|activat|validat|reset|password|passwd|log-?in|sign-?in|signin|magic|token|auth|invit|accept|otp|session|approve|onboard|welcome|get-?started|\\bjoin\\b|\\brsvp\\b',
    'passwort|beitreten|mot de passe|rejoindre|contraseña|unirte|unirse|senha|participar|unisciti|partecipa|wachtwoord|deelnemen|hasło|dołącz',
    'пароль|присоедин|パスワード|参加|密码|密碼|加入|비밀번호|참여|şifre|katıl|كلمة المرور|انضم',
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
    'doğrula|onayla|giriş yap|sıfırla|kabul et|etkinleştir',
    'تأكيد|تسجيل الدخول|إعادة تعيين|قبول|تفعيل',
    'ověř|potvrd|potvrz|přihlásit|přihlášení|obnovit heslo|aktivovat|přijmout',
    'bekräfta|verifiera|logga in|återställ|lösenord|aktivera|acceptera',
    'підтверд|увійти|скинути|прийняти|активува',
    'सत्यापित|पुष्टि|लॉग इन|लॉगिन|रीसेट|पासवर्ड|स्वीकार|सक्रिय',
    'xác nhận|xác minh|xác thực|đăng nhập|đặt lại|mật khẩu|chấp nhận|kích hoạt',
    '確認|認証|인증',
    'אימות|לאמת|אישור|לאשר|כניסה|להיכנס|להתחבר|התחברות|איפוס|סיסמה|הצטרפות|להצטרף|קבלת ההזמנה|הפעלה|להפעיל',
    'verifikasi|konfirmasi|masuk|atur ulang (?:kata )?sandi|kata sandi|aktifkan|aktivasi|gabung|terima undangan',
    'ยืนยัน|เข้าสู่ระบบ|รีเซ็ต|รหัสผ่าน|ตอบรับ|เข้าร่วม|เปิดใช้งาน',
  ].join('|'),
  'i',
);
/** An invitation named on a link's text ("Responder ao convite", "Odpowiedz na zaproszenie"): answering it
 * is the mail's action, as "invit" and "einladung" above are in every language. Read on the text only: an
 * invitation service's address names it on every link ("davetiyem.example/harita"). */
const INVITATION_TEXT =
  /convite|uitnodiging|zaproszeni|приглашени|запрошенн|pozvánk|inbjudan|davet|lời mời|undangan|คำเชิญ|招待|邀请|邀請|초대|دعوة|निमंत्रण/i;
const OPT_OUT =
  /unsubscri|(?:manage|gérer|gestionar|gerir|gerenciar|gestisci|beheer|zarządzaj|управлять|керувати|spravovat|hantera|kelola|quản lý)(?: (?:les|mes|las|tus|sus|as|suas|le|je|uw|your|my|các))? (?:notifications?|notificaciones|notificações|notifiche|meldingen|powiadomieniami|уведомлениями|сповіщеннями|oznámení\S*|aviseringar|notiser|notifikasi|thông báo)|benachrichtigungen verwalten|benachrichtigungseinstellungen|bildirim ayarları|通知設定|通知设置|알림 설정|إدارة الإشعارات|ניהול התראות|จัดการการแจ้งเตือน|सूचना सेटिंग|opt[-_ ]?out|d[ée]sabonn|ne plus recevoir|stop receiving|nicht mehr erhalten|no recibir más|não receber mais|non ricevere più|niet meer ontvangen|optout|email[-_ ]?preferences|manage[-_ ]?preferences|notification[-_ ]?settings|list-manage|abmelden|abbestellen|désabonner|désinscri|desinscri|darse de baja|dar de baja|descadastr|cancelar (?:a )?inscrição|annulla (?:l'?)?iscrizione|disiscriv|afmelden|uitschrijven|wypisz|odhlásit|avsluta prenumeration|avregistrera|отписаться|відписатися|配信停止|退订|取消订阅|수신 ?거부|구독 ?취소|abonelikten çık|إلغاء الاشتراك|सदस्यता रद्द|hủy đăng ký|הסרה מ|להסרה|berhenti berlangganan|ยกเลิกการรับ|ยกเลิกการสมัครรับ/i;
const LOW =
  /privacy|terms|legal|help|support|faq|facebook|twitter|x\.com|instagram|linkedin|youtube|tiktok|app-?store|play\.google|in (?:your |a )?browser|web ?version|online (?:ansehen|lesen)|im browser|version en ligne|navegador|nel browser|webversie|w przeglądarce|в браузере|ブラウザ|浏览器|瀏覽器|브라우저|tarayıcı|المتصفح|datenschutz|impressum|hilfe|confidentialit|aide|ayuda|ajuda|aiuto|hulp|pomoc|помощь|ヘルプ|帮助|도움말|yardım|مساعدة|nápověda|hjälp|kundtjänst|допомога|सहायता|trợ giúp|hỗ trợ|ochrana osobních údajů|integritet|конфіденційн|गोपनीयता|quyền riêng tư|פרטיות|תנאי שימוש|עזרה|תמיכה|privasi|bantuan|syarat dan ketentuan|ความเป็นส่วนตัว|ช่วยเหลือ|ข้อกำหนด/i;
/** The next step of an order, a delivery, a booking or an invoice, on a link's text: "View your order",
 * "Track package", "Manage booking", "Pay invoice". Ranked after an action link, before other links. */
const NEXT_STEP = new RegExp(
  `(?<!\\p{L})(?:${[
    'view|see|track|manage|pay|download|open|check',
    'ansehen|anzeigen|verfolgen|verwalten|bezahlen|herunterladen|öffnen',
    'voir|suivre|gérer|payer|télécharger|ouvrir|consulter',
    'ver|seguir|rastrear|gestionar|gerenciar|gerir|pagar|descargar|baixar|abrir|acompanhar|vedi|visualizza|traccia|segui|gestisci|paga|scarica|apri',
    'bekijk|volg|beheer|betaal|zobacz|śledź|zarządzaj|zapłać|pobierz|otwórz',
    'посмотреть|просмотреть|отследить|отслеживать|управлять|оплатить|скачать|открыть',
    'görüntüle|takip et|yönet|öde|indir',
    'zobrazit|sledovat|spravovat|zaplatit|stáhnout|otevřít|visa|spåra|hantera|betala|ladda ner|öppna',
    'переглянути|відстежити|керувати|оплатити|завантажити|відкрити',
    'xem|theo dõi|định vị|tra cứu|quản lý|thanh toán|tải xuống|tải về',
  ].join(
    '|',
  )})(?!\\p{L})|見る|追跡|管理|支払|ダウンロード|查看|跟踪|追踪|支付|下载|보기|추적|관리|결제|다운로드|عرض|تتبع|إدارة|ادفع|تنزيل|تحميل|देखें|ट्रैक|भुगतान|डाउनलोड|צפייה|לצפייה|מעקב|ניהול|לתשלום|הורדה|ดู|ติดตาม|จัดการ|ชำระ|ดาวน์โหลด|(?<!\\p{L})(?:lihat|lacak|kelola|bayar|unduh|buka|cek)(?!\\p{L})`,
  'iu',
);
/** Links to send something back, in the footer of an order or delivery mail: never the action of the mail. */
const RETURNS =
  /retoure|\breturns\b|\bretours\b|rücksend|devoluci|devoluç|\bresi e\b|\breso\b|zwrot|возврат|返品|退货|退貨|반품|\biade\b|إرجاع/i;
/** Punctuation that ends a sentence around a bare URL rather than the URL. */
const TRAILING = '.,;:!?)]}>\'"';
/** How much of a link's text and address is read to rank it, and how many links are looked at. */
const MAX_SAID = 2000;
const MAX_CANDIDATES = 1000;
/** The context of a bare URL in a long line of text: this many characters either side of it. */
const TEXT_REACH = 200;
/** Opening and closing anchor tags. A tag ends at the first ">" or "<", so no attempt reads past the next
 * tag and the scan stays linear on hostile HTML. */
const ANCHOR_TAG = /<a\b([^<>]*)>|<\/a\s*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;

interface Candidate {
  url: string;
  text: string;
  /** An anchor around an image and no text: a logo or a banner, ranked with the footer links. */
  image: boolean;
  order: number;
}

function cleanUrl(raw: string): string | null {
  const decoded = decodeEntities(raw.trim());
  let end = decoded.length;
  while (end > 0 && TRAILING.includes(decoded[end - 1] as string)) end -= 1; // a loop: a regex here backtracks
  const trimmed = decoded.slice(0, end);
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

/** A site's home page (no path, no query): the logo's or the brand's link, never the action. */
function isHome(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.pathname === '/' || parsed.pathname === '') && parsed.search === '';
  } catch {
    return false;
  }
}

function score(candidate: Candidate): number {
  const said = `${candidate.text.slice(0, MAX_SAID)} ${candidate.url.slice(0, MAX_SAID)} ${wrappedTarget(candidate.url).slice(0, MAX_SAID)}`;
  if (OPT_OUT.test(said)) return 0;
  if (RETURNS.test(said)) return 1;
  // A help or legal page about the action ("Was ist das?" to /hilfe/einladungen) is help: its address
  // names the action, its text does not.
  const low = LOW.test(said);
  if (ACTION.test(said) && (!low || ACTION.test(candidate.text.slice(0, MAX_SAID)))) return 3;
  if (!low && INVITATION_TEXT.test(candidate.text.slice(0, MAX_SAID))) return 3;
  if (low || candidate.image || isHome(candidate.url)) return 1;
  if (NEXT_STEP.test(candidate.text.slice(0, MAX_SAID))) return 2.5;
  return 2;
}

export function extractLinks(source: LinkSource): string[] {
  const candidates: Candidate[] = [];
  let order = 0;
  const add = (raw: string, text: string, image = false) => {
    if (candidates.length >= MAX_CANDIDATES) return;
    const url = cleanUrl(raw);
    if (url === null) return;
    candidates.push({ url, text, image, order: (order += 1) });
  };
  if (source.html !== null) {
    // An anchor's text runs from its opening tag to the next closing one; anchors do not nest.
    let open: { href: string; end: number } | null = null;
    const html = source.html.slice(0, MAX_HTML);
    for (const m of html.matchAll(ANCHOR_TAG)) {
      if (m[0][1] !== '/') {
        const href = HREF.exec(m[1] ?? '');
        open = href === null ? null : { href: href[1] ?? href[2] ?? href[3] ?? '', end: m.index + m[0].length };
        continue;
      }
      if (open === null) continue;
      const inner = html.slice(open.end, m.index).slice(0, MAX_SAID);
      const text = decodeEntities(inner.replace(/<[^<>]*>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim();
      // An image's alternative text speaks for it ("Verify" on a button drawn as an image).
      const image = text === '' && /<img\b/i.test(inner);
      const alt = image ? (/\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(inner) ?? []) : [];
      add(open.href, image ? decodeEntities(alt[1] ?? alt[2] ?? '') : text, image);
      open = null;
    }
  }
  if (source.text !== null) {
    const lines = source.text.slice(0, MAX_TEXT).split(/\r?\n/);
    lines.forEach((line, i) => {
      // A URL alone on its line is named by the line above ("Verify your e-mail:" then the address).
      const alone = line.replace(BARE_URL, '').trim() === '';
      for (const m of line.matchAll(BARE_URL)) {
        const around = line.slice(Math.max(0, m.index - TEXT_REACH), m.index + m[0].length + TEXT_REACH);
        add(m[0], alone ? `${(lines[i - 1] ?? '').slice(-TEXT_REACH)} ${around}` : around);
      }
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
