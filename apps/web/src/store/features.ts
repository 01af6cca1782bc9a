import { FEATURES_API, type Feature, type Features, type ScreenDef } from '@eta/shared';
import { type ReplyOf, requestOf } from '../lib/endpoint.ts';
import { baseApi } from './baseApi.ts';

/**
 * What this installation has set up (GET /api/admin/features): fixed while the server runs, so it
 * is asked once a session and kept. Here rather than in a feature: the shell (sidebar, routes) and
 * several features read it.
 */
const featuresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    features: build.query<ReplyOf<typeof FEATURES_API.features>, void>({
      query: () => requestOf(FEATURES_API.features),
      keepUnusedDataFor: 24 * 3600,
    }),
  }),
});

/** The installation's features, or null while not known (not asked yet, or the call failed). */
export function useFeatures(): { features: Features | null; isLoading: boolean } {
  const { data, isLoading } = featuresApi.useFeaturesQuery();
  return { features: data?.data ?? null, isLoading };
}

/** Whether a part is set up; false while not known, so nothing that may be off shows before the answer. */
export function useFeatureOn(feature: Feature): boolean {
  return useFeatures().features?.[feature] === true;
}

/** A screen can have content here: it needs no part, or the part it needs is on. */
export const screenAvailable = (screen: ScreenDef, features: Features | null): boolean =>
  screen.feature === undefined || features?.[screen.feature] === true;
