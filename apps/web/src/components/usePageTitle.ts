import { PORTAL_NAME } from '@eta/shared';
import { useEffect } from 'react';

/** SPEC §2: page titles carry the portal name, as "{Screen} | eTA Desk Admin". */
export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} | ${PORTAL_NAME}`;
  }, [screen]);
}
