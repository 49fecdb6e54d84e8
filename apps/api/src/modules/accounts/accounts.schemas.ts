import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';

export const UserSchema = Type.Object({
  id: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  full_name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean(),
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  is_admin: Type.Boolean(),
  referral_code: Type.Union([Type.String(), Type.Null()]),
  referred_by: Type.Union([Type.String(), Type.Null()], { description: 'id of the user whose referral brought this one (set once, at sign-up)' }),
  created_at: Type.String(),
});
export type User = Static<typeof UserSchema>;

export const FullNameSchema = Type.String({ minLength: 1, maxLength: 120 });
export const EmailSchema = Type.String({ format: 'email', maxLength: 254 });

export const PatchMeSchema = Type.Object(
  {
    full_name: Type.Optional(FullNameSchema),
    email: Type.Optional(Type.Union([EmailSchema, Type.Null()])),
  },
  // At least one known field: a body of unknown fields is a 400, not a silent no-op.
  { anyOf: [{ required: ['full_name'] }, { required: ['email'] }] },
);
export type PatchMe = Static<typeof PatchMeSchema>;

/**
 * The person an admin item names (docs/contracts.md §11, "People, not ids"): name and phone for a
 * live user, `null` fields for a deleted (anonymised) or unknown one.
 */
export const PersonSchema = Type.Object(
  { id: Type.String(), full_name: Type.Union([Type.String(), Type.Null()]), phone: Type.Union([Type.String(), Type.Null()]) },
  { description: 'the user named by user_id: null name and phone for a deleted user' },
);
export type Person = Static<typeof PersonSchema>;
