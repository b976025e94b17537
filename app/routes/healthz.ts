import { databaseAnswers } from "~/server/db.server";

/** Liveness for load balancers and the Docker HEALTHCHECK: answers 200 only if the database does. */
export async function loader() {
  if (await databaseAnswers()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json(
    { status: "error", database: "unreachable" },
    { status: 503, headers: { "Cache-Control": "no-store" } },
  );
}
