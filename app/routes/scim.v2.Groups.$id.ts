import { readScimJson, scimError, scimJson, scimRoute } from "~/api/scim.server";
import { getScimGroup } from "~/models/scim.server";
import { scimGroupBody, scimPatchBody, toScimGroup } from "~/schemas/scim";
import { scimDeleteGroup, scimPatchGroup, scimReplaceGroup } from "~/services/scim.server";

/** /scim/v2/Groups/{id}: a team as a Group: GET, PUT, PATCH (members, displayName) and DELETE (decision 069). */
export const { loader, action } = scimRoute({
  async GET({ request, params }, { base }) {
    const group = await getScimGroup(params.id ?? "");
    const members = !/\bmembers\b/i.test(new URL(request.url).searchParams.get("excludedAttributes") ?? "");
    return group ? scimJson(toScimGroup(group, base, members)) : scimError(404, "No such group.");
  },
  async PUT({ request, params }, { base }) {
    const body = await readScimJson(request, scimGroupBody);
    const result = await scimReplaceGroup(params.id ?? "", body);
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return scimJson(toScimGroup(result.value, base));
  },
  async PATCH({ request, params }, { base }) {
    const body = await readScimJson(request, scimPatchBody);
    const result = await scimPatchGroup(params.id ?? "", body.Operations);
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return scimJson(toScimGroup(result.value, base));
  },
  async DELETE({ params }) {
    const result = await scimDeleteGroup(params.id ?? "");
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    return new Response(null, { status: 204 });
  },
});
