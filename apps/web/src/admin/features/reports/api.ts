import type { ApiEnvelope, CountryReportRow, ProcessedByReportRow, ReportRange } from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

/** SPEC §7: `{ fromDate?, toDate? }`, open ends left out. */
const body = (range: ReportRange) => ({
  ...(range.fromDate ? { fromDate: range.fromDate } : {}),
  ...(range.toDate ? { toDate: range.toDate } : {}),
});

/** Reports load on request (mount and Submit), each load with its SPEC §8 toast: lazy queries. */
const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCountryOrderCount: build.query<ApiEnvelope<CountryReportRow[]>, ReportRange>({
      query: (range) => ({ url: 'admin/get-country-order-count', method: 'POST', body: body(range) }),
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<CountryReportRow[]>,
    }),
    getProcessedByCount: build.query<ApiEnvelope<ProcessedByReportRow[]>, ReportRange>({
      query: (range) => ({ url: 'admin/get-processed-by-count', method: 'POST', body: body(range) }),
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<ProcessedByReportRow[]>,
    }),
  }),
});

export const { useLazyGetCountryOrderCountQuery, useLazyGetProcessedByCountQuery } = reportsApi;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const reportEndpoints = reportsApi.endpoints;
