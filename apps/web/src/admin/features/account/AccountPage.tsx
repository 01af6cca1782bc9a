import { ADMIN_ROUTE, SCREENS, type SessionRecord } from '@eta/shared';
import Card from 'react-bootstrap/Card';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { ShortcutSettings } from '../keys/index.ts';
import { BrowserNotificationsCard } from '../notifications/index.ts';
import { useGetAccountQuery, useGetSessionsQuery, useRevokeSessionMutation } from './api.ts';
import { SessionsTable } from './SessionsTable.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import './account.css';

/** The member's own account (DESIGN §17): two-factor sign-in and the sessions still open. */
export function AccountPage() {
  const navigate = useNavigate();
  const account = useGetAccountQuery();
  const sessions = useGetSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  const data = account.error ? undefined : account.data?.data;
  const open = sessions.error ? undefined : sessions.data?.data;

  const end = async (session: SessionRecord) => {
    if (session.current) {
      await navigate(ADMIN_ROUTE.logout);
      return;
    }
    const envelope = await revoke(session.id).unwrap().catch(refused);
    if (envelope) notify(envelope);
  };

  return (
    <>
      <PageHeader title={SCREENS.account.title} />
      {!data ? (
        <Loading />
      ) : (
        <>
          <p className="text-secondary">
            {data.name} · {data.email} · {data.type}
          </p>
          <TwoFactorCard account={data.twoFactor} email={data.email} />
        </>
      )}
      <BrowserNotificationsCard />
      <ShortcutSettings />
      <Card className="shadow-sm border-0">
        <Card.Body>
          <h2 className="h5">My sessions</h2>
          <p className="text-secondary small">
            Every browser signed in to your account. End one you do not recognise, then change your password.
          </p>
          {open ? <SessionsTable sessions={open} owner="your" busy={revoking.isLoading} onEnd={end} /> : <Loading />}
        </Card.Body>
      </Card>
    </>
  );
}
