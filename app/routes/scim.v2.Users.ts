import { readScimJson, scimError, scimJson, scimRoute } from "~/api/scim.server";
import { listScimUsers } from "~/models/scim.server";
import { parseScimFilter, scimList, scimPage, scimUserBody, toScimUser } from "~/schemas/scim";
import { scimCreateUser } from "~/services/scim.server";

const USER_FILTERS = ["username", "externalid", "id"] as const;

/** GET /scim/v2/Users (filter `userName eq "..."`, `externalId eq`, `id eq`; startIndex, count) and POST (decision 069). */
export const { loader, action } = scimRoute({
  async GET({ request }, { base }) {
    const query = new URL(request.url).searchParams;
    const raw = query.get("filter");
    const parsed = raw ? parseScimFilter(raw) : null;
    if (raw && (!parsed || !(USER_FILTERS as readonly string[]).includes(parsed.attribute))) {
      return scimError(400, 'Only userName, externalId or id with "eq" can be filtered.', "invalidFilter");
    }
    const page = scimPage(query);
    const filter = parsed
      ? { attribute: parsed.attribute as (typeof USER_FILTERS)[number], value: parsed.value }
      : null;
    const { rows, total } = await listScimUsers({ filter, ...page });
    return scimJson(
      scimList(
        rows.map((r) => toScimUser(r, base)),
        total,
        page.startIndex,
      ),
    );
  },
  async POST({ request }, { base }) {
    const body = await readScimJson(request, scimUserBody);
    const result = await scimCreateUser(body, new Date());
    if (!result.ok) return scimError(result.status, result.detail, result.scimType);
    const resource = toScimUser(result.value, base);
    return scimJson(resource, 201, { Location: resource.meta.location });
  },
});
