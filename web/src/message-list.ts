// The mailbox list: newest first, unread marked, sender, subject, when it came and when it goes (D4).
import type { MessageSummary } from './api-types.js';
import { h } from './dom.js';
import { expiresIn, receivedAgo } from './time-format.js';

export interface ListCallbacks {
  open(id: string): void;
}

export function senderOf(message: Pick<MessageSummary, 'from' | 'from_name'>): string {
  return message.from_name !== null && message.from_name.trim() !== ''
    ? message.from_name
    : message.from === ''
      ? '(no sender)'
      : message.from;
}

/** A paperclip drawn in SVG: an emoji would depend on the fonts of the reader's system. */
function paperclip(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'clip');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute(
    'd',
    'M10.5 4.5 5.8 9.2a1.3 1.3 0 0 0 1.9 1.9l5-5a2.6 2.6 0 0 0-3.7-3.7l-5.1 5.1a3.9 3.9 0 0 0 5.5 5.5l4.2-4.2',
  );
  svg.appendChild(path);
  return svg;
}

export function listItem(
  message: MessageSummary,
  selected: boolean,
  fresh: boolean,
  now: number,
  callbacks: ListCallbacks,
): HTMLLIElement {
  const when = new Date(message.date);
  const button = h(
    'button',
    {
      type: 'button',
      class: `item${message.seen ? '' : ' unread'}${fresh ? ' fresh' : ''}`,
      'data-id': message.id,
      'aria-current': selected ? 'true' : undefined,
      'aria-label': `${message.seen ? '' : 'Unread. '}From ${senderOf(message)}. ${message.subject ?? '(no subject)'}. ${receivedAgo(message.date, now)}. ${expiresIn(message.expires_at, now)}.${message.attachments > 0 ? ` ${message.attachments} attachment${message.attachments > 1 ? 's' : ''}.` : ''}`,
    },
    h('span', { class: 'dot', 'aria-hidden': 'true' }),
    h('span', { class: 'from' }, senderOf(message)),
    h('time', { class: 'time', datetime: message.date, title: when.toLocaleString() }, receivedAgo(message.date, now)),
    h('span', { class: 'subject' }, message.attachments > 0 ? paperclip() : null, message.subject ?? '(no subject)'),
    h(
      'span',
      { class: 'expires', title: new Date(message.expires_at).toLocaleString() },
      expiresIn(message.expires_at, now),
    ),
  );
  button.addEventListener('click', () => callbacks.open(message.id));
  return h('li', {}, button);
}
