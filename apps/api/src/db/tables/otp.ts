/** Table types for SMS one-time passwords, reviewer login, password reset, email verification. */

export type PhoneOtpPurpose = 'login' | 'reset_password' | 'account_deletion';
/** How the code was delivered: by SMS, not at all (reviewer phone), or never (no account for a reset). */
export type PhoneOtpChannel = 'sms' | 'reviewer' | 'none';

/** One live code per (purpose, phone). The row outlives its code so the resend cooldown holds. */
export interface PhoneOtpsTable {
  purpose: PhoneOtpPurpose;
  phone: string;
  /** HMAC-SHA256 of purpose|phone|code; null once spent or burned. */
  code_hash: string | null;
  channel: PhoneOtpChannel;
  attempts: number;
  sent_at: string;
  expires_at: string;
}

/** One pending email-ownership code per user. */
export interface EmailOtpsTable {
  user_id: string;
  email: string;
  code_hash: string | null;
  attempts: number;
  sent_at: string;
  expires_at: string;
}

/** What a signup carried for referral attribution; the referrals domain consumes it. */
export interface SignupReferralInputsTable {
  user_id: string;
  referral_code: string | null;
  referral_source: 'install_referrer' | 'manual' | null;
  ip: string | null;
  created_at: string;
}

export interface OtpTables {
  phone_otps: PhoneOtpsTable;
  email_otps: EmailOtpsTable;
  signup_referral_inputs: SignupReferralInputsTable;
}
