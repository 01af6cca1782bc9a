import { SCREENS } from '@eta/shared';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useGetPaymentGatewaysQuery } from './api.ts';
import { GatewayPanel } from './GatewayPanel.tsx';

/** SPEC §2 Payment Setting: one panel per domain (is_secondary_domain 0 and 1). */
export function GatewayPage() {
  const { data, error, isLoading } = useGetPaymentGatewaysQuery();
  const gateways = error ? [] : (data?.data ?? []);
  return (
    <>
      <PageHeader title={SCREENS.gatewaySetting.title} />
      {isLoading && <Loading />}
      {error && <Alert variant="danger">{error.message}</Alert>}
      {!isLoading && (
        <Row className="g-4">
          <Col md={6}>
            <GatewayPanel
              title="Primary Domain"
              isSecondaryDomain={0}
              gateways={gateways.filter((g) => g.is_secondary_domain === 0)}
            />
          </Col>
          <Col md={6}>
            <GatewayPanel
              title="Secondary Domain"
              isSecondaryDomain={1}
              gateways={gateways.filter((g) => g.is_secondary_domain === 1)}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
