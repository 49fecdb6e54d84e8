/** Table types for SMS one-time passwords, reviewer login, password reset, email verification (issue 3). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OtpTables {}
