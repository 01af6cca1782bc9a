import { type Capability, can } from '@eta/shared';
import type { ReactNode } from 'react';
import { Forbidden } from '../../components/Forbidden.tsx';
import { useAppSelector } from '../../store/index.ts';

/** Hides a screen from roles the server refuses it to (SPEC §6, DESIGN §7). */
export function RequireCapability({ capability, children }: { capability: Capability | null; children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.role);
  if (capability !== null && !can(role, capability)) return <Forbidden />;
  return children;
}
