/** Table types for orders, refunds, reconciliation (issue 5). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrdersTables {}
