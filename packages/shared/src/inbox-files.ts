/** The attachment types kept from an inbound mail (DESIGN §25: PDF and images), by their bytes. */
export const INBOUND_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
] as const;
