import { z } from 'zod';
import { limits } from '../limits';
import { dataExportStatuses } from '../vocabulary/privacy';
import { otpCode } from './auth';
import { dbId } from './common';

/**
 * Privacy self-service (docs/decisions/017-privacy.md): "download my data" and "delete my account".
 * An export is made in the background; its zip can be downloaded by its owner for 24 hours.
 */

export const dataExportOut = z.object({
  id: z.number().int(),
  status: z.enum(dataExportStatuses),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /** Until when the zip can be downloaded (24 hours after it was ready). */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** The API path of the zip while it is ready; null otherwise. */
  download_url: z.string().nullable(),
});
export type DataExportOut = z.infer<typeof dataExportOut>;

export const dataExportList = z.object({ results: z.array(dataExportOut) });
export type DataExportList = z.infer<typeof dataExportList>;

/**
 * `DELETE /api/account/`: confirmed by the password, or by a code mailed with
 * `POST /api/account/deletion-code/` (accounts without a password sign in with codes or Google).
 * An owner alone in their company says `delete_company: true` to delete it with the account; an
 * owner with recruiters names one of them the new owner (`new_owner_id`).
 */
export const accountDeleteRequest = z
  .object({
    password: z.string().min(1, 'Enter your password.').max(limits.passwordMax).optional(),
    otp: otpCode.optional(),
    delete_company: z.boolean().optional(),
    /** An owner whose company has recruiters hands it to one of them (their user id) with the deletion. */
    new_owner_id: dbId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined && v.otp === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password, or the code we e-mailed you.' });
    }
    if (v.password !== undefined && v.otp !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['otp'], message: 'Send either your password or a code, not both.' });
    }
  });
export type AccountDeleteRequest = z.infer<typeof accountDeleteRequest>;

export const deletionCodeOut = z.object({ detail: z.string(), expires_at: z.string() });
export type DeletionCodeOut = z.infer<typeof deletionCodeOut>;
