import type { Package } from "../../db/schema";

/** A package in the spec's field names: price is 'Free' or a number of dollars per month. */
export function packageJson(pkg: Omit<Package, "createdAt" | "updatedAt">) {
  return {
    _id: pkg.id,
    name: pkg.name,
    price: pkg.priceCents === 0 ? "Free" : pkg.priceCents / 100,
    accessType: pkg.accessType,
    activeEvent: pkg.activeEvent,
    calender: pkg.calender,
    goupEvent: pkg.goupEvent,
    notificationStatus: pkg.notificationStatus,
    oneToOne: pkg.oneToOne,
  };
}
