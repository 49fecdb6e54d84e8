/** The meta module owns no table; its readiness check runs `select 1` through this handle. */
import { tablesOf } from '../../lib/db-types.ts';

export const own = tablesOf<Record<never, never>>();
