import { copyrightLine, type SiteBranding } from '@eta/shared';
import { h, safeHref } from './dom.ts';
import { TEXT } from './texts.ts';
import { loadTranslateWidget } from './translate.ts';

/** The built-in logo, used when the landing site configures none (an SVG data URL: no request). */
const BUILT_IN_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#0b3d91"/>' +
    '<circle cx="32" cy="32" r="27" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>' +
    '<text x="32" y="40" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" font-size="21" fill="#fff">eTA</text></svg>',
)}`;

export interface Chrome {
  main: HTMLElement;
  /** fills header, footer and support links once the landing site is known */
  brand(branding: SiteBranding): void;
  contactUrl(): string;
}

/**
 * Top bar (translation widget), header (logo and links) and footer (links and copyright) of the
 * public pages, per landing site (SPEC §2). Drawn at once, then branded when the site is known.
 */
export function renderChrome(root: HTMLElement): Chrome {
  const translateSlot = h('div', { id: 'google_translate_element', class: 'pub-translate' });
  const topbarHelp = h('a', { class: 'pub-topbar-help', href: '#' }, TEXT.contactSupport);
  const topbar = h(
    'div',
    { class: 'pub-topbar' },
    h(
      'div',
      { class: 'pub-wrap pub-topbar-inner' },
      topbarHelp,
      h(
        'div',
        { class: 'pub-translate-box' },
        h('span', { class: 'pub-translate-label' }, `${TEXT.translateLabel}:`),
        translateSlot,
      ),
    ),
  );
  const logo = h('img', { class: 'pub-logo', src: BUILT_IN_LOGO, alt: '', width: '44', height: '44' });
  const siteName = h('span', { class: 'pub-site-name' });
  const home = h('a', { class: 'pub-brand', href: '#' }, logo, siteName);
  const nav = h('nav', { class: 'pub-nav', 'aria-label': 'Site' });
  const header = h('header', { class: 'pub-header' }, h('div', { class: 'pub-wrap pub-header-inner' }, home, nav));
  // tabindex -1: the skip link's target, focusable by script only
  const main = h('main', { class: 'pub-main', id: 'main', tabindex: '-1' });
  // WCAG 2.4.1: past the top bar's links and the translation widget to the form
  const skip = h('a', { class: 'pub-skip', href: '#main' }, TEXT.skipToMain);
  // focus moved by hand: a fragment in the address would read as a new page to the router (main.ts)
  skip.addEventListener('click', (event) => {
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  });
  const footerLinks = h('nav', { class: 'pub-footer-links', 'aria-label': 'Legal' });
  const copyright = h('p', { class: 'pub-copyright' }, copyrightLine('').trim());
  const footer = h(
    'footer',
    { class: 'pub-footer' },
    h('div', { class: 'pub-wrap' }, footerLinks, h('p', { class: 'pub-disclaimer' }, TEXT.disclaimer), copyright),
  );
  root.replaceChildren(skip, topbar, header, main, footer);
  loadTranslateWidget(translateSlot);

  let contact = '#';
  return {
    main,
    contactUrl: () => contact,
    brand(b) {
      contact = safeHref(b.contactUrl);
      topbarHelp.href = contact;
      home.href = safeHref(b.homeUrl);
      siteName.textContent = b.siteName;
      logo.src = b.logoUrl ? safeHref(b.logoUrl) : BUILT_IN_LOGO;
      logo.alt = b.logoUrl ? b.siteName : '';
      nav.replaceChildren(...b.headerLinks.map((link) => h('a', { href: safeHref(link.url) }, link.label)));
      footerLinks.replaceChildren(
        h('a', { href: safeHref(b.termsUrl) }, TEXT.footerTerms),
        h('a', { href: safeHref(b.complaintUrl) }, TEXT.footerComplaints),
        h('a', { href: contact }, TEXT.footerContact),
      );
      copyright.textContent = b.copyright;
      for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-contact]')) link.href = contact;
    },
  };
}
