/**
 * Nothing remote loads and nothing runs: the frame is sandboxed with no permission at all (so no
 * script, no same origin, no form, no navigation of ours), and the CSP inside refuses every source
 * but inline styles, so a tracking pixel or remote font never reaches the sender.
 */
export const MAIL_FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function mailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><base target="_blank"></head><body>${html}</body></html>`;
}

/** A customer's HTML mail (sanitised by the server too), shown in a frame that can do nothing. */
export function MailFrame({ html, title }: { html: string; title: string }) {
  return <iframe className="mail-frame" sandbox="" srcDoc={mailDocument(html)} title={title} />;
}
