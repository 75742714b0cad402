// The page by keyboard alone: / address, R random, C copy, J/K or the arrows through the list, Del delete,
// Esc back. Only Esc works while the reader types in a field, and none with Ctrl, Cmd or Alt held.
import type { PageElements } from './page-elements.js';

export interface KeyActions {
  /** A message is open (Esc closes it). */
  reading(): boolean;
  closeMessage(): void;
  random(): void;
  copy(): void;
  /** Delete the message being read, if any. */
  removeOpen(): void;
  /** The message being read, if any: J/K move on from it. */
  selected(): string | null;
}

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export function bindKeyboard(ui: Pick<PageElements, 'address' | 'messages'>, actions: KeyActions): void {
  function moveInList(step: 1 | -1): void {
    const items = Array.from(ui.messages.querySelectorAll<HTMLElement>('.item'));
    if (items.length === 0) return;
    const selected = actions.selected();
    const current = items.findIndex((item) => item === document.activeElement || item.dataset.id === selected);
    const target = items[current === -1 ? 0 : Math.min(items.length - 1, Math.max(0, current + step))];
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  }

  const keys: Record<string, () => void> = {
    '/': () => ui.address.focus(),
    r: () => actions.random(),
    c: () => actions.copy(),
    j: () => moveInList(1),
    ArrowDown: () => moveInList(1),
    k: () => moveInList(-1),
    ArrowUp: () => moveInList(-1),
    Delete: () => actions.removeOpen(),
  };

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape') {
      if (actions.reading()) {
        event.preventDefault();
        actions.closeMessage();
      }
      return;
    }
    if (typing(event.target)) return;
    const action = keys[event.key];
    if (action === undefined) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !ui.messages.contains(document.activeElement)) return;
    event.preventDefault();
    action();
  });
}
