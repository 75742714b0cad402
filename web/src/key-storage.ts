// The bearer key, when one is set: kept in this tab's session storage only (never local storage, never a
// cookie), and sent only in the Authorization header (api-client.ts, live-mailbox.ts).
import type { PageElements } from './page-elements.js';

const KEY_STORAGE = 'inboxd.key';

/** Fills the key field from this tab's storage and keeps the two in step: a key set with “Use” (or by leaving
 * the field) is stored, “Forget” removes it. `changed` hears of each new key. Returns the key to send now. */
export function keepKey(
  ui: Pick<PageElements, 'key' | 'keyForm' | 'forgetKey'>,
  changed: (key: string) => void,
): () => string {
  ui.key.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
  let applied = ui.key.value.trim();
  const apply = () => {
    const key = ui.key.value.trim();
    if (key === applied) return;
    applied = key;
    if (key === '') sessionStorage.removeItem(KEY_STORAGE);
    else sessionStorage.setItem(KEY_STORAGE, key);
    changed(key);
  };
  ui.key.addEventListener('change', apply);
  ui.keyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  ui.forgetKey.addEventListener('click', () => {
    ui.key.value = '';
    apply();
  });
  return () => ui.key.value.trim();
}
