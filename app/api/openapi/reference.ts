/**
 * Turns an OpenAPI 3.1 document into what the /api/docs page shows: operations grouped by
 * tag, each with its parameters, body fields and responses as flat, indented field rows.
 * Pure: it reads the document (JSON Schema inside) and nothing else.
 */

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  notes: string;
}

export interface ResponseView {
  status: string;
  description: string;
  fields: FieldRow[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  auth: "required" | "optional";
  parameters: FieldRow[];
  body: FieldRow[] | null;
  responses: ResponseView[];
}

export interface TagView {
  name: string;
  operations: OperationView[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const MAX_DEPTH = 4;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (#/components/schemas/Name). */
function resolve(doc: Json, schema: unknown): Json {
  if (!isObject(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let node: unknown = doc;
  for (const part of ref.slice(2).split("/")) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? { ...node, ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref")) } : {};
}

function typeOf(doc: Json, schema: Json): string {
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return variants.map((v) => typeOf(doc, resolve(doc, v))).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type as string | undefined);
  if (type === "array") return `${typeOf(doc, resolve(doc, schema.items))}[]`;
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  if (type === "object" && isObject(schema.additionalProperties) && !isObject(schema.properties)) {
    return `{ [key]: ${typeOf(doc, resolve(doc, schema.additionalProperties))} }`;
  }
  return type ?? "any";
}

function notesOf(schema: Json): string {
  const notes: string[] = [];
  if (typeof schema.description === "string") notes.push(schema.description);
  const bounds: Array<[string, string]> = [
    ["minLength", "at least {} characters"],
    ["maxLength", "at most {} characters"],
    ["minimum", "≥ {}"],
    ["maximum", "≤ {}"],
    ["minItems", "at least {} items"],
    ["maxItems", "at most {} items"],
  ];
  for (const [key, text] of bounds) {
    if (typeof schema[key] !== "number") continue;
    notes.push(key === "minLength" && schema[key] === 1 ? "not empty" : text.replace("{}", String(schema[key])));
  }
  if ("default" in schema) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) notes.push(`e.g. ${JSON.stringify(schema.example)}`);
  return notes.join("; ");
}

/** The rows of an object's fields (and of objects nested inside them, indented). */
export function fieldRows(doc: Json, input: unknown, depth = 0): FieldRow[] {
  let schema = resolve(doc, input);
  if (schema.type === "array") schema = resolve(doc, schema.items);
  const properties = schema.properties;
  if (!isObject(properties) || depth > MAX_DEPTH) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows: FieldRow[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const field = resolve(doc, raw);
    rows.push({ name, depth, type: typeOf(doc, field), required: required.has(name), notes: notesOf(field) });
    rows.push(...fieldRows(doc, field, depth + 1));
  }
  return rows;
}

function jsonSchemaOf(content: unknown): unknown {
  return isObject(content) && isObject(content["application/json"]) ? content["application/json"].schema : undefined;
}

export function describeOperations(doc: Json): TagView[] {
  const tags = new Map<string, OperationView[]>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((raw) => {
        const p = resolve(doc, raw);
        const schema = resolve(doc, p.schema);
        return {
          name: `${String(p.name)} (${String(p.in)})`,
          depth: 0,
          type: typeOf(doc, schema),
          required: p.required === true,
          notes: [
            typeof p.description === "string" ? p.description : "",
            notesOf({ ...schema, description: undefined }),
          ]
            .filter(Boolean)
            .join("; "),
        };
      });
      const requestBody = isObject(op.requestBody) ? op.requestBody : null;
      const responses = Object.entries(isObject(op.responses) ? op.responses : {}).map(([status, raw]) => {
        const r = resolve(doc, raw);
        return {
          status,
          description: typeof r.description === "string" ? r.description : "",
          fields: fieldRows(doc, jsonSchemaOf(r.content)),
        };
      });
      const security = Array.isArray(op.security) ? op.security : [];
      const view: OperationView = {
        id: typeof op.operationId === "string" ? op.operationId : `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === "string" ? op.summary : "",
        auth: security.some((s) => isObject(s) && Object.keys(s).length === 0) ? "optional" : "required",
        parameters,
        body: requestBody ? fieldRows(doc, jsonSchemaOf(requestBody.content)) : null,
        responses,
      };
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === "string" ? op.tags[0] : "Other";
      tags.set(tag, [...(tags.get(tag) ?? []), view]);
    }
  }
  return [...tags].map(([name, operations]) => ({ name, operations }));
}
