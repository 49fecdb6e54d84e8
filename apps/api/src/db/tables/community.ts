/** Table types for referrals, account deletion, support tickets, admin users (issue 6). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CommunityTables {}
