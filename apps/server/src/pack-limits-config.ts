import { DISPUTE_PROCESSORS, type DisputeProcessor, PACK_PROFILES, type PackProfile } from '@eta/shared';

/**
 * PACK_LIMITS (config.ts reads it): processors' evidence limits as `processor=bytes:pages` pairs
 * separated by commas (`adyen=2000000:19,paypal=9999999:`; an empty page count means none), laid
 * over DESIGN §15's defaults. Processors change their limits; an operator should not wait for a release.
 */
export function packLimitsFrom(raw: string | undefined, problems: string[]): Record<DisputeProcessor, PackProfile> {
  const limits: Record<DisputeProcessor, PackProfile> = { ...PACK_PROFILES };
  for (const entry of (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d{4,10}):(\d{0,4})$/.exec(entry);
    const processor = match?.[1] as DisputeProcessor | undefined;
    if (!match || !processor || !DISPUTE_PROCESSORS.includes(processor)) {
      problems.push(
        `PACK_LIMITS: "${entry}" must be processor=bytes:pages with a processor of ${DISPUTE_PROCESSORS.join(', ')}`,
      );
      continue;
    }
    limits[processor] = { maxBytes: Number(match[2]), maxPages: match[3] ? Number(match[3]) : null };
  }
  return limits;
}
