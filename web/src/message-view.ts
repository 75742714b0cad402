// One message: its envelope, the code and link taken from it, the HTML part in the sandboxed frame (remote images behind a click), the text
// part as text, the headers, its links (opened in a new tab with no referrer) and its attachments.
import type { Attachment, Message, MessageCodes } from './api-types.js';
import { append, h } from './dom.js';
import { fromTheMessage } from './from-the-message.js';
import { isWebLink, linkify } from './linkify.js';
import { prepareMail } from './mail-frame.js';
import { senderOf } from './message-list.js';
import { expiresIn, formatBytes } from './time-format.js';

export interface MessageCallbacks {
  back(): void;
  remove(): void;
  download(attachment: Attachment): void;
}

type Tab = 'html' | 'text' | 'headers';

function outLink(url: string, label: string = url): HTMLAnchorElement {
  return h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', referrerpolicy: 'no-referrer' }, label);
}

function textBody(text: string): HTMLPreElement {
  const pre = h('pre', { class: 'text-body' });
  for (const piece of linkify(text))
    append(
      pre,
      piece.kind === 'link' && isWebLink(piece.url)
        ? outLink(piece.url)
        : piece.kind === 'link'
          ? piece.url
          : piece.text,
    );
  return pre;
}

function htmlBody(message: Message, html: string): HTMLElement {
  const wrapper = h('div', { class: 'html-body' });
  const render = (allowRemote: boolean) => {
    const prepared = prepareMail(html, allowRemote);
    // Empty sandbox (D26): never allow-scripts, never allow-same-origin, nor forms, popups or navigation.
    const frame = h('iframe', {
      class: 'mail-frame',
      sandbox: '',
      referrerpolicy: 'no-referrer',
      title: `Message: ${message.subject ?? '(no subject)'}`,
    });
    frame.srcdoc = prepared.srcdoc;
    const parts: HTMLElement[] = [];
    if (prepared.remoteImages > 0 && !allowRemote) {
      const load = h('button', { type: 'button', id: 'load-images' }, 'Load remote images');
      load.addEventListener('click', () => {
        wrapper.replaceChildren(...render(true));
        wrapper.querySelector<HTMLElement>('iframe')?.focus();
      });
      parts.push(
        h(
          'p',
          { class: 'notice', role: 'note' },
          `${prepared.remoteImages} remote image${prepared.remoteImages > 1 ? 's' : ''} blocked: loading them tells the sender you read this.`,
          load,
        ),
      );
    }
    parts.push(frame);
    if (prepared.links.length > 0) {
      parts.push(
        h(
          'section',
          { class: 'links', 'aria-label': 'Links in this message' },
          h('h3', {}, `Links (${prepared.links.length}) — open in a new tab`),
          h('ul', {}, ...prepared.links.slice(0, 100).map((url) => h('li', {}, outLink(url)))),
        ),
      );
    }
    return parts;
  };
  wrapper.replaceChildren(...render(false));
  return wrapper;
}

function headersBody(message: Message): HTMLElement {
  return h(
    'div',
    { class: 'headers' },
    ...message.headers.map((header) => h('div', {}, h('b', {}, `${header.name}: `), header.value)),
  );
}

/** `codes`: the message's likely codes and links (GET …/codes), or null when they could not be read. */
export function messageView(
  message: Message,
  codes: MessageCodes | null,
  now: number,
  callbacks: MessageCallbacks,
): HTMLElement[] {
  const tabs: Tab[] = [
    ...(message.html !== null ? (['html'] as Tab[]) : []),
    ...(message.text !== null || message.html === null ? (['text'] as Tab[]) : []),
    'headers',
  ];
  const body = h('div', { class: 'body', role: 'tabpanel', id: 'message-body' });
  const tabList = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Show' });
  const labels: Record<Tab, string> = { html: 'HTML', text: 'Text', headers: 'Headers' };
  const show = (tab: Tab) => {
    for (const button of Array.from(tabList.children)) {
      const selected = (button as HTMLElement).dataset.tab === tab;
      button.setAttribute('aria-selected', String(selected));
      button.setAttribute('tabindex', selected ? '0' : '-1');
    }
    body.setAttribute('aria-label', labels[tab]);
    if (tab === 'html') body.replaceChildren(htmlBody(message, message.html ?? ''));
    else if (tab === 'text')
      body.replaceChildren(
        message.text === null ? h('p', {}, '(This message has no text part.)') : textBody(message.text),
      );
    else body.replaceChildren(headersBody(message));
  };
  for (const tab of tabs) {
    const button = h(
      'button',
      { type: 'button', role: 'tab', 'data-tab': tab, 'aria-controls': 'message-body' },
      labels[tab],
    );
    button.addEventListener('click', () => show(tab));
    button.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length] as Tab;
      show(next);
      tabList.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
    });
    tabList.appendChild(button);
  }
  show(tabs[0] as Tab);

  const back = h('button', { type: 'button', class: 'back' }, '← Messages');
  back.addEventListener('click', callbacks.back);
  const remove = h('button', { type: 'button', class: 'danger', id: 'delete' }, 'Delete');
  remove.addEventListener('click', callbacks.remove);
  const heading = h('h2', { tabindex: '-1', id: 'message-subject' }, message.subject ?? '(no subject)');

  const parts: HTMLElement[] = [
    back,
    heading,
    h(
      'dl',
      { class: 'meta' },
      h('dt', {}, 'From'),
      h('dd', {}, message.from_name !== null ? `${senderOf(message)} <${message.from}>` : senderOf(message)),
      h('dt', {}, 'To'),
      h('dd', {}, message.to),
      h('dt', {}, 'Received'),
      h('dd', {}, h('time', { datetime: message.date }, new Date(message.date).toLocaleString())),
      h('dt', {}, 'Expires'),
      h(
        'dd',
        {},
        h(
          'time',
          { datetime: message.expires_at, title: new Date(message.expires_at).toLocaleString() },
          expiresIn(message.expires_at, now),
        ),
      ),
    ),
    h('div', { class: 'actions' }, remove),
    ...[fromTheMessage(codes)].filter((box): box is HTMLElement => box !== null),
    tabList,
    body,
  ];
  if (message.attachments.length > 0) {
    parts.push(
      h(
        'section',
        { class: 'attachments', 'aria-label': 'Attachments' },
        h('h3', {}, `Attachments (${message.attachments.length})`),
        h(
          'ul',
          {},
          ...message.attachments.map((attachment) => {
            const button = h('button', { type: 'button', 'data-attachment': attachment.id }, 'Download');
            button.addEventListener('click', () => callbacks.download(attachment));
            return h(
              'li',
              {},
              h('span', { class: 'name' }, attachment.filename),
              h('span', { class: 'size' }, `${formatBytes(attachment.size)} · ${attachment.mime}`),
              button,
            );
          }),
        ),
      ),
    );
  }
  return parts;
}
