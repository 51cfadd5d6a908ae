// Part 1 §6: F12, Ctrl+Shift+I/C/J and Ctrl+U are blocked when site.flags.blockDevtoolsShortcuts
// is on. (A deterrent only: nothing secret is ever sent to the browser.)
type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'>;

export function isDevtoolsShortcut({ key, ctrlKey, shiftKey, altKey, metaKey }: KeyLike): boolean {
  if (key === 'F12') return true;
  if (!ctrlKey || altKey || metaKey) return false;
  const k = key.toLowerCase();
  return shiftKey ? k === 'i' || k === 'c' || k === 'j' : k === 'u';
}

export function blockDevtoolsShortcuts(target: Pick<Document, 'addEventListener'>): void {
  target.addEventListener('keydown', (event) => {
    if (isDevtoolsShortcut(event)) event.preventDefault();
  });
}
