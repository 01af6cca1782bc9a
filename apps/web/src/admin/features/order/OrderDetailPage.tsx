import {
  can,
  DEFAULT_MAIL_PROVIDER,
  decodeOrderRef,
  heldMessage,
  holdBlocks,
  isRejectedDocument,
  MAIL_STATUS,
  type MailProvider,
  moveRefusal,
  ORDER_ID_PATTERN,
  type OrderDetail,
  type Role,
  STATUS,
} from '@eta/shared';
import { useEffect, useLayoutEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { isUnauthorized } from '../../../lib/apiError.ts';
import { selectUser, useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { selectLiveReconnects } from '../../../store/liveSlice.ts';
import { showOrderDetails } from '../../../store/orderSlice.ts';
import { useDefenceActions } from '../defence/index.ts';
import { DisputesSection } from '../disputes/index.ts';
import { FollowUpPanel } from '../follow-ups/index.ts';
import { SendInvoiceButton } from '../invoices/index.ts';
import { OrderLiveNotes, useOrderLive } from '../live/index.ts';
import { PrivacySection, WhoOpened } from '../privacy/index.ts';
import { useCameThroughNextOrder, useNextOrder } from '../queues/index.ts';
import { RefundsSection } from '../refunds/index.ts';
import { useGetOrderDetailQuery } from './api.ts';
import { CommentPanel } from './CommentPanel.tsx';
import { EmailContentModal } from './EmailContentModal.tsx';
import { MoveButtons } from './MoveButtons.tsx';
import { OrderActionsBar } from './OrderActionsBar.tsx';
import { NEW_ORDERS, OrderHeader } from './OrderHeader.tsx';
import { Activity } from './sections/Activity.tsx';
import { AdditionalQuestions } from './sections/AdditionalQuestions.tsx';
import { ApplicantImages } from './sections/ApplicantImages.tsx';
import { CommentHistory } from './sections/CommentHistory.tsx';
import { Conversation } from './sections/Conversation.tsx';
import { DownloadHistory } from './sections/DownloadHistory.tsx';
import { EmailHistory } from './sections/EmailHistory.tsx';
import { OrderInfo } from './sections/OrderInfo.tsx';
import { PaymentDetails } from './sections/PaymentDetails.tsx';
import { PersonalInfo } from './sections/PersonalInfo.tsx';
import { RelatedOrders } from './sections/RelatedOrders.tsx';
import { UploadDocument } from './sections/UploadDocument.tsx';
import { WriteToCustomer } from './sections/WriteToCustomer.tsx';
import {
  selectOrderDetails,
  selectOrderDetailsRefusal,
  selectOrderDetailsReply,
  selectShownOrderId,
} from './selectors.ts';
import { ORDER_TEXT } from './texts.ts';
import { useDetailKeys } from './useDetailKeys.ts';
import { useDocumentActions } from './useDocumentActions.ts';
import './order.css';
import './forms.css';
import './tables.css';
import { ScreenSkipLink } from '../../../components/SkipLinks.tsx';

/** The worker sends within seconds; retries back off for minutes, and polling stops once none is queued. */
const MAIL_POLL_MS = 4000;

function OrderNotFound({ message }: { message?: string }) {
  usePageTitle(ORDER_TEXT.notFoundTitle);
  return (
    <Card body className="shadow-sm border-0 text-center py-4" data-testid="order-not-found">
      <h1 className="h4">{ORDER_TEXT.notFoundTitle}</h1>
      <p className="text-secondary">{message ?? ORDER_TEXT.notFoundBody}</p>
      <Link to={NEW_ORDERS}>{ORDER_TEXT.backToOrders}</Link>
    </Card>
  );
}

/** The side panel 'Add Comment Below' of SPEC §2: the remark form, then the move buttons. */
function SidePanel({
  order,
  role,
  locked,
  noteLocked,
}: {
  order: OrderDetail;
  role: Role | null;
  locked: boolean;
  noteLocked: boolean;
}) {
  return (
    <aside className="order-side" id="add-comment" aria-labelledby="add-comment-title">
      <Card className="shadow-sm border-0">
        <Card.Header className="detail-section-header">
          <h2 id="add-comment-title" className="h6 mb-0">
            Add Comment Below
          </h2>
        </Card.Header>
        <Card.Body>
          <CommentPanel orderId={order.order_id} locked={noteLocked} />
          {role && (
            <div className="move-panel">
              <h3 className="h6 text-secondary mb-2">{ORDER_TEXT.moveOrder}</h3>
              <MoveButtons
                orderId={order.order_id}
                status={order.process_status}
                role={role}
                locked={locked}
                hasApprovedEta={order.uploadDoc[0] !== undefined && !isRejectedDocument(order.uploadDoc[0])}
              />
            </div>
          )}
        </Card.Body>
      </Card>
      <FollowUpPanel key={order.follow_up_on ?? ''} order={order} locked={locked} />
    </aside>
  );
}

function OrderDetailView({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const role = useAppSelector((state) => state.auth.role);
  const [mailPending, setMailPending] = useState(false);
  // Several members work the same orders: opening one always asks the server afresh. While a mail
  // waits in the outbox the order is read again every few seconds, so its fate shows without a click.
  const detail = useGetOrderDetailQuery(orderId, {
    refetchOnMountOrArgChange: true,
    pollingInterval: mailPending ? MAIL_POLL_MS : 0,
  });
  // SPEC §3 orderDetails: the order lives in the cache; the slice says which one is open, until the
  // screen closes. A layout effect, so no frame is painted before it points at this order.
  useLayoutEffect(() => {
    dispatch(showOrderDetails(orderId));
    return () => void dispatch(showOrderDetails(null));
  }, [orderId, dispatch]);
  const shown = useAppSelector(selectShownOrderId) === orderId;
  const envelope = useAppSelector(selectOrderDetailsReply);
  const refusal = useAppSelector(selectOrderDetailsRefusal);
  const order = useAppSelector(selectOrderDetails) ?? undefined;
  const queued = order?.mailHistory.some((mail) => mail.status === MAIL_STATUS.queued) ?? false;
  useEffect(() => setMailPending(queued), [queued]);
  const [provider, setProvider] = useState<MailProvider>(DEFAULT_MAIL_PROVIDER);
  const [emailOpen, setEmailOpen] = useState(false);
  const defence = useDefenceActions(order, () => void detail.refetch());
  // Working live (DESIGN §18): who else is here, whether someone changed it, and a re-read after a lost stream
  const me = useAppSelector(selectUser)?.name ?? '';
  const live = useOrderLive(orderId, detail.fulfilledTimeStamp, me);
  const reconnects = useAppSelector(selectLiveReconnects);
  const { refetch } = detail;
  useEffect(() => {
    if (reconnects > 0) void refetch();
  }, [reconnects, refetch]);
  // the worker sent (or gave up on) one of its mails: Email History shows it at once, no banner
  const { mailSettled } = live;
  useEffect(() => {
    if (mailSettled) void refetch();
  }, [mailSettled, refetch]);
  const actions = useDocumentActions(orderId);
  useDetailKeys();
  // DESIGN §23: opened through Next order, Upload & complete goes on to the next one of the same pick
  const cameThrough = useCameThroughNextOrder();
  const { next } = useNextOrder();

  if (!shown || detail.isLoading || (!envelope && !refusal && detail.isFetching)) return <Loading />;
  if (!order) {
    if (isUnauthorized(refusal)) return <Loading />;
    return <OrderNotFound message={refusal?.message ?? envelope?.message} />;
  }

  const hold = { process_status: order.process_status, held: order.assign_to !== '', heldByMe: order.assigned_to_me };
  const locked = role !== null && holdBlocks(role, hold);
  // a remark is a note, which the hold lets through (DESIGN §23): the remark box stays open
  const noteLocked = role !== null && holdBlocks(role, hold, 'note');

  return (
    <>
      {/* WCAG 2.4.1: the remark box and the moves sit after eleven sections in reading order */}
      <ScreenSkipLink targetId="add-comment" label="Skip to Add Comment" />
      <OrderHeader order={order} refreshing={detail.isFetching} onRefresh={() => void detail.refetch()} />
      <OrderLiveNotes live={live} me={me} onReload={() => void detail.refetch()} />
      {locked && (
        <Alert variant="warning">
          {heldMessage(order.assign_to)}
          {!noteLocked && ` ${ORDER_TEXT.noteStillOpen}`}
        </Alert>
      )}
      <div className="order-layout">
        <div className="order-main">
          {order.mailHistory.length > 0 && (
            <EmailHistory
              mails={order.mailHistory}
              retrying={actions.retryingId}
              onRetry={(mail) => void actions.retry(mail.id)}
            />
          )}
          {/* a new document or an erasure starts the form afresh: after an erasure it holds no address */}
          <UploadDocument
            key={`${order.uploadDoc[0]?.id ?? 0}-${order.data_removal.personal_erased_at ?? ''}`}
            order={order}
            provider={provider}
            onProvider={setProvider}
            actions={actions}
            locked={locked}
            canComplete={role !== null && moveRefusal(order.process_status, STATUS.Completed, role) === null}
            onCompleted={() => void (cameThrough && next(cameThrough))}
          />
          <OrderInfo order={order} />
          <RelatedOrders related={order.relatedOrders} />
          <Conversation mails={order.conversation}>
            <WriteToCustomer order={order} provider={provider} onProvider={setProvider} locked={locked} />
          </Conversation>
          <ApplicantImages order={order} />
          <PersonalInfo order={order} />
          <AdditionalQuestions order={order} />
          <PaymentDetails order={order} />
          <DisputesSection order={order} locked={locked} />
          <RefundsSection orderId={order.order_id} locked={locked} />
          <DownloadHistory order={order} provider={provider} actions={actions} locked={locked} />
          <Activity events={order.events}>
            {role && can(role, 'audit.read') && <WhoOpened orderId={order.order_id} />}
          </Activity>
          <PrivacySection order={order} reload={() => void detail.refetch()} />
          <CommentHistory remarks={order.remark} />
        </div>
        <SidePanel order={order} role={role} locked={locked} noteLocked={noteLocked} />
      </div>
      <OrderActionsBar
        status={order.process_status}
        onViewEmailContent={() => setEmailOpen(true)}
        onDefencePack={defence.openDefencePack}
        onTransactionDetails={defence.openTransactionDetails}
      >
        <SendInvoiceButton orderId={order.order_id} email={order.contact_email_address} />
      </OrderActionsBar>
      <EmailContentModal orderId={order.order_id} show={emailOpen} onHide={() => setEmailOpen(false)} />
      {defence.modals}
    </>
  );
}

/** /admin/view-order/{ref}: the order id travels base64url-encoded in the path (DESIGN §5). */
export function OrderDetailPage() {
  const { orderRef = '' } = useParams();
  const orderId = decodeOrderRef(orderRef);
  if (orderId === null || !ORDER_ID_PATTERN.test(orderId)) return <OrderNotFound />;
  // Keyed by order: another order's forms and modals never carry over.
  return <OrderDetailView key={orderId} orderId={orderId} />;
}
