import { apiRoute } from "~/api/api-route.server";
import { openApiDocument } from "~/api/openapi/document.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas. */
async function GET() {
  return Response.json(await openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const { loader, action } = apiRoute({ GET });
