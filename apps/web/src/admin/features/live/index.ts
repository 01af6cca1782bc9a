// What other parts of the admin may use from the live stream (docs/architecture/boundaries.md, Boundaries: the web).
// Its state is the store's (store/liveSlice.ts), so screens select it from there.
export { newOrdersText } from './liveTexts.ts';
export { OrderLiveNotes } from './OrderLiveNotes.tsx';
export { useLiveStream } from './useLiveStream.ts';
export { useOrderLive } from './useOrderLive.ts';
export { useQueueLive } from './useQueueLive.ts';
