import { SCREENS } from '@eta/shared';
import { Placeholder } from './Placeholder.tsx';

export function CountryOrderListPage() {
  return <Placeholder title={SCREENS.countryOrderList.title} />;
}
