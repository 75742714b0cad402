// Links in the styles of real verification, magic-link and password-reset mail (D24): best first,
// unsubscribe and preference links last, nothing visited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractLinks, type LinkSource } from './extract-links.js';

const CASES: [string, LinkSource, string[]][] = [
  [
    'the verify button before the footer links, unsubscribe last',
    {
      text: null,
      html:
        '<p>Welcome!</p><a href="https://app.example.com/verify?token=abc123&amp;u=9" class="btn">Verify e-mail</a>' +
        '<p><a href="https://example.com/privacy">Privacy</a> · <a href="https://example.com/unsubscribe?id=9">Unsubscribe</a></p>',
    },
    [
      'https://app.example.com/verify?token=abc123&u=9',
      'https://example.com/privacy',
      'https://example.com/unsubscribe?id=9',
    ],
  ],
  [
    'a magic link in plain text, trailing punctuation trimmed',
    { text: 'Click to sign in: https://auth.example.com/magic/Zx81Kq.\nThis link expires in 15 minutes.', html: null },
    ['https://auth.example.com/magic/Zx81Kq'],
  ],
  [
    'a tracking redirect ranked by the target it wraps and the anchor text',
    {
      text: null,
      html:
        '<a href="https://click.mail.example.net/ls/click?upn=aa11">Our blog</a>' +
        '<a href="https://click.mail.example.net/ls/click?url=https%3A%2F%2Fapp.example.com%2Freset-password%3Ft%3D55">here</a>',
    },
    [
      'https://click.mail.example.net/ls/click?url=https%3A%2F%2Fapp.example.com%2Freset-password%3Ft%3D55',
      'https://click.mail.example.net/ls/click?upn=aa11',
    ],
  ],
  [
    'a tracked unsubscribe link after a footer link, even when it comes first',
    {
      text: null,
      html: '<a href="https://t.example.net/r?url=https%3A%2F%2Fexample.com%2Fopt-out">Stop these e-mails</a><a href="https://example.com/help">Help</a>',
    },
    ['https://example.com/help', 'https://t.example.net/r?url=https%3A%2F%2Fexample.com%2Fopt-out'],
  ],
  [
    'action, next-step and unsubscribe words in Czech, Swedish, Ukrainian, Hindi and Vietnamese',
    {
      text: null,
      html:
        '<a href="https://n.example/1">Odhlásit odběr</a><a href="https://n.example/2">Blog</a><a href="https://n.example/3">Ověřit e-mail</a>' +
        '<a href="https://n.example/4">Відписатися</a><a href="https://n.example/5">Spåra paket</a><a href="https://n.example/6">Hủy đăng ký</a>' +
        '<a href="https://n.example/7">ईमेल सत्यापित करें</a>',
    },
    [
      'https://n.example/3',
      'https://n.example/7',
      'https://n.example/5',
      'https://n.example/2',
      'https://n.example/1',
      'https://n.example/4',
      'https://n.example/6',
    ],
  ],
  [
    'only http(s): mailto, tel, javascript and data are dropped',
    {
      text: null,
      html: '<a href="mailto:a@b.example">mail</a><a href="tel:+1555">call</a><a href="javascript:alert(1)">x</a><a href="data:text/html,hi">d</a><a href="HTTPS://Example.com/ok">ok</a>',
    },
    ['HTTPS://Example.com/ok'],
  ],
  [
    'the same link in the text and the HTML once',
    { text: 'Confirm: https://example.com/confirm/1', html: '<a href="https://example.com/confirm/1">Confirm</a>' },
    ['https://example.com/confirm/1'],
  ],
  [
    'list-manage and preference-centre links come after the others',
    {
      text: 'Manage preferences: https://example.list-manage.com/profile?u=1\nOpen your account: https://example.com/account',
      html: null,
    },
    ['https://example.com/account', 'https://example.list-manage.com/profile?u=1'],
  ],
  [
    'a tracked button in another language before the plain verify address it wraps',
    {
      text: null,
      html: '<a href="https://click.example.net/ls/click?upn=x1">E-mailadres bevestigen</a><p><a href="https://app.example.com/verify-email?t=1">https://app.example.com/verify-email?t=1</a></p>',
    },
    ['https://click.example.net/ls/click?upn=x1', 'https://app.example.com/verify-email?t=1'],
  ],
  [
    'a bare URL alone on its line is named by the line above',
    {
      text: 'Our blog: https://example.com/blog\nPasswort zurücksetzen:\nhttps://t.example.net/c/abc123\nhttps://example.com/reset?t=9',
      html: null,
    },
    ['https://t.example.net/c/abc123', 'https://example.com/reset?t=9', 'https://example.com/blog'],
  ],
  [
    'social and footer links last',
    {
      text: null,
      html: '<a href="https://facebook.com/acme">Facebook</a><a href="https://example.com/help">Help</a><a href="https://example.com/orders/1">View order</a>',
    },
    ['https://example.com/orders/1', 'https://facebook.com/acme', 'https://example.com/help'],
  ],
  [
    'a logo (an image in a link, no text) after the button, though it comes first',
    {
      text: null,
      html: '<a href="https://shop.example.com"><img src="https://shop.example.com/logo.png" alt="Shop"></a><p>Order 1 ships.</p><a href="https://shop.example.com/orders/1">View your order</a>',
    },
    ['https://shop.example.com/orders/1', 'https://shop.example.com'],
  ],
  [
    'an image drawn as a button speaks by its alternative text',
    {
      text: null,
      html: '<a href="https://example.com/blog">Blog</a><a href="https://t.example.net/c/x1"><img src="https://example.com/b.png" alt="Verify e-mail"></a>',
    },
    ['https://t.example.net/c/x1', 'https://example.com/blog'],
  ],
  [
    'a returns link in the footer after the tracking button, though it says "anmelden"',
    {
      text: null,
      html: '<a href="https://t.example.net/c/track1">Sendung verfolgen</a><p><a href="https://example.com/retoure">Retoure anmelden</a></p>',
    },
    ['https://t.example.net/c/track1', 'https://example.com/retoure'],
  ],
  [
    'a "view in browser" link after the tracking button, though it comes first',
    {
      text: null,
      html: '<a href="https://m.example.com/web/1">View in browser</a><p>Shipped.</p><a href="https://t.example.net/c/2">Track package</a>',
    },
    ['https://t.example.net/c/2', 'https://m.example.com/web/1'],
  ],
  [
    'the next step of an order (view, track, manage, pay) before product links',
    {
      text: null,
      html: '<a href="https://shop.example.com/p/candle">Beeswax candle</a><a href="https://shop.example.com/c/9">Bestellung ansehen</a>',
    },
    ['https://shop.example.com/c/9', 'https://shop.example.com/p/candle'],
  ],
  [
    'an invitation to join, in another language, is an action',
    {
      text: null,
      html: '<a href="https://x.example.com/blog">Blog</a><a href="https://x.example.com/c/abc">Rejoindre l\'équipe</a>',
    },
    ['https://x.example.com/c/abc', 'https://x.example.com/blog'],
  ],
  [
    "a site's home page after the other links",
    {
      text: null,
      html: '<a href="https://x.example.com/">Acme</a><a href="https://x.example.com/account/invoices/7">Your invoice</a>',
    },
    ['https://x.example.com/account/invoices/7', 'https://x.example.com/'],
  ],
  [
    'a help page whose address names the action ranks after the action itself',
    {
      text: null,
      html: '<a href="https://w.example/hilfe/einladungen">Was ist das?</a><a href="https://w.example/invite/accept/Wn4r">Einladung annehmen</a>',
    },
    ['https://w.example/invite/accept/Wn4r', 'https://w.example/hilfe/einladungen'],
  ],
  [
    "an RSVP is an invitation's action, before a gift registry",
    {
      text: null,
      html: '<a href="https://v.example/registry/hl-2026">View registry</a><a href="https://v.example/rsvp/hl-2026">RSVP by April 1</a>',
    },
    ['https://v.example/rsvp/hl-2026', 'https://v.example/registry/hl-2026'],
  ],
  [
    'a link to stop receiving invitations is an opt-out, last, though it speaks of invitations',
    {
      text: null,
      html: '<a href="https://c.example/noel/reserver">Réserver ma place</a><a href="https://c.example/desabonnement">Ne plus recevoir nos invitations</a>',
    },
    ['https://c.example/noel/reserver', 'https://c.example/desabonnement'],
  ],
  [
    'Indonesian "atur ulang" (set again) is a reset only of a password: rescheduling ranks after tracking',
    {
      text: null,
      html: '<a href="https://k.example/jadwal-ulang">Atur ulang jadwal</a><a href="https://trk.k.example/r/JX10">Lacak paket</a>',
    },
    ['https://trk.k.example/r/JX10', 'https://k.example/jadwal-ulang'],
  ],
  [
    'Vietnamese "định vị" (locate) names a next step',
    {
      text: null,
      html: '<a href="https://b.example/r/xem-chi-nhanh">Tìm bưu cục</a><a href="https://trk.b.example/r/EB12">Định vị bưu gửi</a>',
    },
    ['https://trk.b.example/r/EB12', 'https://b.example/r/xem-chi-nhanh'],
  ],
  [
    'Portuguese "gerenciar" (manage) names a next step',
    {
      text: null,
      html: '<a href="https://a.example/bagagem">Bagagem</a><a href="https://a.example/minhas-reservas/QP">Gerenciar reserva</a>',
    },
    ['https://a.example/minhas-reservas/QP', 'https://a.example/bagagem'],
  ],
  [
    'Turkish "onayla" (confirm) names the action, after header navigation',
    {
      text: null,
      html: '<a href="https://e.example/satilik">Satılık</a><a href="https://e.example/hesap/dogrulama/9f2c">Hesabımı onayla</a>',
    },
    ['https://e.example/hesap/dogrulama/9f2c', 'https://e.example/satilik'],
  ],
  // Round 21
  [
    'an invitation named on the link\'s text is its action ("Odpowiedz na zaproszenie"), before a plain link',
    {
      text: null,
      html: '<a href="https://z.example/mapa/77">Mapa dojazdu</a><a href="https://z.example/e/77/odp">Odpowiedz na zaproszenie</a>',
    },
    ['https://z.example/e/77/odp', 'https://z.example/mapa/77'],
  ],
  [
    "an invitation service's address names no action: its map link stays after the answer link",
    {
      text: null,
      html: '<a href="https://convites.example/mapa/77">Como chegar</a><a href="https://convites.example/e/77/r">Confirmar presença</a>',
    },
    ['https://convites.example/e/77/r', 'https://convites.example/mapa/77'],
  ],
  [
    'a link to manage notifications is a preference link, ranked last ("Gestisci le notifiche")',
    {
      text: null,
      html: '<a href="https://n.example/account/avvisi">Gestisci le notifiche</a><a href="https://n.example/e/9/risposta">Rispondi</a>',
    },
    ['https://n.example/e/9/risposta', 'https://n.example/account/avvisi'],
  ],
];

describe('extractLinks (D24)', () => {
  for (const [name, source, expected] of CASES) {
    it(name, () => assert.deepEqual(extractLinks(source), expected));
  }

  it('reads hostile input in bounded time: unclosed anchors, tags without an end, a long run of punctuation', () => {
    const sources: LinkSource[] = [
      { text: null, html: '<a href="https://x.example/">'.repeat(20000) },
      { text: null, html: '<a '.repeat(150000) },
      { text: `https://x.example/${'.'.repeat(100000)}x`, html: null },
      { text: 'https://x.example/a '.repeat(6000), html: null },
    ];
    for (const source of sources) {
      const started = performance.now();
      extractLinks(source);
      assert.ok(performance.now() - started < 1500, 'under 1.5 s');
    }
  });

  it('returns at most twenty links', () => {
    const html = Array.from({ length: 30 }, (_, i) => `<a href="https://example.com/p/${i}">p${i}</a>`).join('');
    assert.equal(extractLinks({ text: null, html }).length, 20);
  });
});
