/** Keys (DESIGN §23): the shell's listener, what screens register, the Account page's switch. */
export { KeyboardLayer } from './KeyboardLayer.tsx';
export { ShortcutSettings } from './ShortcutSettings.tsx';
export { isTypingIn, useShortcut } from './shortcuts.ts';
