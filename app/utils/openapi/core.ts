import type { ZodOpenApiPathsObject } from "./common";

/** Events, tokens, reviews (read), notifications, role checks, packages (read). */
export const paths: ZodOpenApiPathsObject = {};
