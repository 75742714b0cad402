// The terms of an offer in a sentence (offer-terms.ts): an amount or a percentage taken off, a minimum order,
// and apart from them a date the offer runs to, which is never a time of day.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offerTerms, runsTo } from './offer-terms.js';

describe('offerTerms', () => {
  it('finds an amount or a percentage taken off, across languages', () => {
    assert.deepEqual(
      [
        'and save €8 on your first box',
        'pour 7 € de réduction sur le panier',
        'y ahorra hasta 15 € en tu pedido',
        'i zaplać 30 zł taniej',
        'и сэкономьте 400 ₽ на доставке',
        'để giảm 30.000 đ cho đơn này',
        'รับส่วนลดทันที ลด 80 บาท',
        '下单立减15元',
        '1,000円引きになります',
        'ile 75 TL indirim kazanın',
        'כדי לקבל 20 ₪ הנחה',
      ].filter((sentence) => !offerTerms(sentence)),
      [],
    );
  });

  it('finds a minimum order, across languages', () => {
    assert.deepEqual(
      [
        'valid on orders over $40',
        'ab einem Bestellwert von 60 €',
        'dès 35 € d’achat'.replace('’', "'"),
        'em compras acima de R$ 150',
        'przy zamówieniu od 120 zł',
        'при заказе от 2000 ₽',
        'när du handlar för minst 400 kr',
        '250 TL üzeri alışverişte',
        'dengan minimal belanja Rp100.000',
        'cho đơn hàng từ 200.000 đ',
        'เมื่อซื้อครบ 500 บาท',
        '5,000円以上のご購入で',
        '满300元可用',
        '3만 원 이상 구매 시',
        'בהזמנה מעל 150 ₪',
        'للطلبات فوق 200 ريال',
      ].filter((sentence) => !offerTerms(sentence)),
      [],
    );
  });

  it('finds none in a sign-in, a payment to confirm or a price', () => {
    assert.deepEqual(
      [
        'Enter it to sign in to your account',
        'to confirm the purchase of $74.10 at a travel agent',
        'para confirmar la compra de 56,00 EUR en una tienda',
        'para confirmar a compra de R$ 310,00 no cartão',
        'per confermare l’acquisto di 42 € con la carta',
        'Your total is 23.50 EUR, paid by card',
        'It expires in 10 minutes',
      ].filter((sentence) => offerTerms(sentence)),
      [],
    );
  });
});

describe('runsTo', () => {
  it('finds the date an offer runs to', () => {
    assert.deepEqual(
      [
        'at checkout until 31 March',
        'gültig bis 15.7.',
        "jusqu'au 9 juin",
        'hasta el 30 de abril',
        'действует до 12 мая',
        'ถึง 15 มี.ค.',
        '6月30日まで',
        '4월 10일까지',
        '20 अप्रैल तक',
        "31 Mayıs'a kadar",
      ].filter((sentence) => !runsTo(sentence)),
      [],
    );
  });

  it('never takes a time of day or a span of minutes for one', () => {
    assert.deepEqual(
      ['valid until 10:45', 'gültig bis 18 Uhr', 'until 11 pm tonight', 'in 15 minutes'].filter((sentence) =>
        runsTo(sentence),
      ),
      [],
    );
  });

  it('stays linear on a long run of digits and spaces', () => {
    const hostile = `${'until 1'.repeat(20000)} ${'9 '.repeat(50000)}`;
    const start = performance.now();
    offerTerms(hostile);
    runsTo(hostile);
    assert.ok(performance.now() - start < 1500);
  });
});
