import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Role } from "./permissions";

/**
 * The role as it holds now: a lapsed professional reads as 'user'.
 */
export const effectiveRole = sql<Role>`(case when ${users.role} = 'professional' and ${users.professionalUntil} is not null and ${users.professionalUntil} <= now() then 'user' else ${users.role} end)`;
