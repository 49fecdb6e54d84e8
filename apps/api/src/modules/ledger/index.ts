/** The ledger: wallets' balances and their movements, and the check that they agree. It has no routes; the wallet module answers them. */
export { applyMovement, insufficientCredits, toTransaction, type Movement, type Transaction, type TransactionType } from './ledger.ts';
export { orderPaymentCtes, DEBIT_REFUSALS, DEBIT, WALLET_VERDICT, type DebitRefusal } from './ledger.ts';
export { createWallet, exportTransactions, findTransaction, findWallet, listTransactions, walletTransactions, type TransactionRow, type WalletRow } from './ledger.repository.ts';
export { advanceCheckpoints, failureDetail, lastRun, walletsLive, type LiveBalances, type WalletFailure, type WalletTotals } from './checkpoints.ts';
export { entryIdAfter } from './entry-id.ts';
export type { LedgerView } from './tables.ts';
