import { scimJson, scimRoute } from "~/api/scim.server";
import { scimResourceTypes } from "~/schemas/scim-discovery";

/** GET /scim/v2/ResourceTypes (RFC 7644 §4): Users and Groups (decision 069). */
export const { loader, action } = scimRoute({
  async GET(_args, { base }) {
    return scimJson(scimResourceTypes(base));
  },
});
