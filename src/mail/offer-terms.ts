// The terms of an offer in a sentence, for the extraction of codes (extract-codes.ts): what a promotion or a
// discount code comes with in a newsletter or an order mail, in the twenty-two languages the words of
// code-words.ts are in. A code in such a sentence is the offer's, never a one-time code, whatever names it
// ("use the code X for N off", "with code X save …"). An offer states an amount or a percentage taken off
// ("save €5", "ลด 50 บาท", "giảm 20.000 đ", "5 € de réduction", "500円引き", "立减20元"), or a minimum order
// ("when you spend $30", "dès 40 € d'achat", "เมื่อสั่งครบ 300 บาท", "3,000円以上", "满200"); the date it runs
// to ("until 28 Feb", "ถึง 28 ก.พ.", "bis 30.6.", "2月28日まで") is a term too, but one-time codes run to a time
// as well ("valid until 10:45"), so it is read apart (runsTo), on a discount code's shape alone, and never
// on a time of day. Each pattern is one alternation, with no nested repetition: linear on any input.

/** Signs of a currency written before or after an amount, as in code-tokens.ts, with the baht and the shekel. */
const SIGN = '[$€£¥₹₩₽￥₺₴₫฿₪]|r\\$';
/** Words of up to, between a verb of saving and its amount ("save up to 30%", "ลดสูงสุด 50%"). */
const UP_TO = String.raw`(?:up to|jusqu'à|hasta|até|fino a|tot|bis zu|do|до|až|upp till|en fazla|hingga|lên đến|最大|最多|최대|עד|حتى)\s?`;

/** A verb or noun of saving before an amount: "save 5 €", "économisez 10 %", "сэкономьте 300 ₽", "ลด 50 บาท". */
const SAVE_BEFORE = String.raw`(?<![\p{L}])(?:save|saving|spare[nr]?|spart|économisez|ahorra|ahorre|economize|economiza|risparmia|risparmi|bespaar|oszczędź|zaoszczędź|сэкономь\p{L}*|экономия|заощадь\p{L}*|ušetř\p{L}*|spara|hemat|tiết kiệm|giảm|बचाएँ|बचत|חסכו|חסוך|وفر|توفير)\s?(?:${UP_TO})?(?:${SIGN})?\s?\d|(?:ลด|ประหยัด|立减|减|省|절약)\s?(?:${UP_TO})?(?:${SIGN})?\s?\d`;
/** What follows an amount taken off: "$5 off", "5 € de réduction", "20 zł taniej", "500円引き", "20元优惠". */
const OFF_AFTER = String.raw`\d\s?(?:${SIGN}|円|元|원|%|บาท|zł|kč|kr|tl|eur|usd|грн|руб\.?|rp)?\s?(?:off(?![\p{L}])|de (?:réduction|remise|descuento|desconto)|di sconto|korting|rabatt|rabatu|taniej|zniżki|скидк\p{L}*|знижк\p{L}*|slev\p{L}*|levněji|billigare|indirim|diskon|potongan|lebih murah|引き|オフ|优惠|減|할인|छूट|הנחה|خصم)`;
/** A minimum order: "orders over $30", "ab 50 € Bestellwert", "per una spesa minima", "เมื่อสั่งครบ 300 บาท". */
const MINIMUM = String.raw`(?<![\p{L}])(?:(?:orders?|purchases?|spend(?:ing)?|baskets?) (?:over|above) |when you spend|min(?:imum|\.)? (?:order|spend|purchase|belanja|pembelian|transaksi)|minimal (?:belanja|pembelian)|mindestbestellwert|bestellwert|ab einem (?:einkauf|bestellwert)|d'achat|à partir de \d|compras? (?:superior(?:es)? a|acima de|a partir de|mínima|de más de)|pedidos? (?:superior(?:es)? a|a partir de|de más de)|acima de \d|spesa minima|(?:ordini|acquisti|una spesa) (?:a partire da|superior\p{L}*|minim\p{L}*)|bij (?:besteding|aankoop) van|minimale besteding|przy (?:zamówieniu|zakupach|zakupie) (?:od|za|powyżej)|при (?:заказе|покупке) от|при замовленні від|при покупці від|při (?:nákupu|objednávce) (?:nad|od)|när du handlar för|vid köp (?:över|för)|köp för minst|üzeri alışveriş|đơn (?:hàng )?(?:từ|trên)|न्यूनतम (?:खरीद|ऑर्डर)|(?:בקנייה|בהזמנה|ברכישה) (?:מעל|מ)|מינימום הזמנה|(?:للطلبات|عند الشراء|للمشتريات) (?:فوق|بقيمة|أكثر)|الحد الأدنى للطلب)|(?:${SIGN}|\d\s?(?:tl|₺)) (?:ve )?üzeri|ครบ ?\d|ขั้นต่ำ|円以上|以上(?:の)?(?:ご購入|お買い上げ|ご注文)|满 ?\d|원 이상|이상 (?:구매|주문)|से (?:ऊपर|अधिक) (?:की )?(?:खरीद|ऑर्डर)`;

const DIGIT = /\d/;

/** A sentence stating an offer's terms: an amount or a percentage saved, or a minimum order. */
const OFFER_TERMS = new RegExp(`${SAVE_BEFORE}|${OFF_AFTER}|${MINIMUM}`, 'iu');

/** A date an offer runs to, never a time of day: "until 28 Feb", "bis 30.6.", "jusqu'au 15 mars", "ถึง 28
 * ก.พ.", "до 31 марта", "2月28日まで", "3월 31일까지", "31 मार्च तक", "28 Şubat'a kadar". */
const RUNS_TO = new RegExp(
  String.raw`(?:(?<![\p{L}])(?:until|till|through|thru|ends|expires|valid to|bis(?: zum)?|jusqu'(?:au|à)|hasta(?: el)?|até(?: o| a| dia)?|fino al?|entro il|t/m|tot en met|do|до|по|till och med|t\.o\.m\.|hingga|sampai|s\.d\.|s/d|đến(?: hết)?(?: ngày)?|עד(?: ה-?)?|حتى|لغاية)|ถึง|ภายใน|截至|至)\s?\d{1,2}(?!\d|\s?(?:[:h]\s?\d|am|pm|uhr|giờ|时|時|시|बजे))|\d{1,2}(?:日|일)\s?(?:まで|까지)|\d[^\S\n]?[\p{L}\p{M}]+[^\S\n]?(?:तक|'?[ae] kadar)`,
  'iu',
);

/** Whether a sentence states an offer's terms: an amount or a percentage taken off, or a minimum order. */
export function offerTerms(sentence: string): boolean {
  // Every term names a number (an amount, a percentage, a minimum): a sentence with none is passed over at
  // once, as most are, so the long alternation runs on few.
  return DIGIT.test(sentence) && OFFER_TERMS.test(sentence);
}

/** Whether a sentence names a date an offer runs to (not a time of day, which a one-time code runs to). */
export function runsTo(sentence: string): boolean {
  return DIGIT.test(sentence) && RUNS_TO.test(sentence);
}
