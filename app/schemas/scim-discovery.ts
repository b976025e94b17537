import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA, scimList } from "./scim";

/**
 * SCIM discovery (RFC 7644 §4, RFC 7643 §6-7): the resource types and the attributes of their
 * schemas as this service reads and answers them (decision 069). Identity providers read these to
 * map their directory's fields; only what the Users and Groups paths handle is listed.
 */

export const SCIM_RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCIM_SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

type Attribute = {
  name: string;
  type: "string" | "boolean" | "complex" | "reference";
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: "readOnly" | "readWrite" | "immutable" | "writeOnly";
  returned: "always" | "default" | "never" | "request";
  uniqueness: "none" | "server" | "global";
  description: string;
  subAttributes?: Attribute[];
  referenceTypes?: string[];
};

const attribute = (name: string, description: string, extra: Partial<Attribute> = {}): Attribute => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  description,
  ...extra,
});

const externalId = attribute("externalId", "The identity provider's own id of the resource.", { caseExact: true });

const USER_ATTRIBUTES: Attribute[] = [
  attribute("userName", "The person's e-mail address, which is also the account's sign-in.", {
    required: true,
    uniqueness: "server",
  }),
  attribute("name", "The person's name; formatted, else given and family names, becomes the account's name.", {
    type: "complex",
    subAttributes: [
      attribute("formatted", "The full name."),
      attribute("givenName", "The given name."),
      attribute("familyName", "The family name."),
    ],
  }),
  attribute("displayName", "The name shown when no name is given."),
  attribute("emails", "The account's e-mail address (read only: userName sets it).", {
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    subAttributes: [
      attribute("value", "The address.", { mutability: "readOnly" }),
      attribute("type", "work.", { mutability: "readOnly" }),
      attribute("primary", "Always true.", { type: "boolean", mutability: "readOnly" }),
    ],
  }),
  attribute("active", "false deactivates the account: its sessions and tokens end, its booking pages close.", {
    type: "boolean",
  }),
  externalId,
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute("displayName", "The team's name.", { required: true }),
  attribute("members", "The team's members; new members join with the member role.", {
    type: "complex",
    multiValued: true,
    subAttributes: [
      attribute("value", "The member's user id.", { mutability: "immutable", caseExact: true }),
      attribute("$ref", "The member's User resource.", {
        type: "reference",
        mutability: "immutable",
        referenceTypes: ["User"],
      }),
      attribute("display", "The member's name.", { mutability: "readOnly" }),
    ],
  }),
  externalId,
];

/** GET /scim/v2/ResourceTypes: Users and Groups. */
export function scimResourceTypes(base: string) {
  const type = (id: "User" | "Group", endpoint: string, schema: string, description: string) => ({
    schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
    id,
    name: id,
    endpoint,
    description,
    schema,
    meta: { resourceType: "ResourceType", location: `${base}/scim/v2/ResourceTypes/${id}` },
  });
  const types = [
    type("User", "/Users", SCIM_USER_SCHEMA, "A person's account."),
    type("Group", "/Groups", SCIM_GROUP_SCHEMA, "A team."),
  ];
  return scimList(types, types.length, 1);
}

/** GET /scim/v2/Schemas: the User and Group schemas with the attributes this service handles. */
export function scimSchemas(base: string) {
  const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [SCIM_SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: "Schema", location: `${base}/scim/v2/Schemas/${id}` },
  });
  const schemas = [
    schema(SCIM_USER_SCHEMA, "User", "A person's account.", USER_ATTRIBUTES),
    schema(SCIM_GROUP_SCHEMA, "Group", "A team.", GROUP_ATTRIBUTES),
  ];
  return scimList(schemas, schemas.length, 1);
}
