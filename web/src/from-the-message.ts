// "From the message": the likely one-time code of an open message, with a button that copies it, and its
// primary link. Both come from the server (GET /api/v1/message/{id}/codes, the same extraction as the agent
// tools); both are the sender's words, so the box says so, and the link opens in a new tab with no
// referrer like every other link of a message.
import type { MessageCodes } from './api-types.js';
import { h } from './dom.js';

function copyButton(code: string): HTMLElement[] {
  const button = h('button', { type: 'button', id: 'copy-code', 'aria-label': `Copy the code ${code}` }, 'Copy');
  const feedback = h('span', { class: 'copy-feedback', role: 'status', id: 'copy-code-status' });
  const value = h('code', { class: 'likely-code', id: 'likely-code' }, code);
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(code).then(
      () => {
        feedback.textContent = 'Copied';
      },
      () => {
        // Clipboard refused (no permission): select the code so the reader can copy it.
        getSelection()?.selectAllChildren(value);
        feedback.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
      },
    );
  });
  return [value, button, feedback];
}

/** The box, or null when the message offers neither a code nor a link (or they could not be read). */
export function fromTheMessage(found: MessageCodes | null): HTMLElement | null {
  const code = found?.codes[0];
  const link = found?.links[0];
  if (code === undefined && link === undefined) return null;
  const rows: HTMLElement[] = [];
  if (code !== undefined) rows.push(h('dt', {}, 'Code'), h('dd', {}, ...copyButton(code)));
  if (link !== undefined) {
    rows.push(
      h('dt', {}, 'Link'),
      h(
        'dd',
        {},
        h(
          'a',
          {
            id: 'primary-link',
            href: link,
            target: '_blank',
            rel: 'noopener noreferrer',
            referrerpolicy: 'no-referrer',
          },
          link,
        ),
      ),
    );
  }
  return h(
    'section',
    { class: 'from-message', 'aria-label': 'From the message' },
    h('h3', {}, 'From the message'),
    h('dl', {}, ...rows),
    h(
      'p',
      { class: 'hint' },
      'Taken from the sender’s text, not checked by inboxd: make sure it is what you expect before you use it.',
    ),
  );
}
