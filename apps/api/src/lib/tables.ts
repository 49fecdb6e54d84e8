/** The tables no domain owns: the rate limiter's counters (rate-limit.ts). */
import { tablesOf } from './db-types.ts';

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface LibTables {
  rate_limits: RateLimitsTable;
}

export const own = tablesOf<LibTables>();
