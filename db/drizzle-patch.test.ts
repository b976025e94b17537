import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { and, Column, entityKind, eq, gt, inArray, is, Name, Param, Placeholder, SQL, sql, StringChunk, Subquery, Table, View } from "drizzle-orm";
import { alias, integer, PgColumn, PgDialect, PgInteger, pgTable, PgTable, PgText, PgTimestamp, PgUUID, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { describe, expect, it } from "vitest";

/**
 * drizzle-orm's `is()` remembers its answers per prototype and class (scripts/patch-drizzle.mjs,
 * docs/decisions/051). It must answer exactly as drizzle's own algorithm, below, for every value
 * and class, the first time and every time after.
 */
function original(value: unknown, type: { name?: string; [entityKind]?: unknown; prototype: unknown }): boolean {
  if (!value || typeof value !== "object") return false;
  if (value instanceof (type as unknown as new () => unknown)) return true;
  if (!Object.prototype.hasOwnProperty.call(type, entityKind)) {
    throw new Error(
      `Class "${type.name ?? "<unknown>"}" doesn't look like a Drizzle entity. If this is incorrect and the class is provided by Drizzle, please report this as a bug.`,
    );
  }
  let cls = Object.getPrototypeOf(value).constructor;
  while (cls) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
    cls = Object.getPrototypeOf(cls);
  }
  return false;
}

const outcome = (run: () => boolean) => {
  try {
    return { answer: run() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
};

const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve("drizzle-orm")));

describe("drizzle-orm's is(), remembering its answers", () => {
  it("is installed in the ES and the CommonJS build", () => {
    for (const name of ["entity.js", "entity.cjs"]) {
      expect(fs.readFileSync(path.join(root, name), "utf8"), `${name}: run \`node scripts/patch-drizzle.mjs\``).toContain(
        "scheduler: is() remembers its answers",
      );
    }
  });

  const people = pgTable("people", { id: uuid("id").primaryKey(), name: text("name"), age: integer("age"), seen: timestamp("seen") });
  const others = alias(people, "others");
  const db = drizzle.mock();
  const sub = db.select({ id: people.id }).from(people).as("sub");
  // Drizzle's own values (columns, tables, an aliased table and column, which are proxies, SQL,
  // its chunks and parameters) and everything else a statement's pieces can be.
  const values: unknown[] = [
    people,
    people.id,
    people.name,
    people.age,
    people.seen,
    others,
    others.id,
    sql`now()`,
    sql.raw("1"),
    sql`x`.as("x"),
    new StringChunk("a"),
    new Name("n"),
    new Param(1),
    sql.placeholder("p"),
    sub,
    sub.id,
    new PgDialect().sqlToQuery(sql`select ${people.id} from ${people}`),
    {},
    [],
    [1, 2],
    new Date(0),
    new Map(),
    Buffer.from("x"),
    Object.create(null),
    Object.create(people.id),
    "text",
    7,
    null,
    undefined,
    () => 1,
  ];
  class NotDrizzle {}
  const classes = [
    Column,
    PgColumn,
    PgText,
    PgUUID,
    PgInteger,
    PgTimestamp,
    Table,
    PgTable,
    SQL,
    SQL.Aliased,
    StringChunk,
    Name,
    Param,
    Placeholder,
    View,
    Subquery,
    NotDrizzle,
  ];

  it("answers as drizzle's own algorithm for every value and class, in any order, every time", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(values.length - 1), fc.nat(classes.length - 1)), { minLength: 1, maxLength: 60 }), (calls) => {
        for (const [v, c] of calls) {
          const type = classes[c] as unknown as Parameters<typeof original>[1];
          expect(
            outcome(() => is(values[v], classes[c] as never)),
            `is(values[${v}], ${classes[c].name})`,
          ).toEqual(outcome(() => original(values[v], type)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("answers the CommonJS build's callers alike", () => {
    const cjs = createRequire(import.meta.url)(path.join(root, "entity.cjs")) as { is: typeof is };
    for (const value of values)
      for (const type of classes) {
        expect(outcome(() => cjs.is(value, type as never))).toEqual(outcome(() => original(value, type as unknown as Parameters<typeof original>[1])));
        expect(outcome(() => cjs.is(value, type as never))).toEqual(outcome(() => original(value, type as unknown as Parameters<typeof original>[1])));
      }
  });

  it("still builds the statements drizzle built", () => {
    const query = db
      .select({ name: others.name, seen: people.seen, n: sql<number>`count(*)`.as("n") })
      .from(people)
      .innerJoin(others, eq(others.id, people.id))
      .where(and(gt(people.age, 41), inArray(people.name, ["a", "b"])))
      .groupBy(others.name, people.seen)
      .toSQL();
    expect(query).toEqual({
      sql:
        'select "others"."name", "people"."seen", count(*) as "n" from "people" inner join "people" "others" on "others"."id" = "people"."id" ' +
        'where ("people"."age" > $1 and "people"."name" in ($2, $3)) group by "others"."name", "people"."seen"',
      params: [41, "a", "b"],
    });
  });
});
