import { REPORTS_API, type TrendGroup } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';
import { trendBody } from './trend.ts';

/** The dashboard's trend: one call per grouping, cached for a minute like the rest (baseApi). */
const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderTrend: build.query<ReplyOf<typeof REPORTS_API.orderTrend>, TrendGroup>({
      query: (groupBy) => requestOf(REPORTS_API.orderTrend, { body: trendBody(groupBy, Date.now()) }),
    }),
  }),
});

export const { useGetOrderTrendQuery } = dashboardApi;
