import type { FolderDef } from '@eta/shared';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { selectLiveChanges } from '../../../store/liveSlice.ts';
import { type QueueArgs, queuesUtil } from './api.ts';
import { applyLiveChanges } from './liveRows.ts';

/**
 * Applies each order change heard on the live stream to the page on screen, as it arrives. A page
 * still on its way gets the changes heard meanwhile when it lands (the getQueue query does that).
 */
export function useLiveRows(args: QueueArgs, folder: FolderDef): void {
  const dispatch = useAppDispatch();
  const changes = useAppSelector(selectLiveChanges);
  // what was heard before this screen read its page is in that page already
  const seen = useRef(changes);
  useEffect(() => {
    const before = seen.current;
    seen.current = changes;
    // the slice keeps each order's latest change, re-inserted on each event: new objects are news
    const heard = Object.values(changes).filter((change) => before[change.orderId] !== change);
    if (heard.length === 0) return;
    dispatch(
      queuesUtil.updateQueryData('getQueue', args, (reply) => applyLiveChanges(reply, folder, args.userName, heard)),
    );
  }, [changes, args, folder, dispatch]);
}
