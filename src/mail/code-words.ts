// The words around a one-time code in the languages inboxd's users read (issue 17), for extract-codes.ts.
// Written from how senders word such mail, per language (en de fr es pt it nl pl ru uk cs sv tr ar ja zh ko
// hi vi); matched case-insensitively and without word boundaries where a language compounds (German
// "Bestätigungscode") or has no spaces (Japanese, Chinese).

/** Words that name a code: before it ("code: 482913") or after it ("482913 is your code"). */
const CODE_NOUNS = [
  // English
  '*code', '*codes', 'otp', 'passcode', 'pass code', 'one-time password', 'pin', 'verification', 'security number', 'tan', 'mobiletan', 'smstan',
  '(?:licen[cs]e|product|recovery|activation|serial|backup) key',
  // German, Dutch, Scandinavian
  '*schlüssel', '*sleutel', '*kode', 'kód',
  // French, Spanish, Portuguese, Italian
  'clé', 'clef', 'código', 'codigo', 'codice', 'clave', 'chave', 'chiave',
  // Polish, Czech, Turkish
  '*kod', 'kodu', 'klucz', 'kodunu', '*kodunuz*', 'doğrulama', 'anahtar*', 'şifre', 'şifreniz*', 'şifreyi',
  // Russian, Ukrainian
  'код', 'кода', 'ключ', 'кодом',
  // Japanese
  'コード', '認証番号', '確認番号', 'ワンタイムパスワード', 'パスコード', 'キー', '暗証番号',
  // Chinese
  '验证码', '驗證碼', '校验码', '动态码', '安全码', '重置码', '代码', '密钥', '金鑰', '激活码', '啟用碼', '确认码', '確認碼',
  '认证码', '認證碼', '登录码', '授权码', '序列号', '动态密码', '口令',
  // Korean
  '코드', '인증번호', '인증 번호', '키', '비밀번호',
  // Arabic
  'رمز', 'كود', 'مفتاح',
  // Hindi, Vietnamese, Czech, Swedish, Ukrainian
  'कोड', 'ओटीपी', 'mã', 'mã xác (?:thực|minh|nhận)', 'kódu', 'kódem', 'kodem', 'koden', 'коду', 'кодом',
  // "One-time password" where a language says so rather than "code"
  // Keys and pick-up codes: Czech, Swedish, Hindi, Vietnamese, Chinese; a Korean identity-check number
  'klíč', '*nyckel', 'कुंजी', 'khóa bản quyền', 'khóa kích hoạt', 'khóa sản phẩm', 'heslo', 'kodun', 'aktivierungs-id', 'activation id',
  '取件码', '取件碼', '取货码', '提货码', '恢复码', '恢復碼', '备用码', '備用碼', '본인확인 ?번호',
  'einmalpasswort', 'einmalkennwort', 'mot de passe à usage unique', 'contraseña de un solo uso', 'senha de uso único', 'password monouso',
  'eenmalig wachtwoord', 'hasło jednorazowe', 'jednorázové heslo', 'engångslösenord', 'одноразовый пароль', 'одноразовий пароль',
  'mật khẩu một lần', '一次性密码', '일회용 비밀번호', 'كلمة المرور لمرة واحدة',
];

/** Words of the action a code is for, which may follow it: "Use 739214 to sign in". */
const ACTIONS = [
  'sign in', 'sign-in', 'signin', 'log in', 'log-in', 'login', 'verify', 'authenticate', 'confirm',
  'anmelden', 'anzumelden', 'einloggen', 'bestätigen', 'anmeldung',
  'connecter', 'connexion', 'vérifier', 'confirmer',
  'iniciar sesión', 'acceder', 'verificar', 'entrar', 'acessar', 'accedere', 'accedi', 'verificare', 'confirmar', 'confermare',
  'inloggen', 'in te loggen', 'bevestigen', 'te bevestigen', 'zalogować', 'zaloguj', 'logowania', 'potwierdzić', 'potwierdzenia',
  'вход', 'входа', 'войти', 'подтверждени*', 'подтвердить',
  'ログイン', 'サインイン', '認証',
  '登录', '登入', '验证',
  '로그인', '인증',
  'giriş', 'doğrula*',
  'تسجيل الدخول', 'للتحقق', 'لتأكيد',
  'přihlášení', 'přihlásit', 'ověřit', 'logga in', 'verifiera', 'bekräfta', 'увійти', 'входу', 'підтвердити', 'підтвердження',
  'logowanie', 'inicio de sesión', 'iniciar sessão', 'inloggning', 'aanmelden',
  'valider', 'validez', 'validar', 'convalidare', 'valideren',
  'लॉग इन', 'सत्यापित', 'đăng nhập', 'xác minh', 'xác thực', 'लॉगिन', 'вхід', 'potvrzení', 'potvrdit',
  // Accepting what a code is asked for: "Enter this code to accept the invitation: 482913"
  'accept', 'akzeptieren', 'annehmen', 'accepter', 'aceptar', 'aceitar', 'accettare', 'accepteren', 'zaakceptować', 'принять', 'прийняти',
  'přijmout', 'acceptera', 'kabul et*', 'قبول', '承諾', '接受', '수락', 'chấp nhận', 'स्वीकार',
  // Access to an account or a service: "kod dostępu do serwisu …", "kód pro vstup do klientské zóny"
  'access', 'accès', 'acceso', 'acesso', 'accesso', 'zugang', 'toegang', 'dostęp*', 'přístup*', 'vstup*', 'доступ*',
];

/** Verbs that ask a person to type what follows them: "Saisissez 285019 dans l'application". */
const ENTERS = [
  'enter', 'type', 'use', 'input', 'eingeben', 'gib', 'geben sie', 'verwende', 'verwenden sie', 'nutze',
  'saisissez', 'saisis', 'entrez', 'utilisez', 'introduce', 'introduzca', 'ingresa', 'ingrese', 'utiliza', 'digite', 'insira',
  'inserisci', 'inserire', 'digita', 'utilizza', 'voer', 'vul', 'gebruik', 'wpisz', 'podaj', 'użyj', 'zadejte', 'ange', 'använd',
  'введите', 'укажите', 'используйте', 'введіть', 'girin', 'giriniz', 'kullanın', 'أدخل', 'استخدم', 'nhập', 'दर्ज करें',
  'gir', 'skriv', 'zadej', 'escribe', 'escriba', 'wprowadź', 'введи', '入力', '입력', '输入', '輸入',
];

/** What follows a discount code, which is not a one-time code: "Use code SAVE20 at checkout for 20% off". */
export const PROMOTION_AFTER =
  /\b(at checkout|off (?:your|all|everything)|discount|rabatt|réduction|descuento|desconto|sconto|korting|rabat|скидк)|%/iu;

/** A sentence offering a saving or a free delivery: a code in it is a discount code. */
export const PROMOTION =
  /%|\b(?:free (?:shipping|delivery)|discount|sale|off (?:your|all|everything)|at checkout|rabatt|gutschein|versandkostenfrei|kostenlose[nr]? (?:versand|lieferung)|réduction|livraison (?:offerte|gratuite)|remise|descuento|envío gratis|desconto|frete grátis|sconto|spedizione gratuita|korting|gratis verzending|rabat|darmowa dostawa|скидк\p{L}*|бесплатн\p{L}* доставк\p{L}*|indirim|ücretsiz kargo|kupon|coupon|voucher|promo)|送料無料|割引|クーポン|优惠|免运费|折扣|할인|쿠폰|무료 배송|خصم|شحن مجاني/iu;

/** Labels of numbers that are not codes: orders, invoices, tracking, customers, phones, postcodes, banks. */
const NOT_CODES = [
  'order', 'invoice', 'ticket', 'account', 'acct', 'ref', 'reference', 'tracking', 'track & trace', 'trace-code', 'shipment',
  'parcel', 'phone', 'tel', 'fax', 'call', 'hotline', 'çağrı merkezi', 'infolinia', 'горячая линия', 'гаряча лінія', 'zip', 'postal', 'postcode', 'post code', 'customer', 'member', 'client', 'id',
  'iban', 'bic', 'swift', 'promo', 'discount', 'coupon', 'voucher', 'gift', 'sku', 'item', 'article',
  'booking', 'reservation', 'pnr', 'policy', 'ending in', 'ending', 'flight', 'contract', 'sort code', 'routing', 'vat', 'gift card', 'case', 'qr', 'error', 'status', 'area code', 'country', 'dress', 'source', 'tax',
  'amount', 'total', 'subtotal', 'price', 'balance', 'qty', 'quantity', 'points', 'seat', 'gate', 'room', 'locker',
  'betrag', 'summe', 'gesamt*', 'preis', 'montant', 'prix', 'importe', 'precio', 'valor', 'importo', 'prezzo', 'totale', 'bedrag', 'totaal',
  'prijs', 'kwota', 'suma', 'razem', 'cena', 'сумма', 'итого', 'цена', '金額', '合計', '価格', '金额', '总计', '合计', '价格', '금액', '합계', '가격',
  'tutar*', 'toplam', 'fiyat', 'المبلغ', 'المجموع', 'السعر',
  'fehler*', 'steuer*', 'erreur', 'fiscal*', 'código postal', 'cap', 'postcode', 'kod pocztowy', 'почтовый', '郵便番号', '邮政编码', '우편번호', 'posta kodu', 'الرمز البريدي',
  'gutschein*', 'rabatt*', 'buchung*', 'versicherungs*', 'vertrag*', 'kontonummer',
  'réservation', 'réduction', 'remise', 'contrat', 'se termine par', 'descuento', 'desconto', 'cupón', 'cupom', 'reserva',
  'sconto', 'buono', 'prenotazione', 'polizza', 'póliza', 'apólice',
  'korting*', 'boeking*', 'reservering*', 'polis*', 'rabat*', 'kupon*', 'rezerwacj*', 'polisy', 'polisa',
  'скидк*', 'купон*', 'бронировани*', 'брони', 'полис*', 'договор*',
  'クーポン', '割引', '予約', '口座', '末尾', '优惠*', '兑换码', '预订', '預訂', '尾号', '尾號', '账号', '賬號', '帐号', '客服', '邮编',
  '할인', '쿠폰', '예약', '계좌', '끝자리',
  'indirim*', 'rezervasyon*', 'poliçe*', 'خصم', 'قسيمة', 'حجز', 'الحجز', 'المنتهي', 'المحفظة',
  'objednávk*', 'zásilk*', 'zákazník*', 'beställning*', 'kundnummer', 'spårning*', 'försändelse*', 'ordernummer',
  // A payment card and its last digits: "card ending 4471", "cartão final 4471", "kort som slutar på 4471"
  'card', 'carte', 'karte', 'tarjeta', 'cartão', 'carta', 'kaart', 'kart*', 'kort', 'карт*', 'thẻ', 'カード', '银行卡', '信用卡', '카드', 'بطاقة', 'कार्ड',
  'final', 'terminante', 'terminada en', 'terminado en', 'eindigend op', 'eindigt op', 'slutar på', 'končící', 'kończąc*', 'endet auf', 'endend auf',
  'оканчивающ*', 'заканчивающ*', 'закінчується', 'biten', 'المنتهية',
  'замовлення', 'рахун*', 'відстеження', 'клієнт*', 'відправлен*',
  'ऑर्डर', 'चालान', 'ट्रैकिंग', 'फ़ोन', 'फोन', 'ग्राहक',
  'đơn hàng', 'hóa đơn', 'vận đơn', 'điện thoại', 'khách hàng', 'giảm giá',
  // Vietnamese puts what a "mã" (code) is of after it: card, member, booking, customer, order codes
  'mã thẻ', 'mã hội viên', 'mã đặt chỗ', 'đặt chỗ', 'đặt vé', 'mã vé', 'mã khách hàng', 'mã đơn hàng', 'mã vận đơn', 'mã giảm giá', 'mã khuyến mãi',
  // A door code, a ticket's or receipt's code, a company code, a member number, a transaction's reference
  'appointment', 'rendez-vous', 'code porte', 'digicode',
  // Invitations: an invitation's code is the invitation's, not a one-time code (blind/README.md)
  'invitation', 'invite', 'einladung*', "d'invitation", 'invitación', 'convite', 'invito', 'uitnodiging*', 'zaproszeni*', 'приглашени*',
  'запрошенн*', 'pozvánk*', 'inbjudan*', 'davet*', 'lời mời', '招待', '邀请', '邀請', '초대', 'دعوة', 'आमंत्रण',
  // Tickets: "Kod biletu", "Номер квитка", "Código do bilhete"
  'bilet*', 'biljett*', 'biglietto', 'billet', 'billete', 'bilhete', 'билет*', 'квит*', 'бронюванн*', 'vé', 'チケット', '车票', '機票', '机票', '티켓', 'تذكرة', 'टिकट', 'doklad*', 'jízdenk*', '企業', 'üye*', 'transaction', 'transação', 'transacción', 'transazione', 'transactie',
  'bestell*', '*rechnung*', 'kunden*', 'sendung*', 'telefon', 'plz', 'auftrag*',
  'commande', 'facture', 'suivi', 'téléphone', 'colis', 'numéro client',
  'pedido', 'factura', 'fatura', 'seguimiento', 'rastreio', 'rastreamento', 'cliente', 'teléfono', 'telefone',
  'ordine', 'fattura', 'tracciamento', 'spedizione', 'telefono',
  'bestel*', 'factuur*', 'klant*', 'telefoon', 'zending',
  'zamówieni*', 'faktur*', 'przesyłk*', 'klient*', 'paczk*', 'nr',
  'заказ*', 'счёт*', 'счет*', 'трек*', 'клиент*', 'телефон*', 'отправлени*', 'индекс',
  '注文', '伝票', '請求書', 'お客様番号', '会員番号', '電話', '追跡', '〒',
  '订单', '運單', '运单', '发票', '發票', '客户', '電話', '电话', '快递',
  '주문', '운송장', '송장', '청구서', '고객', '전화', '회원',
  'sipariş*', 'fatura*', 'kargo*', 'müşteri*', 'takip', 'telefon*',
  'طلب', 'الطلب', 'فاتورة', 'الفاتورة', 'تتبع', 'التتبع', 'عميل', 'العميل', 'هاتف',
];

/** Words of a booking, in a subject: a PIN in such a mail is for managing the booking. */
const BOOKINGS = [
  'booking', 'reservation', 'buchung*', 'réservation', 'reserva', 'prenotazione', 'boeking*', 'reservering*', 'rezerwacj*',
  'бронировани*', 'брони', 'rezervac*', 'bokning*', 'rezervasyon*', 'đặt chỗ', 'đặt phòng', 'बुकिंग', '予約', '预订', '預訂', '예약', 'حجز',
];

/** Nouns that name a code only as its label, where nothing says what else it is for: a PIN, a password. */
export const WEAK_NOUN = /^(?:pin|heslo|비밀번호)$/i;

// A word may carry `*` where it may run on into a longer word: `*code` matches "Bestätigungscode",
// `bestell*` matches "Bestellnummer". Otherwise a Latin, Greek or Cyrillic word stands on its own; words
// in scripts written without spaces (Japanese, Chinese, Korean) match anywhere.
function pattern(word: string): string {
  const body = word.replace(/^\*|\*$/g, '');
  const source = /[()|?[\]]/.test(body) ? body : body.replace(/[.*+^${}\\]/g, '\\$&').replace(/ /g, '\\s+');
  if (!/^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\s()|?[\]-]/u.test(body)) return source;
  const lead = word.startsWith('*') ? '' : '(?<![\\p{L}\\p{N}])';
  const trail = word.endsWith('*') ? '' : '(?![\\p{L}\\p{N}])';
  return `${lead}(?:${source})${trail}`;
}

const alternation = (words: string[]): string => words.map(pattern).join('|');

export const CODE_NOUN = new RegExp(alternation(CODE_NOUNS), 'giu');
export const ACTION = new RegExp(alternation(ACTIONS), 'giu');
export const ENTER = new RegExp(alternation(ENTERS), 'giu');
export const NOT_A_CODE = new RegExp(alternation(NOT_CODES), 'giu');
export const BOOKING = new RegExp(alternation(BOOKINGS), 'giu');
