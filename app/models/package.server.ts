import { asc, eq } from "drizzle-orm";
import { packages, type Package } from "../../db/schema";
import { getDb } from "../utils/db.server";

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
  return db.select(PACKAGE_COLUMNS).from(packages).orderBy(asc(packages.priceCents), asc(packages.name), asc(packages.id));
}

/** One package by id, or null. The caller validates that the id is a uuid first. */
export async function getPackage(id: string): Promise<PackageSummary | null> {
  const db = await getDb();
  const [row] = await db.select(PACKAGE_COLUMNS).from(packages).where(eq(packages.id, id)).limit(1);
  return row ?? null;
}
