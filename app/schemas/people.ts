import { z } from "zod";

/** PUT /api/admin/users/{id}/active (decision 068). */
export const userActiveBody = z.object({
  active: z.boolean({ error: "active: true or false." }),
});

export const userActiveSchema = z
  .object({
    id: z.uuid(),
    active: z.boolean(),
  })
  .meta({ id: "UserActive" });

/** POST /api/admin/scim-token (decision 069): the token, shown this once. */
export const scimTokenSchema = z.object({ token: z.string() }).meta({ id: "ScimToken" });
