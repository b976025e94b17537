import { readScimJson, scimError, scimJson, scimRoute } from "~/api/scim.server";
import { listScimGroups } from "~/models/scim.server";
import { parseScimFilter, scimGroupBody, scimList, scimPage, toScimGroup } from "~/schemas/scim";
import { scimCreateGroup } from "~/services/scim.server";

const GROUP_FILTERS = ["displayname", "externalid", "id"] as const;

/** GET /scim/v2/Groups (filter `displayName eq "..."`; `excludedAttributes=members`) and POST: Groups are teams (decision 069). */
export const { loader, action } = scimRoute({
  async GET({ request }, { base }) {
    const query = new URL(request.url).searchParams;
    const raw = query.get("filter");
    const parsed = raw ? parseScimFilter(raw) : null;
    if (raw && (!parsed || !(GROUP_FILTERS as readonly string[]).includes(parsed.attribute))) {
      return scimError(400, 'Only displayName, externalId or id with "eq" can be filtered.', "invalidFilter");
    }
    const page = scimPage(query);
    const filter = parsed
      ? { attribute: parsed.attribute as (typeof GROUP_FILTERS)[number], value: parsed.value }
      : null;
    const { rows, total } = await listScimGroups({ filter, ...page });
    const members = !/\bmembers\b/i.test(query.get("excludedAttributes") ?? "");
    return scimJson(
      scimList(
        rows.map((r) => toScimGroup(r, base, members)),
        total,
        page.startIndex,
      ),
    );
  },
  async POST({ request }, { base, tokenMaker }) {
    const body = await readScimJson(request, scimGroupBody);
    const result = await scimCreateGroup(body, tokenMaker);
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    const resource = toScimGroup(result.value, base);
    return scimJson(resource, 201, { Location: resource.meta.location });
  },
});
