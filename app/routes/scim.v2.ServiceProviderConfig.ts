import { scimJson, scimRoute } from "~/api/scim.server";
import { SCIM_SPC_SCHEMA } from "~/schemas/scim";

/** GET /scim/v2/ServiceProviderConfig (RFC 7643 §5): what this SCIM service does (decision 069). */
export const { loader, action } = scimRoute({
  async GET(_args, { base }) {
    return scimJson({
      schemas: [SCIM_SPC_SCHEMA],
      documentationUri: `${base}/api/docs`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: "oauthbearertoken",
          name: "Bearer token",
          description: "The token an admin makes on /dashboard/provisioning (shown once).",
          primary: true,
        },
      ],
      meta: { resourceType: "ServiceProviderConfig", location: `${base}/scim/v2/ServiceProviderConfig` },
    });
  },
});
