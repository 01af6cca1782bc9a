import { z } from 'zod';
import { MSG } from '../messages.ts';
import { text } from './fields.ts';

export const gatewaySettingSchema = z.strictObject({
  gatewayDetails: z.strictObject(
    {
      gatewayId: text({ error: MSG.gatewayRequired }).min(1, { error: MSG.gatewayRequired }),
      isSecondaryDomain: z
        .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
          error: 'isSecondaryDomain must be 0 or 1.',
        })
        .transform((v) => Number(v) as 0 | 1),
    },
    { error: MSG.gatewayRequired },
  ),
});
export type GatewaySettingInput = z.input<typeof gatewaySettingSchema>;

/** SPEC §3 payment gateway: id (encoded), gateway_name, is_active ('1' active), is_secondary_domain (0 or 1). */
export const paymentGatewayRecordSchema = z.strictObject({
  id: z.string(),
  gateway_name: z.string(),
  is_active: z.enum(['0', '1']),
  is_secondary_domain: z.union([z.literal(0), z.literal(1)]),
});
export type PaymentGatewayRecord = z.infer<typeof paymentGatewayRecordSchema>;
