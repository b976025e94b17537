/**
 * Thrown HTTP answers for loaders and actions (decision record 031).
 *
 * A loader or action that cannot go on throws a Response; Remix shows it
 * through the route's ErrorBoundary (or the root one) with its status and
 * text. These helpers are the one place that spells those throws, so every
 * page answers a missing or forbidden record the same way.
 *
 * Plain module (no ".server"): it only builds Response objects, which exist in
 * the browser too, so route modules can import it without a server-only split.
 */

/** Throws `body` with `init` (status 400 unless told) when `condition` is falsy. */
export function invariantResponse(
  condition: unknown,
  body: string = "Bad Request",
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) throw new Response(body, init);
}

/** A 404 answer: the record does not exist, or the reader may not know it does. */
export function notFound(message = "Not Found"): never {
  throw new Response(message, { status: 404 });
}

/** A 403 answer: the reader is signed in but may not do this. */
export function forbidden(message: string): never {
  throw new Response(message, { status: 403 });
}
