import { Type } from './typebox.ts';

/** The optional `Idempotency-Key` header of a retry-safe write (orders, refunds, wallet adjustments). */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' })),
});

/** The same header, required (a bulk write is always retry-safe). */
export const RequiredIdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' }),
});
