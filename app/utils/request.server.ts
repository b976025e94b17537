const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads a form post, answering what a client got wrong with a 4xx instead of a 500:
 * 405 for another method, 415 for another body type, 400 for a body that does not parse.
 */
export async function readFormData(request: Request): Promise<FormData> {
  requirePost(request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new Response("Send the form as application/x-www-form-urlencoded or multipart/form-data.", { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}

export function requirePost(request: Request): void {
  if (request.method !== "POST") {
    throw new Response("Method not allowed.", { status: 405, headers: { Allow: "POST" } });
  }
}
