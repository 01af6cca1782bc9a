import { IMAGE_MAX_BYTES, type IngestOrder, ORDER_MSG } from '@eta/shared';
import { type SniffedType, sniffImage } from '../../lib/file-types.ts';

/** order_images.kind of each image field (SPEC §3: passport_image, upload_image = the selfie). */
export const IMAGE_FIELDS = { passport_image: 'passport', upload_image: 'selfie' } as const;
export type ImageField = keyof typeof IMAGE_FIELDS;

export interface DecodedImage {
  kind: (typeof IMAGE_FIELDS)[ImageField];
  bytes: Buffer;
  type: SniffedType;
}

/** Decodes an order's images and checks them by their bytes; problems come back per field. */
export function decodeImages(order: IngestOrder): {
  images: DecodedImage[];
  errors: Partial<Record<ImageField, string>>;
} {
  const images: DecodedImage[] = [];
  const errors: Partial<Record<ImageField, string>> = {};
  for (const field of Object.keys(IMAGE_FIELDS) as ImageField[]) {
    const value = order[field];
    if (!value) continue;
    const bytes = Buffer.from(value.base64, 'base64');
    const type = sniffImage(bytes);
    if (bytes.length > IMAGE_MAX_BYTES) errors[field] = ORDER_MSG.imageTooLarge;
    else if (!type) errors[field] = ORDER_MSG.imageType;
    else images.push({ kind: IMAGE_FIELDS[field], bytes, type });
  }
  return { images, errors };
}
