/** A file type recognised by its first bytes: the declared type and the name are never trusted (DESIGN §10). */
export interface SniffedType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', ext: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', ext: 'webp' };
  }
  if (startsWith(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf', ext: 'pdf' };
  return null;
}

/** JPEG, PNG or WebP: what a passport or selfie image may be. */
export function sniffImage(bytes: Uint8Array): SniffedType | null {
  const type = sniffFileType(bytes);
  return type && type.contentType !== 'application/pdf' ? type : null;
}
