import { ADMIN_ROUTE, FEATURE_OFF, type ScreenDef } from '@eta/shared';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { screenAvailable, useFeatures } from '../../store/features.ts';
import { RequireCapability } from './RequireCapability.tsx';

/**
 * A screen opened by its address (a bookmark, a shared link) whose part is not set up here: it says
 * so in staff's terms, instead of an empty list that looks like nothing to do.
 */
function NotConfigured({ screen }: { screen: ScreenDef & { feature: NonNullable<ScreenDef['feature']> } }) {
  const off = FEATURE_OFF[screen.feature];
  return (
    <>
      <PageHeader title={screen.title} />
      <Alert variant="info" data-testid="not-configured">
        <h2 className="h6 alert-heading">{off.title}</h2>
        <p className="mb-2">{off.text}</p>
        <Link to={ADMIN_ROUTE.dashboard}>Back to the dashboard</Link>
      </Alert>
    </>
  );
}

/** The part a screen needs, asked of the server once: shown while it is on, explained while it is off. */
function RequireFeature({ screen, children }: { screen: ScreenDef; children: ReactNode }) {
  const { features, isLoading } = useFeatures();
  if (screen.feature === undefined) return children;
  if (isLoading) return <Loading />;
  // Not known (the call failed): the screen itself shows what its own calls say.
  if (features === null || screenAvailable(screen, features)) return children;
  return <NotConfigured screen={{ ...screen, feature: screen.feature }} />;
}

/** A screen of SCREENS: its capability (DESIGN §7) first, then the part it needs set up. */
export function RequireScreen({ screen, children }: { screen: ScreenDef; children: ReactNode }) {
  return (
    <RequireCapability capability={screen.capability}>
      <RequireFeature screen={screen}>{children}</RequireFeature>
    </RequireCapability>
  );
}
