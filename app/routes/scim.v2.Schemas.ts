import { scimJson, scimRoute } from "~/api/scim.server";
import { scimSchemas } from "~/schemas/scim-discovery";

/** GET /scim/v2/Schemas (RFC 7644 §4): the User and Group attributes this service handles (decision 069). */
export const { loader, action } = scimRoute({
  async GET(_args, { base }) {
    return scimJson(scimSchemas(base));
  },
});
