import { Type } from '../../lib/typebox.ts';
import { PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from './permissions.ts';
import { PasswordSchema, PhoneSchema } from './auth.schemas.ts';

export const StaffRoleSchema = Type.Unsafe<StaffRole>({ type: 'string', enum: [...STAFF_ROLES], description: 'a staff role (docs/contracts.md, "Staff roles")' });
const PermissionSchema = Type.Unsafe<Permission>({ type: 'string', enum: [...PERMISSIONS] });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** Any short string: a malformed code is a wrong one. */
export const CodeSchema = Type.String({ minLength: 1, maxLength: 32, description: 'a 6-digit TOTP code, or a recovery code' });

export const StaffMemberSchema = Type.Object({
  id: Type.String(),
  phone: Nullable(Type.String()),
  full_name: Type.String(),
  role: StaffRoleSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('disabled')]),
  mfa_enabled: Type.Boolean(),
  invite_expires_at: Nullable(Type.String()),
  created_at: Type.String(),
});

export const InviteBodySchema = Type.Object({
  phone: PhoneSchema,
  role: StaffRoleSchema,
  full_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const UpdateStaffBodySchema = Type.Object(
  { role: Type.Optional(StaffRoleSchema), disabled: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);

export const AcceptInviteBodySchema = Type.Object({
  phone: PhoneSchema,
  code: Type.String({ minLength: 1, maxLength: 16, description: 'the 6-digit code from the SMS' }),
  password: PasswordSchema,
  full_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const AcceptedInviteSchema = Type.Object({ id: Type.String(), phone: Nullable(Type.String()), full_name: Type.String(), role: StaffRoleSchema });

export const MfaLoginBodySchema = Type.Object({ mfa_token: Type.String({ minLength: 1, maxLength: 200 }), code: CodeSchema });

/** Enrolling or turning off one's own two-factor sign-in: the signed-in token alone is not enough. */
const CurrentPasswordSchema = Type.String({ minLength: 1, maxLength: 128, description: "the caller's current password" });

export const CurrentPasswordBodySchema = Type.Object({ current_password: CurrentPasswordSchema });

export const CodeBodySchema = Type.Object({ code: CodeSchema, current_password: CurrentPasswordSchema });

export const AdminMeSchema = Type.Object({
  id: Type.String(),
  phone: Nullable(Type.String()),
  full_name: Type.String(),
  role: Type.Union([StaffRoleSchema, Type.Null()]),
  permissions: Type.Array(PermissionSchema),
  mfa: Type.Object({
    enabled: Type.Boolean(),
    required: Type.Boolean({ description: 'ADMIN_REQUIRE_MFA: a session without a proven second factor may only enrol' }),
    session_verified: Type.Boolean({ description: 'this session proved a second factor' }),
    recovery_codes_left: Type.Integer(),
  }),
});

export const MfaSetupSchema = Type.Object({
  secret: Type.String({ description: 'base32, for typing into an authenticator app' }),
  otpauth_uri: Type.String(),
  qr_svg: Type.String({ description: 'the otpauth URI as a QR code: an SVG data URL' }),
  period: Type.Integer(),
  digits: Type.Integer(),
});

export const RecoveryCodesSchema = Type.Object({ recovery_codes: Type.Array(Type.String(), { description: 'ten single-use codes, shown this once' }) });

export const StaffIdParamsSchema = Type.Object({ id: Type.String() });

export const AdminSessionSchema = Type.Object({
  id: Type.String(),
  created_at: Type.String({ description: 'when the staff member signed in' }),
  last_refreshed_at: Type.String({ description: 'when the session last got tokens (its sign-in or its latest refresh)' }),
  mfa_verified: Type.Boolean({ description: 'the session proved a second factor' }),
  current: Type.Boolean({ description: 'the session making this request' }),
});

export const AdminSessionsSchema = Type.Object({ items: Type.Array(AdminSessionSchema) });

export const SessionIdParamsSchema = Type.Object({ id: Type.String() });
