import { SCREENS } from '@eta/shared';
import { Placeholder } from './Placeholder.tsx';

export function ProcessedOrderPage() {
  return <Placeholder title={SCREENS.processedOrder.title} />;
}
