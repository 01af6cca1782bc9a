import { gatewaySettingSchema, type PaymentGatewayRecord } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../components/FormField.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetPaymentGatewayMutation } from './api.ts';

/** The select's rule is the shared one, so the form and the server say 'Please select a gateway.' alike. */
const panelSchema = z.object({ gatewayId: gatewaySettingSchema.shape.gatewayDetails.shape.gatewayId });
type PanelValues = z.infer<typeof panelSchema>;

interface GatewayPanelProps {
  title: string;
  isSecondaryDomain: 0 | 1;
  gateways: PaymentGatewayRecord[];
}

/** One domain's form: pick a gateway and make it the active one. */
export function GatewayPanel({ title, isSecondaryDomain, gateways }: GatewayPanelProps) {
  const [setGateway, { isLoading }] = useSetPaymentGatewayMutation();
  const active = gateways.find((g) => g.is_active === '1');
  const id = `gateway-${isSecondaryDomain ? 'secondary' : 'primary'}`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PanelValues>({ resolver: zodResolver(panelSchema), defaultValues: { gatewayId: '' } });

  const onSubmit = handleSubmit(async ({ gatewayId }) => {
    const envelope = await setGateway({ gatewayDetails: { gatewayId, isSecondaryDomain } }).unwrap().catch(refused);
    if (envelope && notify(envelope)) reset({ gatewayId: '' });
  });

  return (
    <Card as="section" className="shadow-sm border-0 h-100" aria-labelledby={`${id}-title`}>
      <Card.Header className="bg-white">
        <h2 id={`${id}-title`} className="h6 fw-semibold mb-0">
          {title}
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="mb-3" data-testid={`${id}-active`}>
          Active: <strong>{active?.gateway_name ?? 'None'}</strong>
        </p>
        <Form noValidate onSubmit={onSubmit}>
          <FormField id={id} label={`${title} Gateway`} error={errors.gatewayId?.message}>
            <Form.Select id={id} isInvalid={!!errors.gatewayId} {...register('gatewayId')}>
              <option value="">Select Gateway</option>
              {gateways.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.gateway_name}
                </option>
              ))}
            </Form.Select>
          </FormField>
          <Button type="submit" variant="primary" disabled={isLoading}>
            Active Gateway
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
