import { asc, eq, sql } from "drizzle-orm";
import { packages, type Package } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import type { PackageInput } from "~/schemas/package-form";
import { isUniqueViolation } from "./user.server";

const PACKAGE_COLUMNS = {
  id: packages.id,
  name: packages.name,
  priceCents: packages.priceCents,
  accessType: packages.accessType,
  activeEvent: packages.activeEvent,
  calender: packages.calender,
  goupEvent: packages.goupEvent,
  notificationStatus: packages.notificationStatus,
  oneToOne: packages.oneToOne,
};

/** A package as the pages show it (every column but the timestamps). */
export type PackageSummary = Omit<Package, "createdAt" | "updatedAt">;

/** Every package, cheapest first (ties by name, so the order is stable). */
export async function listPackages(): Promise<PackageSummary[]> {
  const db = await getDb();
  return db
    .select(PACKAGE_COLUMNS)
    .from(packages)
    .orderBy(asc(packages.priceCents), asc(packages.name), asc(packages.id));
}

/** One package by id, or null. The caller validates that the id is a uuid first. */
export async function getPackage(id: string): Promise<PackageSummary | null> {
  const db = await getDb();
  const [row] = await db.select(PACKAGE_COLUMNS).from(packages).where(eq(packages.id, id)).limit(1);
  return row ?? null;
}

/** One package by name, whatever its case (names are unique case-insensitively), or null. */
export async function getPackageByName(name: string): Promise<PackageSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select(PACKAGE_COLUMNS)
    .from(packages)
    .where(sql`lower(${packages.name}) = lower(${name.trim()})`)
    .limit(1);
  return row ?? null;
}

/** The unique index on lower(name): two packages may not differ only in case. */
const NAME_KEY = "packages_name_lower_key";

export type PackageWrite = { ok: true; id: string } | { ok: false; reason: "name-taken" | "not-found" };

/** Adds a package; a name already taken (in any case, also by a simultaneous create) is refused by the index. */
export async function createPackage(input: PackageInput): Promise<PackageWrite> {
  const db = await getDb();
  try {
    const [row] = await db.insert(packages).values(input).returning({ id: packages.id });
    invalidatePublicPages([publicPageTag.pricing]);
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

export async function updatePackage(id: string, input: PackageInput): Promise<PackageWrite> {
  const db = await getDb();
  try {
    const [row] = await db.update(packages).set(input).where(eq(packages.id, id)).returning({ id: packages.id });
    if (row) invalidatePublicPages([publicPageTag.pricing]);
    return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

/**
 * Deletes a package. Professional records that bought it keep their row and the package's
 * name (`pack`); their package_id becomes null (ON DELETE SET NULL).
 */
export async function deletePackage(id: string): Promise<{ name: string } | null> {
  const db = await getDb();
  const [row] = await db.delete(packages).where(eq(packages.id, id)).returning({ name: packages.name });
  if (row) invalidatePublicPages([publicPageTag.pricing]);
  return row ?? null;
}
