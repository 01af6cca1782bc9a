import { SCREENS } from '@eta/shared';
import { Placeholder } from './Placeholder.tsx';

export function SendInvoicePage() {
  return <Placeholder title={SCREENS.sendInvoice.title} />;
}
