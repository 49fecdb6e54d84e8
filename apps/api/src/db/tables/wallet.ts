/** Table types for wallet ledger, daily spin, top-ups, webhook log (issue 5). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WalletTables {}
