import type { Ctx } from '../../context.ts';
import { isCheckViolation, isUniqueViolation } from '../../db/kysely.ts';
import { own } from './tables.ts';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeSortCursor, sortCursor, toPage } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import { lockRow } from '../../lib/lock.ts';
import * as repo from './payments.repository.ts';
import type { GatewayRow } from './payments.repository.ts';
import type { CreateGateway, PaymentGateway, UpdateGateway } from './payments.schemas.ts';

const nowIso = (ctx: Ctx): string => ctx.clock.now().toISOString();
const fieldError = (field: string, message: string): AppError => badRequest(message, [{ field: `body/${field}`, message }]);

function cleanName(name: string): string {
  const n = name.trim();
  if (!n) throw fieldError('name', 'name must not be blank');
  return n;
}

export const toGateway = (r: GatewayRow): PaymentGateway => ({
  id: r.id,
  code: r.code,
  name: r.name,
  is_active: r.is_active === 1,
  sort_order: r.sort_order,
  min_amount: r.min_amount,
  max_amount: r.max_amount,
});

export async function listGateways(ctx: Ctx, query: { limit?: number; cursor?: string }, activeOnly: boolean) {
  const limit = query.limit ?? 20;
  const rows = await repo.listGateways(ctx.db, { activeOnly, after: decodeSortCursor(query.cursor), limit: limit + 1 });
  return toPage(rows, limit, sortCursor, toGateway);
}

function checkAmounts(min: number | null, max: number | null): void {
  if (min !== null && max !== null && min > max) throw fieldError('min_amount', 'min_amount must not exceed max_amount');
}

function gatewayWriteError(err: unknown, code: string | undefined): never {
  if (isUniqueViolation(err)) throw conflict('conflict', `A payment gateway with code "${code}" already exists`);
  if (isCheckViolation(err)) throw fieldError('min_amount', 'min_amount must not exceed max_amount');
  throw err;
}

export async function createGateway(ctx: Ctx, adminId: string, input: CreateGateway): Promise<PaymentGateway> {
  const name = cleanName(input.name);
  const now = nowIso(ctx);
  const row: GatewayRow = {
    id: newId(ctx.clock),
    code: input.code,
    name,
    is_active: input.is_active === false ? 0 : 1,
    sort_order: input.sort_order ?? 0,
    min_amount: input.min_amount ?? null,
    max_amount: input.max_amount ?? null,
    created_at: now,
    updated_at: now,
  };
  checkAmounts(row.min_amount, row.max_amount);
  try {
    await own(ctx.db).transaction().execute(async (trx) => {
      await repo.insertGateway(trx, row);
      await recordAudit(ctx, trx, { adminId, action: 'payment_gateway.create', entity: 'payment_gateway', entityId: row.id, before: null, after: toGateway(row) });
    });
  } catch (err) {
    gatewayWriteError(err, row.code);
  }
  return toGateway(row);
}

export async function updateGateway(ctx: Ctx, adminId: string, id: string, input: UpdateGateway): Promise<PaymentGateway> {
  const name = input.name === undefined ? undefined : cleanName(input.name);
  return own(ctx.db).transaction().execute(async (trx) => {
    if (!(await lockRow(own(trx), 'payment_gateways', id))) throw notFound('payment gateway');
    const current = (await repo.findGateway(trx, id))!;
    checkAmounts(input.min_amount !== undefined ? input.min_amount : current.min_amount, input.max_amount !== undefined ? input.max_amount : current.max_amount);
    try {
      // The CHECK constraint still guards min <= max if a concurrent update raced this one.
      await repo.updateGateway(trx, id, {
        ...(input.code !== undefined && { code: input.code }),
        ...(name !== undefined && { name }),
        ...(input.is_active !== undefined && { is_active: input.is_active ? 1 : 0 }),
        ...(input.sort_order !== undefined && { sort_order: input.sort_order }),
        ...(input.min_amount !== undefined && { min_amount: input.min_amount }),
        ...(input.max_amount !== undefined && { max_amount: input.max_amount }),
        updated_at: nowIso(ctx),
      });
    } catch (err) {
      gatewayWriteError(err, input.code);
    }
    const after = toGateway((await repo.findGateway(trx, id))!);
    await recordAudit(ctx, trx, { adminId, action: 'payment_gateway.update', entity: 'payment_gateway', entityId: id, before: toGateway(current), after });
    return after;
  });
}

export async function deleteGateway(ctx: Ctx, adminId: string, id: string): Promise<void> {
  await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await lockRow(own(trx), 'payment_gateways', id))) throw notFound('payment gateway');
    const before = toGateway((await repo.findGateway(trx, id))!);
    await repo.deleteGateway(trx, id);
    await recordAudit(ctx, trx, { adminId, action: 'payment_gateway.delete', entity: 'payment_gateway', entityId: id, before, after: null });
  });
}

/**
 * Which of the payment server's gateways (`codes`, in their own order) may take a top-up of
 * `amount`, as the admin's gateway records say: a record switched off, or whose bounds exclude
 * the amount, removes its gateway; a gateway with no record is offered (the payment server's own
 * settings decide, as before records existed). Recorded gateways come first in `sort_order`.
 */
export async function gatewaysForAmount(ctx: Ctx, codes: readonly string[], amount: number): Promise<{ code: string; name: string | null }[]> {
  const rows = await repo.gatewaysByCode(ctx.db, codes);
  const recorded = new Set(rows.map((r) => r.code));
  const fits = (r: GatewayRow) =>
    r.is_active === 1 && (r.min_amount === null || Number(r.min_amount) <= amount) && (r.max_amount === null || amount <= Number(r.max_amount));
  return [
    ...rows.filter(fits).map((r) => ({ code: r.code, name: r.name as string | null })),
    ...codes.filter((c) => !recorded.has(c)).map((code) => ({ code, name: null })),
  ];
}
