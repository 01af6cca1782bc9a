/**
 * The page-translation widget of the top bar (SPEC §2, §7), loaded lazily once the page is usable.
 * The page never depends on it: when the third-party script cannot load, the slot stays empty.
 * Its origins are exactly those the server's public CSP admits (apps/server/src/modules/public/csp.ts).
 */
const SCRIPT = 'https://translate.google.com/translate_a/element.js?cb=etaTranslateInit';

interface TranslateApi {
  translate: { TranslateElement: new (options: object, id: string) => unknown };
}

declare global {
  interface Window {
    etaTranslateInit?: () => void;
    google?: TranslateApi;
  }
}

export function loadTranslateWidget(slot: HTMLElement): void {
  if (window.etaTranslateInit) return;
  window.etaTranslateInit = () => {
    try {
      window.google?.translate.TranslateElement &&
        new window.google.translate.TranslateElement({ pageLanguage: 'en', autoDisplay: false }, slot.id);
      slot.closest('.pub-topbar')?.classList.add('pub-topbar-ready');
    } catch (error) {
      console.warn('translation widget failed to start', error);
    }
  };
  const start = () => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => console.info('translation widget unavailable');
    document.head.append(script);
  };
  // After the page has loaded and the browser is idle: the widget never delays the form.
  const later = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 1500);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
