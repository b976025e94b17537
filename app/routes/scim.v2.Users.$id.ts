import { readScimJson, scimError, scimJson, scimRoute } from "~/api/scim.server";
import { getScimUser } from "~/models/scim.server";
import { scimPatchBody, scimUserBody, toScimUser } from "~/schemas/scim";
import { scimDeprovisionUser, scimPatchUser, scimReplaceUser } from "~/services/scim.server";

/** /scim/v2/Users/{id}: GET, PUT, PATCH (active, userName, name, externalId) and DELETE (deactivates; decision 069). */
export const { loader, action } = scimRoute({
  async GET({ params }, { base }) {
    const user = await getScimUser(params.id ?? "");
    return user ? scimJson(toScimUser(user, base)) : scimError(404, "No such user.");
  },
  async PUT({ request, params }, { base }) {
    const body = await readScimJson(request, scimUserBody);
    const result = await scimReplaceUser(params.id ?? "", body, new Date());
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return scimJson(toScimUser(result.value, base));
  },
  async PATCH({ request, params }, { base }) {
    const body = await readScimJson(request, scimPatchBody);
    const result = await scimPatchUser(params.id ?? "", body.Operations, new Date());
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return scimJson(toScimUser(result.value, base));
  },
  async DELETE({ params }) {
    const result = await scimDeprovisionUser(params.id ?? "", new Date());
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return new Response(null, { status: 204 });
  },
});
