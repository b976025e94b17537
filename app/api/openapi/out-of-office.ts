import { z } from "zod";
import { outOfOfficeBody, outOfOfficeSchema } from "~/schemas/out-of-office";
import { body, errors, idParam, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Out of office (decision 061): a host's absences. During one no slot is offered in any of the
 * host's event types (one-to-one, group, collective, round robin, which passes them by), a
 * booking into it is refused like a taken slot (409), and the host's booking pages say they are
 * away, linking to the teammate when one is set.
 */

export const paths: ZodOpenApiPathsObject = {
  "/api/out-of-office": {
    get: {
      operationId: "listOutOfOffice",
      summary: "The caller's absences that are not over yet, the current and next first.",
      tags: ["Out of office"],
      security: signedIn,
      responses: { "200": json("The absences.", z.array(outOfOfficeSchema)), ...errors(401) },
    },
    post: {
      operationId: "createOutOfOffice",
      summary:
        "Adds an absence from start to end (end not included). The end must be after the start and in the future, both within two years from now; a start in the past is fine. redirectToUserId must share a team with the caller and not be the caller (400 invalid_input otherwise). Absences may overlap. At most 50 not over yet (409 too_many_absences).",
      tags: ["Out of office"],
      security: signedIn,
      requestBody: body(outOfOfficeBody),
      responses: {
        "201": json("The absence.", outOfOfficeSchema),
        ...errors(400, 401, 409, 413, 415),
      },
    },
  },
  "/api/out-of-office/{id}": {
    get: {
      operationId: "getOutOfOffice",
      summary: "One of the caller's absences; anyone else's is 404.",
      tags: ["Out of office"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The absence.", outOfOfficeSchema), ...errors(401, 404) },
    },
    delete: {
      operationId: "deleteOutOfOffice",
      summary: "Deletes one of the caller's absences: its time can be booked again. Anyone else's is 404.",
      tags: ["Out of office"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
};
