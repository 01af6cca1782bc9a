import { API_STATUS, type LiveEvent } from '@eta/shared';
import { useEffect } from 'react';
import { reportUnauthorized } from '../../../lib/api.ts';
import { readToken } from '../../../lib/session.ts';
import { baseApi } from '../../../store/baseApi.ts';
import { selectUser, useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { liveClosed, liveNotified, liveOpened, liveOrderChanged, livePresence } from '../../../store/liveSlice.ts';
import { startLiveStream } from './liveStream.ts';

/**
 * The signed-in frame's live stream (DESIGN §18): counts go straight into the sidebar's and the
 * dashboard's cache entry, order changes and presence into the live slice the screens read.
 */
export function useLiveStream(): void {
  const dispatch = useAppDispatch();
  const userName = useAppSelector(selectUser)?.name ?? '';

  useEffect(() => {
    if (!userName) return;
    const onEvent = (event: LiveEvent) => {
      switch (event.event) {
        case 'counts':
          void dispatch(
            baseApi.util.upsertQueryData('getFolderCount', userName, {
              status: API_STATUS.ok,
              message: 'Folder count',
              data: event.data,
            }),
          );
          return;
        case 'order':
          dispatch(liveOrderChanged({ ...event.data, at: Date.now() }));
          return;
        case 'presence':
          dispatch(livePresence(event.data));
          return;
        case 'notification':
          // the bell reads it from the live slice (features/notifications)
          dispatch(liveNotified(event.data));
          return;
      }
    };
    return startLiveStream({
      token: readToken,
      onEvent,
      onOpen: (again) => dispatch(liveOpened({ again })),
      onClosed: () => dispatch(liveClosed()),
      onUnauthorized: reportUnauthorized,
    });
  }, [userName, dispatch]);
}
