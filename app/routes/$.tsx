import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/error-boundary";
import { notFound } from "~/utils/responses";

export const meta: MetaFunction = () => [{ title: "Page not found | Scheduler" }];

/** Any path no other route claims: a real 404 status with the not-found page. */
export async function loader() {
  notFound();
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
