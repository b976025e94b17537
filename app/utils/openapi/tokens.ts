import type { ZodOpenApiPathsObject } from "./common";

/** The OpenAPI description of this group's JSON paths (filled in with the routes). */
export const paths: ZodOpenApiPathsObject = {};
