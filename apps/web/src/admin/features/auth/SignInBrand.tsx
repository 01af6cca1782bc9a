import { PORTAL_NAME } from '@eta/shared';

/** The left half of the sign-in card; hidden on phones (below 768 px) where the form needs the room. */
export function SignInBrand() {
  return (
    <div className="signin-brand">
      <div>
        <p className="text-uppercase small fw-semibold mb-2 opacity-75">UK Electronic Travel Authorisation</p>
        <h2 className="h3 fw-bold mb-3">{PORTAL_NAME}</h2>
        <p className="mb-0 opacity-75">
          Work the order queues, upload approved eTAs, and keep every customer informed from one place.
        </p>
      </div>
      <ul className="signin-brand-list">
        <li>Order queues with live counts</li>
        <li>Documents, mails and remarks</li>
        <li>Refunds and chargeback defence</li>
      </ul>
    </div>
  );
}
