import { apiRoute } from "~/api/api-route.server";
import { openApiDocument } from "~/api/openapi/document.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas. */
function GET() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const { loader, action } = apiRoute({ GET });
