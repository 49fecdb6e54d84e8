import { Type } from 'typebox';

/**
 * The shapes of what the payment server answers (TypeBox). Pages are HTML; the error handler
 * answers `{error, message?}` to callers that do not ask for HTML, with any route's status.
 */
export const ErrorSchema = Type.Object({ error: Type.String(), message: Type.Optional(Type.String()) });

const HtmlSchema = Type.String({ description: 'an HTML page' });

/** A page, or the error body for non-browser callers, for each status code a page route answers. */
export const pageResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { content: { 'text/html': { schema: HtmlSchema }, 'application/json': { schema: ErrorSchema } } }]));

/**
 * The forms posted to us (the hosted page's buttons, gateway A's redirect): string fields, the
 * ones we read named, and any others a gateway adds still accepted, as strings.
 */
export const TokenFormSchema = Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: Type.String() });
export const GatewayAResponseFormSchema = Type.Object({ encResp: Type.Optional(Type.String()) }, { additionalProperties: Type.String() });

/** What the webhook answers gateway B once the event is verified (errors: ErrorSchema). */
export const WebhookAnswerSchema = Type.Object({ received: Type.Literal(true), handled: Type.Boolean(), credited: Type.Optional(Type.Boolean()) });
