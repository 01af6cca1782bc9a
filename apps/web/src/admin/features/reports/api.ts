import { REPORTS_API, type ReportRange } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** SPEC §7: `{ fromDate?, toDate? }`, open ends left out. */
const body = (range: ReportRange) => ({
  ...(range.fromDate ? { fromDate: range.fromDate } : {}),
  ...(range.toDate ? { toDate: range.toDate } : {}),
});

/** Reports load on request (mount and Submit), each load with its SPEC §8 toast: lazy queries. */
const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCountryOrderCount: build.query<ReplyOf<typeof REPORTS_API.countryOrders>, ReportRange>({
      query: (range) => requestOf(REPORTS_API.countryOrders, { body: body(range) }),
    }),
    getProcessedByCount: build.query<ReplyOf<typeof REPORTS_API.processedBy>, ReportRange>({
      query: (range) => requestOf(REPORTS_API.processedBy, { body: body(range) }),
    }),
  }),
});

export const { useLazyGetCountryOrderCountQuery, useLazyGetProcessedByCountQuery } = reportsApi;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const reportEndpoints = reportsApi.endpoints;
