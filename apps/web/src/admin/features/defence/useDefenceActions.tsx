import type { DefencePackType } from '@eta/shared';
import { type ReactNode, useState } from 'react';
import { DefencePackModal } from './DefencePackModal.tsx';
import { TransactionDetailsModal, type TransactionOrder } from './TransactionDetailsModal.tsx';

export interface DefenceActions {
  /** OrderActionsBar's onDefencePack */
  openDefencePack: (type: DefencePackType) => void;
  /** OrderActionsBar's onTransactionDetails */
  openTransactionDetails: () => void;
  /** the modals, to render once on the page (nothing until the order is loaded) */
  modals: ReactNode;
}

/**
 * What the order detail mounts for the defence buttons of SPEC §2: Defence Pack 1 and 2 and Enter
 * Transaction Details. A hook, so it is called before the page's loading returns; `order` is
 * undefined until the detail has loaded. `reload` refetches the order after a save (SPEC §8).
 */
export function useDefenceActions(order: TransactionOrder | undefined, reload: () => void): DefenceActions {
  const [pack, setPack] = useState<DefencePackType | null>(null);
  const [transaction, setTransaction] = useState(false);
  return {
    openDefencePack: setPack,
    openTransactionDetails: () => setTransaction(true),
    modals: order ? (
      <>
        <DefencePackModal orderId={order.order_id} type={pack} onHide={() => setPack(null)} />
        <TransactionDetailsModal
          show={transaction}
          order={order}
          onHide={() => setTransaction(false)}
          onSaved={reload}
        />
      </>
    ) : null,
  };
}
