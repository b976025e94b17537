import { parseWithZod as conformParse } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * The one way every form is parsed (lint forbids conform's own parseWithZod elsewhere): conform's
 * parseWithZod, except that a key which goes inside a scalar field ("title[0]", "title.a",
 * "location.type[0]") or indexes into an object ("location[0]") is invalid input. Conform would
 * turn it into a list or an object where the schema wants text, and the page rendering it again
 * met that value where it expects a string (decision 063). Such keys are left out of what the form
 * shows again, and the field gets NESTED_KEY_MESSAGE. Pure: it runs in the browser too.
 */

export const NESTED_KEY_MESSAGE = "Send this field once, as plain text.";

type Segment = string | number;

/** Conform's name syntax: `a.b[0].c` → ["a", "b", 0, "c"]; null for a name it would not read as a path. */
export function namePath(name: string): Segment[] | null {
  const path: Segment[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/g;
  let at = 0;
  for (let match = pattern.exec(name); match; match = pattern.exec(name)) {
    const separator = name.slice(at, match.index);
    if (separator !== "" && !(separator === "." && match[1] !== undefined && path.length > 0)) return null;
    path.push(match[1] !== undefined ? match[1] : Number(match[2]));
    at = pattern.lastIndex;
  }
  return at === name.length && path.length > 0 ? path : null;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
  "nonoptional",
  "success",
]);
const SCALARS = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "date",
  "enum",
  "literal",
  "nan",
  "null",
  "undefined",
  "template_literal",
  "file",
]);

/** What the schema holds at this point, through optional(), default(), pipes and lazy(). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else break;
  }
  return current;
}

/**
 * Where `path` leaves the schema's shape: the name of the scalar field it goes inside, or of the
 * object it indexes; null when it fits (or the schema cannot tell: unions, records, any).
 */
export function misfit(schema: z.ZodType, path: Segment[]): string | null {
  let node = unwrap(schema);
  for (let i = 0; i < path.length; i++) {
    const def = defOf(node);
    const segment = path[i];
    const here = () => formatName(path.slice(0, i));
    if (SCALARS.has(def.type)) return here();
    if (def.type === "object" && def.shape) {
      if (typeof segment === "number") return here();
      const next = def.shape[segment];
      if (!next) return null; // An unknown key: the schema strips it.
      node = unwrap(next);
    } else if (def.type === "array" && def.element) {
      if (typeof segment !== "number") return here();
      node = unwrap(def.element);
    } else {
      return null;
    }
  }
  return null;
}

function formatName(path: Segment[]): string {
  return path.reduce<string>((name, s) => (typeof s === "number" ? `${name}[${s}]` : name ? `${name}.${s}` : s), "");
}

type Options<Schema extends z.ZodType> = { schema: Schema };

/** conform's parseWithZod (synchronous, a schema object) with the nested-key rule above. */
export function parseWithZod<Schema extends z.ZodType>(payload: FormData | URLSearchParams, options: Options<Schema>) {
  const misfits = new Map<string, string>(); // field name -> message
  const kept = new FormData();
  for (const [name, value] of payload.entries()) {
    const path = name.startsWith("__") ? null : namePath(name);
    const field = path && path.length > 1 ? misfit(options.schema, path) : null;
    if (field !== null) misfits.set(field || "", NESTED_KEY_MESSAGE);
    else kept.append(name, value);
  }
  const submission = conformParse(kept, options);
  if (misfits.size === 0) return submission;
  // The same submission, with the misfits' messages beside the schema's own.
  const errors = { ...(submission.status === "error" ? submission.error : {}) } as Record<string, string[] | null>;
  for (const [field, message] of misfits) errors[field] = [message, ...(errors[field] ?? [])];
  const refused = z.any().superRefine((_, ctx) => {
    for (const [field, messages] of Object.entries(errors)) {
      const path = field === "" ? [] : (namePath(field) ?? [field]);
      for (const message of messages ?? []) ctx.addIssue({ code: "custom", path, message });
    }
  });
  return conformParse(kept, { schema: refused }) as unknown as typeof submission;
}
