import { z } from "zod";

/** The JSON of a single-use link (decision 039): POST|GET /api/event-types/{id}/single-use-links. */
export const singleUseLinkJsonSchema = z
  .object({
    id: z.string(),
    url: z.string().nullable().meta({
      description: "/{username}/{slug}?link=<token> on this site; null until you choose a username.",
      example: "https://scheduler.example/jane/intro-call?link=Qk3…",
    }),
    token: z.string(),
    used: z.boolean().meta({ description: 'A booking used it: the link shows "This link has been used".' }),
    revoked: z.boolean().meta({ description: "You revoked it before it was used." }),
    createdAt: z.string(),
    usedAt: z.string().nullable(),
    bookingId: z.string().nullable().meta({ description: "The booking that used it (its `_id` in GET /event)." }),
  })
  .meta({ id: "SingleUseLink" });

export type SingleUseLinkJson = z.infer<typeof singleUseLinkJsonSchema>;

export function singleUseLinkJson(
  row: {
    id: string;
    token: string;
    createdAt: Date;
    usedAt: Date | null;
    revokedAt: Date | null;
    eventId: string | null;
  },
  pageUrl: string | null,
): SingleUseLinkJson {
  return {
    id: row.id,
    url: pageUrl ? `${pageUrl}?link=${encodeURIComponent(row.token)}` : null,
    token: row.token,
    used: row.usedAt !== null,
    revoked: row.revokedAt !== null,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
    bookingId: row.eventId,
  };
}
