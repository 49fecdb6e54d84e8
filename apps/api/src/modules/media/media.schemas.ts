import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';

export const UploadImageSchema = Type.Object({
  filename: Type.String({ maxLength: 255 }),
  data: Type.String({ minLength: 1 }),
});
export type UploadImage = Static<typeof UploadImageSchema>;

export const UploadedImageSchema = Type.Object({
  data: Type.Object({ url: Type.String(), content_type: Type.String(), bytes: Type.Integer() }),
});
export type UploadedImage = Static<typeof UploadedImageSchema>;
